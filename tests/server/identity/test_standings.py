"""Standings and ratings: counted once per finished game, between accounts only; words
told from each viewer's side."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest
from sqlalchemy import delete, select

from samtempa.server.app import Services
from samtempa.server.core.i18n import Catalogs
from samtempa.server.models_identity import MatchStanding, Rating, RatingChange
from samtempa.server.services.matches import Actor
from samtempa.server.services.panel import panel_tx
from samtempa.server.services.verdicts import ordinal, place_of, short_result, verdict

from .conftest import join, make_user, new_match, seal

_ids = itertools.count()
BLACK_LINE = ["A1", "A2", "A3", "A4", "A5"]
WHITE_MOVES = ["I1", "I3", "I5", "I7", "I9"]


def en(message: str, **values: Any) -> str:
    return message % values if values else message


def accounts(services: Services, n: int) -> list[Actor]:
    out = []
    for _ in range(n):
        i = next(_ids)
        out.append(Actor(make_user(services, f"rated{i}x").id, f"s{i}"))
    return out


def count(services: Services, match_id: str) -> None:
    asyncio.run(services.controls.count(match_id))


def ratings(services: Services, game: str) -> dict[int, Rating]:
    with services.db.read() as session:
        rows = session.scalars(select(Rating).where(Rating.game == game))
        return {r.user_id: r for r in rows}


def black_wins(services: Services, match_id: str, black: Actor, white: Actor) -> None:
    for b, w in zip(BLACK_LINE, WHITE_MOVES, strict=True):
        seal(services, match_id, black, "black", b)
        seal(services, match_id, white, "white", w)


def test_a_game_between_accounts_moves_both_ratings_once(services: Services) -> None:
    alice, bob = accounts(services, 2)
    match_id, _ = new_match(services, alice, ["me", "open"])
    join(services, bob, match_id)
    black_wins(services, match_id, alice, bob)
    count(services, match_id)
    first = ratings(services, "what-the-shell")
    assert first[alice.user_id].mu > 25 > first[bob.user_id].mu  # type: ignore[index]
    assert first[alice.user_id].games == 1  # type: ignore[index]
    count(services, match_id)  # again: nothing moves
    second = ratings(services, "what-the-shell")
    assert second[alice.user_id].mu == first[alice.user_id].mu  # type: ignore[index]
    with services.db.read() as session:
        changes = list(session.scalars(select(RatingChange).order_by(RatingChange.place)))
        standing = session.get(MatchStanding, match_id)
    assert [(c.user_id, c.place, c.of) for c in changes] == [
        (alice.user_id, 1, 2),
        (bob.user_id, 2, 2),
    ]
    assert standing is not None
    assert standing.rated
    assert standing.places == [["black"], ["white"]]


@pytest.mark.parametrize("seats", [["me", "bot:easy"], ["me", "local"]])
def test_games_against_the_computer_or_on_one_screen_are_not_rated(
    services: Services, seats: list[str]
) -> None:
    (alice,) = accounts(services, 1)
    match_id, _ = new_match(services, alice, seats)
    black_wins(services, match_id, alice, alice if seats[1] == "local" else Actor(bot=True))
    count(services, match_id)
    with services.db.read() as session:
        standing = session.get(MatchStanding, match_id)
    assert standing is not None
    assert not standing.rated
    assert ratings(services, "what-the-shell") == {}


def test_snake_synapse_rates_every_account_by_its_place(services: Services) -> None:
    ana, bo, cy = accounts(services, 3)
    match_id, _ = new_match(services, ana, ["me", "open", "open"], "snake-synapse")
    join(services, bo, match_id)
    join(services, cy, match_id)
    # Red (ana) resigns, green (cy) hits the wall, blue (bo) is left: blue, green, red.
    asyncio.run(services.controls.act(match_id, ana, "resign", None, 1))
    seal(services, match_id, bo, "blue", {"path": "DDDDD"})
    reveal = seal(services, match_id, cy, "green", {"path": "UUUUU"}).revealed
    assert reveal.result == {"winner": "blue"}
    count(services, match_id)
    rows = ratings(services, "snake-synapse")
    assert rows[bo.user_id].mu > rows[cy.user_id].mu > rows[ana.user_id].mu  # type: ignore[index]
    with services.db.read() as session:
        said = {a.user_id: panel_tx(session, match_id, a, en).verdict for a in (ana, bo, cy)}
        spectator = panel_tx(session, match_id, Actor(None, "nobody"), en).verdict
    assert said[bo.user_id] == "You won."
    assert said[cy.user_id] == "You finished 2nd of 3."
    assert said[ana.user_id] == "You finished 3rd of 3."
    assert spectator == "Blue won."


def test_the_sweep_counts_a_finished_game_left_uncounted(services: Services) -> None:
    alice, bob = accounts(services, 2)
    match_id, _ = new_match(services, alice, ["me", "open"])
    join(services, bob, match_id)
    black_wins(services, match_id, alice, bob)  # finished through submit_tx: nobody counted it
    with services.db.write() as session:
        session.execute(delete(MatchStanding))
    asyncio.run(services.controls.sweep())
    assert ratings(services, "what-the-shell")[alice.user_id].games == 1  # type: ignore[index]


# --- the words -------------------------------------------------------------------------------


def test_results_from_each_viewers_side() -> None:
    two = ["black", "white"]
    won = {"winner": "black"}
    assert verdict(en, "finished", won, [["black"], ["white"]], two, ["black"]) == "You won."
    assert verdict(en, "finished", won, [["black"], ["white"]], two, ["white"]) == "You lost."
    assert verdict(en, "finished", won, [["black"], ["white"]], two, []) == "Black won."
    assert verdict(en, "finished", won, None, two, ["black", "white"]) == "Black won."
    draw = {"draw": two}
    assert verdict(en, "finished", draw, [two], two, ["white"]) == "Draw."
    assert verdict(en, "finished", draw, [two], two, []) == "Draw between black, white."
    resigned = {"winner": "white", "termination": "resignation"}
    assert verdict(en, "finished", resigned, None, two, ["white"]) == "You won. Black resigned."
    assert verdict(en, "finished", resigned, None, two, ["black"]) == "You lost. You resigned."
    assert verdict(en, "finished", resigned, None, two, []) == "White won. Black resigned."
    agreed = {"draw": two, "termination": "agreement"}
    assert verdict(en, "finished", agreed, [two], two, ["black"]) == "Draw by agreement."
    six = ["red", "blue", "green", "yellow", "purple", "cyan"]
    places = [["blue"], ["red", "green"], ["cyan"], ["yellow"], ["purple"]]
    assert verdict(en, "finished", {"winner": "blue"}, places, six, ["cyan"]) == (
        "You finished 4th of 6."
    )
    assert verdict(en, "finished", {"winner": "blue"}, places, six, ["green"]) == (
        "You finished 2nd of 6."
    )
    assert verdict(en, "playing", None, None, two, ["black"]) is None
    assert "aborted" in (verdict(en, "aborted", None, None, two, ["black"]) or "")
    assert short_result(en, "finished", {"winner": "blue"}, places, six, "yellow") == "5th of 6"
    assert short_result(en, "finished", won, None, two, "white") == "lost"
    assert place_of(places, "cyan") == 4


@pytest.mark.parametrize(
    ("locale", "won", "third"),
    [("fr", "Vous avez gagné.", "3e"), ("eo", "Vi venkis.", "3-a")],
)
def test_the_words_are_translated(locale: str, won: str, third: str) -> None:
    _ = Catalogs().gettext(locale)
    two = ["black", "white"]
    assert verdict(_, "finished", {"winner": "white"}, None, two, ["white"]) == won
    assert ordinal(_, 3) == third
    spectator = verdict(_, "finished", {"winner": "white"}, None, two, [])
    assert spectator is not None
    assert "white" not in spectator
    assert spectator[0].isupper()
