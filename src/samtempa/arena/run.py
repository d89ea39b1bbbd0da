"""``samtempa arena``: many games between bots, in worker processes, with a result line
per pair, 95% intervals, ratings, and every game's record saved.

Output (bot-protocol.md): one line per pair of bots,
``A vs B: W wins, L losses, D draws (score S.SSS ± C.CCC)``: the score is A's
mean score per game (a draw counts ½; in Snake Synapse, A's mean placement
points), ± the half-width of a 95% interval (normal approximation, from the
games' own variance). A game is a win for A when A scores more than B in it.
Where each bot holds several seats (Snake Synapse: three snakes each), the
line goes on with ``; pairs won P.PPP ± C.CCC``: the share of (A's snake, B's
snake) pairs in which A's placed higher, ties half (issue 20's ladder bar),
its interval from the games' own shares (the pairs of one game are not
independent, the games are).

Ratings: openskill's Plackett–Luce model, which rates games of any number of
teams; each game ranks the bots by their score in it.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from samtempa.arena.match import BotSpec, GameResult, GameSpec, game_specs, play_game
from samtempa.bots.http import BotError, HttpBot
from samtempa.bots.registry import LEVELS, is_level
from samtempa.records import Record

#: z for a two-sided 95% interval.
Z95 = 1.959964


@dataclass(slots=True)
class PairResult:
    """The games of one pair, from the first bot's side."""

    a: str
    b: str
    scores: list[float] = field(default_factory=list)
    #: A's share of the snake pairs won, per game (empty: one seat per bot).
    pairs: list[float] = field(default_factory=list)
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, result: GameResult) -> None:
        sa, sb = result.scores[self.a], result.scores[self.b]
        self.scores.append(sa)
        if self.a in result.pairs_won:
            self.pairs.append(result.pairs_won[self.a])
        if sa > sb + 1e-9:
            self.wins += 1
        elif sb > sa + 1e-9:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def interval(self) -> float:
        """Half-width of the 95% interval of the mean score."""
        return _interval(self.scores)

    @property
    def pairs_mean(self) -> float | None:
        return sum(self.pairs) / len(self.pairs) if self.pairs else None

    @property
    def pairs_interval(self) -> float:
        return _interval(self.pairs)

    def line(self) -> str:
        pairs = ""
        if self.pairs_mean is not None:
            pairs = f"; pairs won {self.pairs_mean:.3f} ± {self.pairs_interval:.3f}"
        return (
            f"{self.a} vs {self.b}: {self.wins} wins, {self.losses} losses, {self.draws} draws "
            f"(score {self.mean:.3f} ± {self.interval:.3f}{pairs})"
        )


def _interval(values: Sequence[float]) -> float:
    """Half-width of the 95% interval of the mean (normal approximation)."""
    n = len(values)
    if n < 2:
        return 0.0
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return Z95 * math.sqrt(var / n)


def pairs(bots: Sequence[BotSpec]) -> list[tuple[BotSpec, BotSpec]]:
    return list(itertools.combinations(bots, 2))


def _play(spec: GameSpec) -> GameResult:
    return play_game(spec)


def run_arena(
    game: str,
    bots: Sequence[BotSpec],
    games: int,
    *,
    seed: int = 1,
    move_s: float = 1.0,
    workers: int = 1,
    out_dir: Path | None = None,
    progress: bool = True,
    on_result: Callable[[GameResult], None] | None = None,
) -> tuple[list[PairResult], dict[str, tuple[float, float]], list[GameResult]]:
    """Play every pair ``games`` times; returns pair results, ratings (mu, sigma) and games."""
    labels = [b.label for b in bots]
    if len(set(labels)) != len(labels):
        raise ValueError("bot labels must differ")
    jobs: list[tuple[int, GameSpec]] = []
    for k, (a, b) in enumerate(pairs(bots)):
        jobs += [(k, spec) for spec in game_specs(game, [a, b], games, seed, move_s)]
    results_by_pair = [PairResult(a.label, b.label) for a, b in pairs(bots)]
    done: list[tuple[int, GameResult]] = []
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)

    def finish(k: int, result: GameResult) -> None:
        results_by_pair[k].add(result)
        done.append((k, result))
        if out_dir is not None:
            pair = results_by_pair[k]
            name = f"{pair.a}-vs-{pair.b}-{result.index:04d}.json"
            Record.from_json(result.record).save(out_dir / name)
        if on_result is not None:
            on_result(result)

    with _Progress(progress, len(jobs), game) as advance:
        if workers <= 1:
            for k, spec in jobs:
                finish(k, play_game(spec))
                advance()
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(_play, spec): k for k, spec in jobs}
                for future in as_completed(futures):
                    finish(futures[future], future.result())
                    advance()
    ordered = [r for _, r in sorted(done, key=lambda kr: (kr[0], kr[1].index))]
    return results_by_pair, rate(labels, ordered), ordered


def rate(labels: Sequence[str], results: Sequence[GameResult]) -> dict[str, tuple[float, float]]:
    """openskill Plackett–Luce ratings: each game ranks its bots by their score in it."""

    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    for result in results:
        teams = list(result.scores)
        if len(teams) < 2:
            continue
        # openskill: rank 0 is first, equal ranks tie; ranks must be whole numbers
        # (it truncates fractions, so placement points cannot be passed as they are).
        levels = sorted({round(result.scores[t], 9) for t in teams}, reverse=True)
        ranks = [float(levels.index(round(result.scores[t], 9))) for t in teams]
        new = model.rate([[ratings[t]] for t in teams], ranks=ranks)
        for t, team in zip(teams, new, strict=True):
            ratings[t] = team[0]
    return {label: (r.mu, r.sigma) for label, r in ratings.items()}


class _Progress:
    """A Rich progress bar on standard error (or nothing), as a context giving ``advance``."""

    def __init__(self, enabled: bool, total: int, title: str) -> None:
        self.enabled = enabled
        self.total = total
        self.title = title
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> Callable[[], None]:
        if not self.enabled:
            return lambda: None

        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self.bar.__enter__()
        self.task = self.bar.add_task(f"arena {self.title}", total=self.total)
        return lambda: self.bar.advance(self.task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def main(
    game: str,
    bot_texts: Sequence[str],
    games: int,
    seed: int,
    move_ms: float,
    workers: int | None,
    out: str | None,
    as_json: bool = False,
) -> int:
    """The command: parse the bots, check HTTP ones answer, play, print."""

    try:
        bots = [BotSpec.parse(t) for t in bot_texts]
    except ValueError as exc:
        print(f"samtempa arena: {exc}", flush=True)
        return 2
    if len(bots) < 2:
        print("samtempa arena: give at least two --bot", flush=True)
        return 2
    for b in bots:
        if not b.is_http and not is_level(game, b.target):
            levels = ", ".join(LEVELS.get(game, ()))
            print(f"samtempa arena: {b.target!r} is neither a URL nor a level ({levels})")
            return 2
        if b.is_http:
            try:
                info = HttpBot(b.target).info()
            except BotError as exc:
                print(f"samtempa arena: {b.label} at {b.target} does not answer: {exc}")
                return 2
            if game not in info.get("games", [game]):
                print(f"samtempa arena: {b.label} does not play {game}")
                return 2
    out_dir = Path(out) if out else Path("arena-records") / time.strftime("%Y%m%d-%H%M%S")
    start = time.perf_counter()
    pair_results, ratings, results = run_arena(
        game,
        bots,
        games,
        seed=seed,
        move_s=move_ms / 1000,
        workers=workers or default_workers(),
        out_dir=out_dir,
    )
    wall = time.perf_counter() - start
    failures = sum(len(r.failures) for r in results)
    if as_json:
        print(
            json.dumps(
                {
                    "game": game,
                    "games": games,
                    "move_ms": move_ms,
                    "wall_s": round(wall, 1),
                    "pairs": [
                        {
                            "a": p.a,
                            "b": p.b,
                            "wins": p.wins,
                            "losses": p.losses,
                            "draws": p.draws,
                            "score": round(p.mean, 4),
                            "interval": round(p.interval, 4),
                            "pairs_won": (None if p.pairs_mean is None else round(p.pairs_mean, 4)),
                            "pairs_interval": round(p.pairs_interval, 4),
                        }
                        for p in pair_results
                    ],
                    "ratings": {k: {"mu": mu, "sigma": s} for k, (mu, s) in ratings.items()},
                    "failures": failures,
                    "records": str(out_dir),
                }
            )
        )
        return 0
    for p in pair_results:
        print(p.line())
    print("ratings (openskill Plackett-Luce, mu ± 3 sigma):")
    for label, (mu, sigma) in sorted(ratings.items(), key=lambda kv: -kv[1][0]):
        print(f"  {label:<12} {mu:7.2f} ± {3 * sigma:.2f}")
    print(f"{len(results)} games in {wall:.0f} s; {failures} missed orders; records in {out_dir}/")
    return 0
