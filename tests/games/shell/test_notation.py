"""Canonical JSON (WTS-7.2): what a complete and consistent state is, and picks as text."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from samtempa.games.base import StateError
from samtempa.games.shell.notation import from_json, normalise_pick, parse_pick, to_json
from tests.games.shell.util import position

GOOD = to_json(position(["BBBBB", "", "", "", "....O", "", "", "", "WWWWW"], eggs=["E5"]))


def test_good_state_reads_back() -> None:
    assert to_json(from_json(GOOD)) == GOOD


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "why"),
    [
        (["turn"], KeyError, "lacks turn"),
        (["extra"], 1, "unknown keys"),
        (["game"], "snake-synapse", "not what-the-shell"),
        (["board", 0], "BBBBB...", "nine characters"),
        (["board", 1], "....X....", "nine characters"),
        (["eggs"], [], "exactly the O cells"),
        (["eggs"], ["E5", "E5"], "exactly the O cells"),
        (["eggs"], ["J5"], "not a cell"),
        (["turn"], -1, "whole number"),
        (["turn"], True, "whole number"),
        (["turn"], 1_000_001, "from 0 to 1,000,000"),  # conformance.md: no game reaches it
        (["turn"], 10**400, "from 0 to 1,000,000"),
        (["eggs"], [["E5"]], "list of cell names"),
        (["winning_turtles"], [], "winning_turtles must be"),
        (["phase"], "normal", "disagrees"),
        (["phase"], "overtime", "phase must be"),
        (["result"], "black", "disagrees"),
        (["result"], "draw", "full board"),
        (["winning_turtles", "black"], 4, "disagree with the board"),
        (["winning_turtles"], {"black": 5}, "winning_turtles must be"),
    ],
)
def test_wts_7_2_inconsistent_states_are_refused_with_a_reason(
    path: list[Any], value: Any, why: str
) -> None:
    with pytest.raises(StateError, match=why):
        from_json(_with(path, value))


def test_wts_7_2_a_decided_game_keeps_its_phase() -> None:
    won = _with(["board", 0], "BBBBBB...")
    won["winning_turtles"] = {"black": 6, "white": 5}
    won["result"] = "black"
    assert from_json(won).result == "black"


@pytest.mark.parametrize(("text", "canonical"), [("e5", "E5"), (" E05 ", "E5"), ("i9", "I9")])
def test_user_interfaces_normalise_picks(text: str, canonical: str) -> None:
    assert normalise_pick(text) == canonical
    assert parse_pick(normalise_pick(text)) == parse_pick(canonical)


def test_normalising_leaves_nonsense_for_the_parser_to_refuse() -> None:
    assert normalise_pick("hello") == "hello"
