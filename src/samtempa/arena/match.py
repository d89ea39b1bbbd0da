"""One arena game between bots: seats, turns through the engine, scores and the record.

A game is described by a :class:`GameSpec` (plain data, so it crosses process
boundaries) and played by :func:`play_game`, which returns a
:class:`GameResult` holding each bot's score and the game's record.

Scores: What the Shell gives 1 for a win, ½ for a draw. Snake Synapse gives
each snake *placement points* (bot-protocol.md's "mean placement points"):
with n snakes, the last one alive gets 1 and the first to die 0, linearly
between, snakes dying in the same frame sharing the mean of their places;
a bot's score in a game is the mean over its snakes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from samtempa.bots.base import Bot
from samtempa.bots.http import Failure, HttpBot, ask
from samtempa.bots.registry import make_bot
from samtempa.games.base import JSON, Game, OrderError, Outcome, PlayerId, Step
from samtempa.games.registry import get_game, get_spec
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.records import Player, Record, new_record

#: Snake Synapse races the arena draws from (SS-2.2); each bot gets the same ones.
SNAKE_RACES = SNAKE.races
#: A game longer than this many turns stops and counts as a draw among the living.
MAX_TURNS = {SHELL.name: 400, SNAKE.name: 300}


@dataclass(frozen=True, slots=True)
class BotSpec:
    """An arena entrant: a label and either a built-in level or a bot server's URL."""

    label: str
    target: str

    @property
    def is_http(self) -> bool:
        return self.target.startswith(("http://", "https://"))

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """``A=hard`` or ``A=http://127.0.0.1:8001`` (a bare level is its own label)."""
        label, sep, target = text.partition("=")
        if not sep:
            return cls(text, text)
        if not label or not target:
            raise ValueError(f"a bot is LABEL=URL_OR_LEVEL, not {text!r}")
        return cls(label, target)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything needed to play one game, in any process."""

    game: str
    index: int
    seed: int
    move_s: float
    seats: tuple[tuple[PlayerId, BotSpec], ...]
    setup: JSON | None = None


@dataclass(slots=True)
class GameResult:
    index: int
    scores: dict[str, float]
    outcome: JSON
    turns: int
    record: JSON
    failures: list[Failure] = field(default_factory=list)
    think_s: dict[str, float] = field(default_factory=dict)
    #: By bot: the share of its seats' pairs with another bot's seats it won (its seat
    #: placed above, ties half); only where a bot holds several seats (Snake Synapse).
    pairs_won: dict[str, float] = field(default_factory=dict)


def pairs_won(
    points: Mapping[PlayerId, float], seat_bot: Mapping[PlayerId, str]
) -> dict[str, float]:
    """Each bot's share of the pairs (one of its seats, one of another bot's) whose seat
    placed higher, a tie counting half (issue 20: "A's snake outlives B's"). Empty
    when every bot has one seat (the pairs are then the game's score)."""
    labels = sorted(set(seat_bot.values()))
    if len(labels) < 2 or len(seat_bot) == len(labels):
        return {}
    out = {}
    for label in labels:
        won = total = 0.0
        for mine, a in seat_bot.items():
            if a != label:
                continue
            for theirs, b in seat_bot.items():
                if b == label:
                    continue
                total += 1
                pa, pb = points[mine], points[theirs]
                won += 1.0 if pa > pb + 1e-9 else 0.5 if abs(pa - pb) <= 1e-9 else 0.0
        out[label] = won / total
    return out


def make_entrant(game: str, spec: BotSpec, match: str) -> Bot:
    """A bot object for a spec: a built-in level, or an HTTP client."""
    if spec.is_http:
        return HttpBot(spec.target, match=match)

    return make_bot(game, spec.target)


def game_specs(
    game: str, bots: Sequence[BotSpec], games: int, seed: int, move_s: float
) -> list[GameSpec]:
    """The games of one pair of bots, seats alternating (rotating for Snake Synapse)."""
    a, b = bots
    specs = []
    for i in range(games):
        game_seed = Random(f"{seed}:{a.label}:{b.label}:{i}").getrandbits(48)
        specs.append(_DEALS[game](i, game_seed, move_s, a, b))
    return specs


def _shell_spec(i: int, seed: int, move_s: float, a: BotSpec, b: BotSpec) -> GameSpec:
    """Black and white, the bots swapping colours every game."""
    first, second = (a, b) if i % 2 == 0 else (b, a)
    black, white = SHELL.seats
    return GameSpec(SHELL.name, i, seed, move_s, ((black, first), (white, second)))


def _snake_spec(i: int, seed: int, move_s: float, a: BotSpec, b: BotSpec) -> GameSpec:
    """6 snakes on classic, three per bot, alternating seats rotated by the game's index.

    Both bots get the same three races (drawn per game), so neither is favoured by
    its powers; game i and i+1 swap who sits first.
    """
    rng = Random(seed)
    races = [rng.choice(SNAKE_RACES) for _ in range(3)]
    order = [a, b] * 3
    shift = i % 6
    order = order[shift:] + order[:shift]
    count: dict[str, int] = {}
    seats = []
    snakes = []
    for seat, spec in enumerate(order):
        k = count.get(spec.label, 0)
        count[spec.label] = k + 1
        sid = f"s{seat + 1}"
        seats.append((sid, spec))
        snakes.append({"id": sid, "race": races[k]})
    return GameSpec(
        SNAKE.name, i, seed, move_s, tuple(seats), {"terrain": "classic", "snakes": snakes}
    )


#: How each game seats a pair of bots, keyed by the game spec's name.
_DEALS: dict[str, Callable[[int, int, float, BotSpec, BotSpec], GameSpec]] = {
    SHELL.name: _shell_spec,
    SNAKE.name: _snake_spec,
}


def placement_points(
    game: Game[Any, Any], state: Any, order: Sequence[PlayerId]
) -> dict[str, float]:
    """Each player's points in [0, 1]: 1 for first place, 0 for last, ties share.

    The places are the engine's (:meth:`Game.placings`): a stopped game's
    living players share the top places.
    """
    n = len(order)
    points: dict[str, float] = {}
    rank = 0  # the position of the next place, 0 the best
    for place in game.placings(state, game.outcome(state)):
        players = [p for p in place if p in order]
        if not players:
            continue
        positions = range(rank, rank + len(players))
        share = sum((n - 1 - r) / (n - 1) for r in positions) / len(players)
        for p in players:
            points[p] = share
        rank += len(players)
    return points


def play_game(spec: GameSpec, bots: Mapping[str, Bot] | None = None) -> GameResult:
    """Play one game to the end; ``bots`` (by label) may be given to reuse them (each then
    plays every seat of its label)."""
    game = get_game(spec.game)
    rng = Random(spec.seed)  # the missed-order policy's draws
    match = f"arena-{spec.seed:x}"
    # One bot object per seat for the game (a label holding three snakes: three objects);
    # a bot server is one client per label (the server keeps one bot per snake), and a
    # caller's objects (``bots``) play every seat of their label.
    given: dict[str, Bot] = dict(bots or {})
    own: dict[PlayerId, Bot] = {}
    for player, bs in spec.seats:
        bot = given.get(bs.label)
        if bot is None:
            bot = make_entrant(spec.game, bs, match)
            if bs.is_http:
                given[bs.label] = bot
        own[player] = bot
        if isinstance(bot, HttpBot):
            bot.match = match
    seat_bot = {player: bs.label for player, bs in spec.seats}
    order = [player for player, _ in spec.seats]
    record = new_record(
        spec.game,
        spec.setup,
        [Player(player, bs.label) for player, bs in spec.seats],
        meta={
            "arena": {
                "index": spec.index,
                "seed": spec.seed,
                "move_ms": round(spec.move_s * 1000),
                "bots": {player: bs.target for player, bs in spec.seats},
            }
        },
    )
    state = record.initial_state()
    for player, _ in spec.seats:
        bot = own[player]
        if isinstance(bot, HttpBot):
            bot.start(game, state, player, spec.setup)
    failures: list[Failure] = []
    think: dict[str, float] = {bs.label: 0.0 for _, bs in spec.seats}
    # Each seat gets its own generator, so one bot's draws never shift another's.
    bot_rngs = {p: Random(f"{spec.seed}:{p}") for p in order}
    while game.outcome(state) is None and len(record.turns) < MAX_TURNS[spec.game]:
        orders: dict[PlayerId, Any] = {}
        for player in game.players(state):
            label = seat_bot[player]
            o, failure, seconds = ask(
                game, state, player, own[player], spec.move_s, bot_rngs[player], label=label
            )
            think[label] += seconds
            orders[player] = o
            if failure is not None:
                failures.append(failure)
        step = _step(record, game, state, orders, rng, failures, seat_bot)
        state = step.state
        # Every bot hears each reveal, as on the server (an object playing two seats: once).
        report = (
            None if step.report is None else get_spec(spec.game).report_to_json(step.report, state)
        )
        for bot in {id(b): b for b in own.values()}.values():
            bot.observe(game, state, report)
    outcome = game.outcome(state)
    # A game cut at the turn limit is a draw among the players still in it.
    outcome_json: JSON = (outcome or Outcome(None, tuple(order))).to_json()
    for player, _ in spec.seats:
        bot = own[player]
        if isinstance(bot, HttpBot):
            bot.end(game, state, player, outcome_json)
    points = placement_points(game, state, order)
    by_bot: dict[str, list[float]] = {}
    for player in order:
        by_bot.setdefault(seat_bot[player], []).append(points[player])
    scores = {label: sum(v) / len(v) for label, v in by_bot.items()}
    won = pairs_won(points, seat_bot)
    # A game stopped at MAX_TURNS keeps result null (the engine never ended it);
    # the arena counts it as a draw among the living, and says so here.
    record.meta["arena"].update(
        {
            "result": outcome_json,
            "scores": scores,
            "points": points,
            "pairs_won": won,
            "failures": [f.to_json() for f in failures],
            "think_s": {k: round(v, 3) for k, v in think.items()},
        }
    )
    return GameResult(
        spec.index, scores, outcome_json, len(record.turns), record.to_json(), failures, think, won
    )


def _step(
    record: Record,
    game: Game[Any, Any],
    state: Any,
    orders: dict[PlayerId, Any],
    rng: Random,
    failures: list[Failure],
    seat_bot: Mapping[PlayerId, str],
) -> Step[Any]:
    """Resolve the turn through the record (which keeps it) and the engine. Orders each
    valid alone but rejected together (a check on the whole turn) get the missed-order
    policy too, and the failure is recorded."""
    for _ in range(len(orders) + 1):
        notation = {p: game.orders_to_json(state, p, o) for p, o in orders.items()}
        try:
            return record.append_orders(notation)
        except OrderError as exc:
            player = exc.player if exc.player in orders else None
            if player is None:
                raise
            turn = int(game.to_json(state).get("turn", 0))
            failures.append(
                Failure(turn, player, seat_bot[player], "illegal", f"{exc.code}: {exc.message}")
            )
            orders[player] = game.missed_order(state, player, rng)
    raise AssertionError("unreachable: every order was replaced")
