"""A result said to everyone (the match's log, a mail) or to one viewer (the verdict the
play page's status line repeats) is a sentence: it starts with a capital in every
language, though the players' names are lower case in the catalogues."""

from __future__ import annotations

import pytest

from samtempa.server.core.i18n import Catalogs
from samtempa.server.models_correspondence import MatchEvent
from samtempa.server.services.events import event_line
from samtempa.server.services.notices import result_text
from samtempa.server.services.verdicts import verdict

CATALOGS = Catalogs()
WON = {"winner": "black"}


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
def test_the_log_says_the_game_is_over_then_the_result_with_a_capital(lang: str) -> None:
    _ = CATALOGS.gettext(lang)
    said = result_text({"winner": "black"}, _)
    assert said[:1].isupper(), said
    assert said.lower() == _("%(player)s wins.", player=_("black")).lower()
    line = event_line(MatchEvent(kind="game-ended", data={"result": {"winner": "white"}}), _)
    assert line == _("The game is over.") + " " + result_text({"winner": "white"}, _)
    assert line.split(" ", 1)[0][:1].isupper()


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
def test_a_spectator_s_verdict_starts_with_a_capital(lang: str) -> None:
    _ = CATALOGS.gettext(lang)
    told = verdict(_, "finished", WON, None, ["black", "white"], [])
    assert told
    assert told[:1].isupper(), told
    assert verdict(_, "finished", WON, None, ["black", "white"], ["black"]) == _("You won.")
