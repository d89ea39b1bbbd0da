"""Results told from the viewer's side, in the viewer's language.

A player of the game reads "You won", "You lost", "Draw" or "You finished 3rd
of 6"; a spectator, or someone playing several seats on one screen, reads
"Black won" or "Draw between red and blue". How the game ended follows
("Black resigned.", "Draw by agreement."). The places are the engine's
(:meth:`Game.placings`, kept in the match's standing); nothing here ranks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from samtempa.games.base import Outcome, Termination
from samtempa.i18n import sentence

Gettext = Callable[..., str]


def ordinal(_: Gettext, n: int) -> str:
    """1st, 2nd, 3rd, 4th… (a game has at most eight players)."""
    if n == 1:
        return _("1st")
    if n == 2:
        return _("2nd")
    if n == 3:
        return _("3rd")
    return _("%(n)sth", n=n)


def place_of(places: Sequence[Sequence[str]], player: str) -> int | None:
    """``player``'s place from 1, players sharing a place sharing its number (1, 2, 2, 4)."""
    ahead = 0
    for place in places:
        if player in place:
            return ahead + 1
        ahead += len(place)
    return None


def _names(_: Gettext, players: Sequence[str]) -> str:
    return ", ".join(_(p) for p in players)


def ended_how(_: Gettext, outcome: Outcome, players: Sequence[str], me: str | None) -> str:
    """The way a game ended by its players, in a sentence (empty: by its rules)."""
    if outcome.termination is Termination.AGREEMENT:
        return _("Draw by agreement.")
    if outcome.termination is Termination.RESIGNATION:
        losers = [p for p in players if p != outcome.winner]
        if me is not None and me in losers:
            return _("You resigned.")
        if len(losers) == 1:
            return sentence(_("%(player)s resigned.", player=_(losers[0])))
    return ""


def verdict(
    _: Gettext,
    status: str,
    result: dict[str, Any] | None,
    places: Sequence[Sequence[str]] | None,
    players: Sequence[str],
    mine: Sequence[str],
) -> str | None:
    """The result sentence for a viewer holding the seats ``mine`` (None: still playing)."""
    if status == "aborted":
        return _("This game was aborted before its first turn was revealed: no result, no rating.")
    if status == "abandoned":
        return _("This game was abandoned: nobody was playing it. No result, no rating.")
    if status != "finished" or result is None:
        return None
    outcome = Outcome.from_json(result)
    me = mine[0] if len(mine) == 1 else None
    if me is None:
        if outcome.winner is not None:
            text = sentence(_("%(player)s won.", player=_(outcome.winner)))
        elif outcome.termination is Termination.AGREEMENT:
            text = ""
        else:
            text = _("Draw between %(players)s.", players=_names(_, outcome.draw))
    elif outcome.winner == me:
        text = _("You won.")
    elif me in outcome.draw:
        text = "" if outcome.termination is Termination.AGREEMENT else _("Draw.")
    elif len(players) == 2 or not places:
        text = _("You lost.")
    else:
        place = place_of(places, me) or len(players)
        text = _("You finished %(place)s of %(n)s.", place=ordinal(_, place), n=len(players))
    how = ended_how(_, outcome, players, me)
    return " ".join(t for t in (text, how) if t)


def short_result(
    _: Gettext,
    status: str,
    result: dict[str, Any] | None,
    places: Sequence[Sequence[str]] | None,
    players: Sequence[str],
    player: str,
) -> str:
    """One player's result in a word or two, for lists (a profile's games)."""
    if status == "finished" and result is not None:
        outcome = Outcome.from_json(result)
        if outcome.winner == player:
            return _("won")
        if player in outcome.draw:
            return _("draw")
        if len(players) == 2 or not places:
            return _("lost")
        place = place_of(places, player) or len(players)
        return _("%(place)s of %(n)s", place=ordinal(_, place), n=len(players))
    return {
        "open": _("waiting for players"),
        "playing": _("being played"),
        "aborted": _("aborted"),
        "abandoned": _("abandoned"),
    }.get(status, status)
