"""``samtempa edition simulate``: a whole edition on a simulated clock, bots playing."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

import pytest

from samtempa.bots.base import Bot
from samtempa.bots.registry import make_bot
from samtempa.cli import main
from samtempa.games.base import Game, PlayerId
from samtempa.server import simulate as simulate_module


def test_a_simulated_edition_writes_its_log_and_its_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sim"
    argv = ["edition", "simulate", "--terrain", "classic", "--players", "3", "--silent", "1"]
    assert main([*argv, "--seed", "4", "--out", str(out), "--gif-width", "64"]) == 0
    assert "3 players (1 silent)" in capsys.readouterr().out
    events = [json.loads(line) for line in (out / "events.jsonl").read_text().splitlines()]
    assert all({"time", "kind"} <= set(e) for e in events)
    times = [datetime.fromisoformat(e["time"].removesuffix("Z")) for e in events]
    assert times == sorted(times)
    kinds = [e["kind"] for e in events]
    order = [
        "edition-created",
        "registration-closed",
        "draft-started",
        "races-revealed",
        "game-started",
        "game-ended",
    ]
    assert [k for k in kinds if k in order] == order
    assert kinds.count("registered") == 3

    # The silent player never chose: the draw chose for them; removed at 96 h of turn 1.
    opened = next(t for t, e in zip(times, events, strict=True) if e["kind"] == "turn-opened")
    removal = next(e for e in events if e["kind"] == "player-removed")
    when = next(t for t, e in zip(times, events, strict=True) if e is removal)
    assert removal["turn"] == 1
    assert when - opened == timedelta(hours=96)
    assert "race-assigned" in kinds

    # One picture per resolved turn; orders appear only once their turn is resolved.
    resolved = [e for e in events if e["kind"] == "turn-resolved"]
    assert sorted(p.name for p in out.glob("turn-*.gif")) == sorted(
        f"turn-{e['turn']}.gif" for e in resolved
    )
    for path in out.glob("turn-*.gif"):
        assert path.read_bytes()[:3] == b"GIF"
    assert all("orders" not in e for e in events if e["kind"] != "turn-resolved")
    assert [e["turn"] for e in resolved] == list(range(1, len(resolved) + 1))

    # The same seed gives the same edition.
    again = tmp_path / "again"
    assert main([*argv, "--seed", "4", "--out", str(again), "--gif-width", "64"]) == 0
    assert (again / "events.jsonl").read_text() == (out / "events.jsonl").read_text()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--terrain", "moon", "--players", "3"], "unknown terrain"),
        (["--terrain", "classic", "--players", "9"], "2 to 6 players"),
        (["--terrain", "classic", "--players", "3", "--silent", "3"], "--silent"),
        (["--terrain", "classic", "--players", "3", "--level", "godlike"], "no bot level"),
    ],
)
def test_bad_options_are_refused_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    assert main(["edition", "simulate", *args, "--out", str(tmp_path / "x")]) == 2
    assert words in capsys.readouterr().err


class _Recorder(Bot):
    """A real bot that writes down whom it played and which reveals it was told."""

    name = "recorder"

    def __init__(self, inner: Bot, log: list[tuple[int, str, Any, int]]) -> None:
        self.inner = inner
        self.log = log

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        self.log.append((id(self), "choose", player, state.turn))
        return self.inner.choose(game, state, player, budget_s, rng)

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        assert report is not None
        self.log.append((id(self), "observe", None, state.turn))


def test_each_simulated_player_keeps_one_bot_told_every_reveal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One bot object per seat for the whole edition, told each reveal before it plays
    again (issue 18); not one bot for every player."""
    log: list[tuple[int, str, Any, int]] = []

    def factory(game: str, level: str) -> Bot:
        return _Recorder(make_bot(game, level), log)

    monkeypatch.setattr(simulate_module, "make_bot", factory)
    summary = simulate_module.simulate("classic", 3, tmp_path, seed=1, gif_width=16, quiet=True)
    assert summary["turns"] > 2
    by_bot: dict[int, list[tuple[str, Any, int]]] = {}
    for bot, what, player, turn in log:
        by_bot.setdefault(bot, []).append((what, player, turn))
    players = {player for bot in by_bot.values() for what, player, _ in bot if what == "choose"}
    assert len(by_bot) == len(players) == 3
    for entries in by_bot.values():
        chose = [(p, t) for what, p, t in entries if what == "choose"]
        assert len({p for p, _ in chose}) == 1  # one seat
        first = chose[0][1]
        # Between two of its turns, it heard every turn resolved meanwhile, once, in order.
        told = [t for what, _, t in entries if what == "observe"]
        assert told == list(range(first + 1, first + 1 + len(told)))
        for (what, _, t), (_, _, before) in zip(entries[1:], entries, strict=False):
            if what == "choose":
                assert t == before  # the last thing it heard is the state it now plays
