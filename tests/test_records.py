"""Game records: every public case round-trips, games replay, corrupt records name the turn."""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from random import Random
from typing import Any

import pytest

import samtempa.records
from samtempa.adjudicate import load_case, run_case
from samtempa.cli import main as cli
from samtempa.games.base import OrderError
from samtempa.records import (
    Player,
    Record,
    RecordError,
    new_record,
    record_from_case,
    state_digest,
)
from samtempa.replay import replay_main

CASES = Path(__file__).parent / "conformance" / "cases"
SHELL_CASES = sorted((CASES / "what-the-shell").glob("*.json"))
SNAKE_CASES = sorted((CASES / "snake-synapse").rglob("*.json"))


def expected_state(case: dict[str, Any]) -> dict[str, Any]:
    """What ``samtempa adjudicate`` prints: the final state, or the state before a rejected turn."""
    status, out = run_case(case)
    return out if status == 0 else out["state"]


def round_trip(path: Path) -> None:
    case = load_case(path)
    record = record_from_case(case)
    again = Record.from_json(json.loads(record.dumps()))
    assert again.to_json() == record.to_json()
    final = again.check()
    assert again.engine.to_json(final) == expected_state(case)
    if "expect_error" in case:  # the record keeps the turns before the rejected one
        assert len(again.turns) == case["expect_error"]["turn"] - 1
    else:
        assert len(again.turns) == len(case["turns"])


@pytest.mark.parametrize("path", SHELL_CASES, ids=lambda p: p.name)
def test_shell_case_round_trips(path: Path) -> None:
    round_trip(path)


@pytest.mark.parametrize("path", SNAKE_CASES, ids=lambda p: p.relative_to(CASES).as_posix())
def test_snake_case_round_trips(path: Path) -> None:
    round_trip(path)


def random_shell_record(seed: int, turns: int | None = None) -> Record:
    """A seeded random What the Shell game, written as the arena writes one."""
    rng = Random(seed)
    record = new_record("what-the-shell", players=[Player("black", "Ana"), Player("white", "Bo")])
    game = record.engine
    while record.result is None and (turns is None or len(record.turns) < turns):
        state = record.final_state()
        orders = {
            p: game.orders_to_json(state, p, game.random_orders(state, p, rng))
            for p in game.players(state)
        }
        record.append_orders(orders)
    return record


def test_whole_game_replays_to_its_result(tmp_path: Path) -> None:
    record = random_shell_record(3)
    assert record.result is not None
    assert record.finished is not None
    path = tmp_path / "game.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded.players == [Player("black", "Ana"), Player("white", "Bo")]
    final = loaded.check()
    assert loaded.engine.to_json(final) == loaded.engine.to_json(record.final_state())
    states = loaded.states()
    assert len(states) == len(loaded.turns) + 1
    assert [s.turn for s in states] == list(range(len(loaded.turns) + 1))
    assert loaded.state_at(-1) == final
    assert loaded.turn_at(-1).number == len(loaded.turns)


def test_append_rejects_a_bad_turn_and_keeps_the_record() -> None:
    record = random_shell_record(5, turns=3)
    before = record.to_json()
    occupied = next(
        name for name, ch in zip_cells(record.engine.to_json(record.final_state())) if ch != "."
    )
    with pytest.raises(OrderError) as err:
        record.append(f"{occupied}/A1" if occupied != "A1" else "A1/B1")
    assert err.value.code == "occupied"
    assert record.to_json() == before


def zip_cells(state: dict[str, Any]) -> list[tuple[str, str]]:
    return [
        (f"{'ABCDEFGHI'[c]}{r + 1}", ch)
        for r, row in enumerate(state["board"])
        for c, ch in enumerate(row)
    ]


def corrupt(record: Record, turn: int, orders: Any) -> dict[str, Any]:
    data = record.to_json()
    data["turns"][turn - 1]["orders"] = orders
    return data


def test_rejected_turn_is_named() -> None:
    record = random_shell_record(7, turns=8)
    state = record.engine.to_json(record.state_at(4))
    taken = next(name for name, ch in zip_cells(state) if ch != ".")
    bad = Record.from_json(corrupt(record, 5, f"{taken}/{taken}"))
    with pytest.raises(RecordError) as err:
        bad.check()
    assert err.value.turn == 5
    assert err.value.code == "occupied"
    assert str(err.value).startswith("turn 5: occupied")


def test_bad_notation_in_a_turn_is_named() -> None:
    record = random_shell_record(7, turns=4)
    with pytest.raises(RecordError) as err:
        Record.from_json(corrupt(record, 2, "e5/B4")).check()
    assert (err.value.turn, err.value.code) == (2, "bad-notation")
    with pytest.raises(RecordError) as err:
        Record.from_json(corrupt(record, 3, ["E5", "B4"])).check()
    assert err.value.turn == 3


def test_digest_mismatch_is_named() -> None:
    record = random_shell_record(11, turns=6)
    data = record.to_json()
    data["turns"][3]["digest"] = "0" * 16
    with pytest.raises(RecordError) as err:
        Record.from_json(data).check()
    assert (err.value.turn, err.value.code) == (4, "digest-mismatch")
    # Without digests the same orders replay fine: they are optional.
    for turn in data["turns"]:
        del turn["digest"]
    Record.from_json(data).check()


def test_result_mismatch() -> None:
    record = random_shell_record(3)
    data = record.to_json()
    data["result"] = {"winner": "black" if record.result == {"winner": "white"} else "white"}
    with pytest.raises(RecordError) as err:
        Record.from_json(data).check()
    assert err.value.code == "result-mismatch"
    assert err.value.turn == len(record.turns)


def test_turn_after_the_end_is_rejected() -> None:
    record = random_shell_record(3)
    data = record.to_json()
    empty = next(
        name for name, ch in zip_cells(record.engine.to_json(record.final_state())) if ch == "."
    )
    data["turns"].append({"orders": f"{empty}/{empty}"})
    with pytest.raises(RecordError) as err:
        Record.from_json(data).check()
    assert (err.value.turn, err.value.code) == (len(data["turns"]), "game-over")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other"}, "not a game record"),
        ({"version": 2}, "version 2 is not supported"),
        ({"game": "chess"}, "unknown game"),
        ({"extra": 1}, "unknown keys extra"),
        ({"turns": {}}, "'turns' must be a list"),
        ({"players": [{"id": "black"}]}, "player 1"),
        ({"result": {"loser": "black"}}, "'result'"),
        ({"start": {"game": "what-the-shell"}}, "invalid start"),
    ],
)
def test_malformed_records(change: dict[str, Any], message: str) -> None:
    data = random_shell_record(2, turns=2).to_json()
    data.update(change)
    with pytest.raises(RecordError, match=message):
        Record.from_json(data).check()


def test_malformed_turn_entry_is_named() -> None:
    data = random_shell_record(2, turns=4).to_json()
    data["turns"][2] = "E5/B4"
    with pytest.raises(RecordError) as err:
        Record.from_json(data)
    assert err.value.turn == 3
    data["turns"][2] = {"orders": "E5/B4", "by": "me"}
    with pytest.raises(RecordError, match="turn 3: unknown keys by"):
        Record.from_json(data)


def test_replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = random_shell_record(13, turns=6)
    good = tmp_path / "good.json"
    record.save(good)
    assert cli(["replay", str(good)]) == 0
    assert json.loads(capsys.readouterr().out) == record.engine.to_json(record.final_state())
    assert cli(["replay", str(good), "--turn", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["turn"] == 2

    state = record.engine.to_json(record.state_at(3))
    taken = next(name for name, ch in zip_cells(state) if ch != ".")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(corrupt(record, 4, f"{taken}/{taken}")))
    text = bad.read_text()
    assert replay_main(str(bad)) == 1
    out = capsys.readouterr()
    assert "turn 4: occupied" in out.err
    printed = json.loads(out.out)
    assert printed["error"]["turn"] == 4
    assert printed["state"] == state  # the last good state: nothing is lost
    assert bad.read_text() == text

    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert replay_main(str(junk)) == 2
    assert "not JSON" in capsys.readouterr().err


def test_snake_record_with_a_bad_turn_names_it() -> None:
    case = load_case(CASES / "snake-synapse" / "core" / "body-kill.json")
    record = record_from_case(case)
    data = record.to_json()
    assert data["turns"], "the case has turns"
    data["turns"][0]["orders"] = {**data["turns"][0]["orders"], "nobody": {"path": "UUUUU"}}
    with pytest.raises(RecordError) as err:
        Record.from_json(data).check()
    assert (err.value.turn, err.value.code) == (1, "unknown-snake")


def test_digest_is_stable() -> None:
    state = {"b": [1, 2], "a": "é"}
    assert state_digest(state) == state_digest({"a": "é", "b": [1, 2]})
    assert len(state_digest(state)) == 16


def test_new_record_checks_setup() -> None:
    with pytest.raises(RecordError, match="invalid setup"):
        new_record("what-the-shell", {"terrain": "classic"})
    with pytest.raises(RecordError, match="share one id"):
        new_record("what-the-shell", players=[Player("black", "a"), Player("black", "b")])


def test_docstring_examples() -> None:
    assert doctest.testmod(samtempa.records).failed == 0
