"""``samtempa edition simulate``: a whole correspondence edition on a simulated clock.

Game masters try a terrain before opening an edition. Nothing here is a
second implementation: the simulation builds the server's own services on a
throw-away database with a :class:`~samtempa.server.core.clock.ManualClock`,
and simulated players go through them as people do through the pages —
registration, the colour draft, secret races, orders sent to the
coordinator at some hour of each turn (bots choose them), deadlines,
reminders and removals run by the correspondence service. ``K`` silent
players never act: their choices are drawn when time runs out, and their
snakes are removed at the hard deadline of turn 1.

Output: ``DIR/events.jsonl`` (the game's log, one JSON object a line with
``time``, ``kind`` and its details) and ``DIR/turn-N.gif`` (the posted
pictures). Exit status 0, or 2 on bad options (the message says why).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

from sqlalchemy import select

from samtempa.bots.base import Bot
from samtempa.bots.registry import LEVELS, make_bot
from samtempa.games.registry import get_game
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.server.app import build_services
from samtempa.server.core.clock import ManualClock
from samtempa.server.core.config import Settings
from samtempa.server.models import Match, Turn, User
from samtempa.server.models_correspondence import Edition, TurnPost
from samtempa.server.services import accounts, editions
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import event_json, events_of
from samtempa.server.services.lobby import terrains
from samtempa.server.services.matches import Actor, TurnOpen, pending_of, seats_of
from samtempa.server.services.turn_posts import render_missing_gifs

START = datetime(2026, 1, 5, 12, 0, 0)
HOUR = timedelta(hours=1)
#: A safety net: an edition never needs this many simulated days.
MAX_DAYS = 3 * 365


class SimulationError(Exception):
    """Bad options (exit status 2)."""


def simulate(
    terrain: str,
    players: int,
    out: str | Path,
    *,
    silent: int = 0,
    seed: int | None = None,
    level: str = "easy",
    gif_width: int = 360,
    quiet: bool = False,
) -> dict[str, Any]:
    """Run the edition; returns a summary (turns, result, days, files written)."""
    data = terrains().get(terrain)
    if data is None:
        raise SimulationError(f"unknown terrain {terrain!r}; terrains: {', '.join(terrains())}")
    if not 2 <= players <= data["players"]:
        raise SimulationError(f"{terrain} takes 2 to {data['players']} players, not {players}")
    if not 0 <= silent < players:
        raise SimulationError(f"--silent must be 0 to {players - 1} (someone has to play)")
    if level not in LEVELS[SNAKE.name]:
        raise SimulationError(f"no bot level {level!r}; levels: {', '.join(LEVELS[SNAKE.name])}")
    if not 16 <= gif_width <= 2000:
        raise SimulationError("--gif-width is 16 to 2000 pixels")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="samtempa-sim-") as tmp:
        return asyncio.run(
            _run(
                terrain,
                players,
                silent,
                Random(seed),
                seed,
                level,
                gif_width,
                Path(tmp),
                folder,
                quiet,
            )
        )


async def _run(
    terrain: str,
    players: int,
    silent: int,
    rng: Random,
    seed: int | None,
    level: str,
    gif_width: int,
    tmp: Path,
    folder: Path,
    quiet: bool,
) -> dict[str, Any]:
    clock = ManualClock(START)
    settings = Settings(data_dir=tmp, turn_gif_width=gif_width, smtp_host="")
    services = build_services(settings, clock=clock)
    services.db.migrate()
    db = services.db
    try:
        with db.write() as session:
            ids = []
            for n in range(players + 1):
                login = "gamemaster" if n == 0 else f"player{n}"
                name = "Game master" if n == 0 else f"Player {n}"
                form = accounts.SignUp(
                    login, name, f"{login}@sim.invalid", "simulated", date(1990, 1, 1)
                )
                ids.append(accounts.sign_up(session, form, START, 16, password_hash="-").id)
        gm, people = ids[0], ids[1:]
        quiet_ones = set(rng.sample(people, silent))
        match_id: str = await services.correspondence.act(
            "new",
            lambda s, now: (
                editions.create_edition_tx(
                    s,
                    _user(s, gm),
                    editions.NewEdition(
                        terrain=terrain,
                        seats=players,
                        title=f"Simulated edition ({terrain})",
                        seed=rng.randrange(2**31) if seed is not None else None,
                    ),
                    now,
                ).id
            ),
        )
        player = _Players(services, match_id, quiet_ones, rng, level)
        # Registration: one player every few hours, in a random order.
        for uid in rng.sample(people, len(people)):
            clock.advance(minutes=rng.randint(30, 12 * 60))
            await player.act(uid, lambda s, u, now: editions.register_tx(s, u, match_id, now))
        deadline = START + timedelta(days=MAX_DAYS)
        while True:
            with db.read() as session:
                edition = session.get(Edition, match_id)
                match = session.get(Match, match_id)
                assert edition is not None
                assert match is not None
                if edition.phase in ("finished", "cancelled"):
                    break
                player.plan(session, edition, match)
                next_at = edition.next_at
            when = min([t for t in (next_at, player.next_time()) if t is not None], default=None)
            if when is None or when > deadline:
                raise RuntimeError("the simulated edition stopped moving")  # a bug, not bad input
            if when > clock.now():
                clock.set(when)
            await player.run_due()
            await services.correspondence.process_due()
        # The pictures, as the server's background drawer makes them.
        while await asyncio.get_running_loop().run_in_executor(
            None, render_missing_gifs, db, gif_width, 50
        ):
            pass
        with db.read() as session:
            lines = [event_json(e) for e in events_of(session, match_id)]
            posts = list(
                session.scalars(
                    select(TurnPost).where(TurnPost.match_id == match_id).order_by(TurnPost.number)
                )
            )
            match = session.get(Match, match_id)
            assert match is not None
            written = []
            for post in posts:
                if post.gif is not None:
                    path = folder / f"turn-{post.number}.gif"
                    path.write_bytes(post.gif)
                    written.append(path.name)
            names = {s.player: s.label for s in match.seats}
            result, turns = match.result, match.turn
        (folder / "events.jsonl").write_text(
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines),
            encoding="utf-8",
        )
        days = (clock.now() - START).total_seconds() / 86400
        summary = {
            "terrain": terrain,
            "players": players,
            "silent": silent,
            "turns": turns,
            "days": round(days, 1),
            "result": result,
            "names": names,
            "events": len(lines),
            "gifs": written,
        }
        if not quiet:
            print(_describe(summary, folder))
        return summary
    finally:
        await services.coordinator.close()
        db.close()


def _describe(summary: dict[str, Any], folder: Path) -> str:
    result = summary["result"] or {}
    names = summary["names"]
    if "winner" in result:
        outcome = f"{result['winner']} ({names.get(result['winner'], '?')}) wins"
    elif "draw" in result:
        outcome = "draw between " + ", ".join(result["draw"])
    else:
        outcome = "no result"
    return (
        f"{summary['terrain']}: {summary['players']} players ({summary['silent']} silent), "
        f"{summary['turns']} turns over {summary['days']} simulated days; {outcome}. "
        f"{summary['events']} events in {folder / 'events.jsonl'}, "
        f"{len(summary['gifs'])} GIFs in {folder}"
    )


def _user(session: Any, user_id: int) -> Any:
    found = session.get(User, user_id)
    assert found is not None
    return found


class _Players:
    """The simulated people: when each will act, and what they do then."""

    def __init__(
        self, services: Any, match_id: str, silent: set[int], rng: Random, level: str
    ) -> None:
        self.services = services
        self.match_id = match_id
        self.silent = silent
        self.rng = rng
        self.level = level
        #: Each seat's bot, the same object the whole game (issue 18), with the number of
        #: turns it has been told of (it hears each reveal once, before it plays again).
        self.bots: dict[str, tuple[Bot, int]] = {}
        self.planned: dict[tuple[Any, ...], tuple[datetime, int]] = {}
        self.done: set[tuple[Any, ...]] = set()

    def next_time(self) -> datetime | None:
        return min((t for t, _ in self.planned.values()), default=None)

    def _plan(self, key: tuple[Any, ...], user_id: int | None, hours: float) -> None:
        if user_id is None or key in self.planned or key in self.done or user_id in self.silent:
            return
        now = self.services.correspondence.now()
        self.planned[key] = (now + timedelta(minutes=round(hours * 60)), user_id)

    def plan(self, session: Any, edition: Any, match: Any) -> None:
        """Who should act in the phase the edition is in, and after how many hours."""
        seats = seats_of(session, self.match_id)
        rng = self.rng
        if edition.phase == "colours" and edition.drafter is not None:
            seat = next(s for s in seats if s.index == edition.drafter)
            taken = sum(1 for s in seats if "colour" in s.options)
            self._plan(("colour", taken), seat.user_id, rng.uniform(0.5, 30))
        elif edition.phase == "races":
            chosen = editions.races_chosen(session, self.match_id)
            for seat in seats:
                if seat.index not in chosen:
                    self._plan(("race", seat.index), seat.user_id, rng.uniform(0.5, 48))
        elif edition.phase == "playing" and match.state is not None:
            game = get_game(match.game)
            waiting = game.players(game.from_json(match.state))
            sent = pending_of(session, self.match_id, match.turn + 1)
            for seat in seats:
                if seat.player in waiting and seat.player not in sent:
                    # Mostly in time; now and then late, after the soft deadline.
                    late = rng.random() < 0.08
                    hours = rng.uniform(73, 94) if late else rng.uniform(0.5, 70)
                    self._plan(("orders", match.turn + 1, seat.index), seat.user_id, hours)

    async def act(self, user_id: int, fn: Any) -> Any:
        return await self.services.correspondence.act(
            self.match_id, lambda s, now: fn(s, _user(s, user_id), now)
        )

    async def run_due(self) -> None:
        now = self.services.correspondence.now()
        for key, (when, user_id) in sorted(self.planned.items(), key=lambda kv: kv[1][0]):
            if when > now:
                continue
            del self.planned[key]
            self.done.add(key)
            await self._do(key, user_id)

    async def _do(self, key: tuple[Any, ...], user_id: int) -> None:
        rng = self.rng
        try:
            if key[0] == "colour":
                seats = self._read(lambda s: _seats(s, self.match_id))
                me = next(s for s in seats if s.user_id == user_id)
                free = editions.free_colours(seats)
                waiting = [s.index for s in seats if "colour" not in s.options and s is not me]
                colour, nxt = rng.choice(free), (rng.choice(waiting) if waiting else None)
                opened = await self.act(
                    user_id,
                    lambda s, u, now: editions.choose_colour_tx(
                        s, u, self.match_id, colour, nxt, now
                    ),
                )
            elif key[0] == "race":
                terrain = self._read(lambda s: _match(s, self.match_id).setup["terrain"])
                race = rng.choice(editions.allowed_races(terrain))
                opened = await self.act(
                    user_id,
                    lambda s, u, now: editions.choose_race_tx(s, u, self.match_id, race, now),
                )
            else:
                opened = None
                player, orders = self._read(lambda s: self._orders(s, user_id, key[1]))
                if player is not None:
                    await self.services.coordinator.submit(
                        self.match_id, Actor(user_id), player, orders, key[1]
                    )
        except Refusal as refusal:
            # Too late (the choice was drawn, the turn resolved): as a person would be told.
            if refusal.code not in (
                "not-your-turn",
                "not-drafting",
                "not-choosing-races",
                "wrong-turn",
                "not-waiting",
                "game-over",
            ):
                raise
            return
        if isinstance(opened, TurnOpen):
            self.services.coordinator.turn_opened(opened)

    def _orders(self, session: Any, user_id: int, turn: int) -> tuple[str | None, Any]:
        match = _match(session, self.match_id)
        if match.status != "playing" or match.turn + 1 != turn:
            return None, None
        seat = next(s for s in _seats(session, self.match_id) if s.user_id == user_id)
        game = get_game(match.game)
        state = game.from_json(match.state)
        if seat.player not in game.players(state):
            return None, None
        bot = self._bot(session, match, game, seat.player)
        orders = bot.choose(game, state, seat.player, 0.05, Random(self.rng.random()))
        return seat.player, orders

    def _bot(self, session: Any, match: Any, game: Any, player: str) -> Bot:
        """``player``'s bot, built on its first turn, told every reveal since then."""
        bot, told = self.bots.get(player) or (make_bot(match.game, self.level), match.turn)
        if told < match.turn:
            turns = session.scalars(
                select(Turn)
                .where(Turn.match_id == self.match_id, Turn.number > told)
                .order_by(Turn.number)
            )
            for row in turns:
                bot.observe(game, game.from_json(row.state), row.report)
        self.bots[player] = (bot, match.turn)
        return bot

    def _read(self, fn: Any) -> Any:
        with self.services.db.read() as session:
            return fn(session)


def _seats(session: Any, match_id: str) -> Any:
    return seats_of(session, match_id)


def _match(session: Any, match_id: str) -> Any:
    found = session.get(Match, match_id)
    assert found is not None
    return found


def main(
    terrain: str,
    players: int,
    out: str,
    silent: int = 0,
    seed: int | None = None,
    level: str = "easy",
    gif_width: int = 360,
) -> int:
    """The command: exit status 0 when the files are written, 2 on bad options."""
    logging.basicConfig(level=logging.ERROR)
    started = time.perf_counter()
    try:
        simulate(terrain, players, out, silent=silent, seed=seed, level=level, gif_width=gif_width)
    except SimulationError as e:
        print(f"samtempa edition simulate: {e}", file=sys.stderr)
        return 2
    print(f"({time.perf_counter() - started:.1f} s)")
    return 0
