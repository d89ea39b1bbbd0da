"""The ``samtempa`` command. A subcommand whose module costs imports the others don't need
(the server, the pictures, the terminal…) imports it only when it runs, so ``--help`` and
the light commands stay fast; the light ones are imported above.

The games' own subcommands (``play GAME``, ``bench GAME``) are tables keyed by
each game spec's name, so no game's name is compared here (the specs, light
beside the terminal and the bots, are the one import every command pays).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence

from samtempa.adjudicate import main as adjudicate
from samtempa.bench.shell import bench_shell
from samtempa.bench.snake import main as bench_snake
from samtempa.games.registry import GAME_NAMES
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="samtempa", description="Simultaneous-turn games: What the Shell and Snake Synapse."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("adjudicate", help="play a conformance case and print the outcome")
    p.add_argument("case", help="a case file (rules/conformance.md)")
    p.add_argument("--frames", action="store_true", help="also print every frame (Snake Synapse)")

    p = sub.add_parser("serve", help="start the web platform (accounts, lobby, live play)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p.add_argument(
        "--database", default=None, help="database URL (default: SQLite in ./data/samtempa.db)"
    )
    p.add_argument("--data", default=None, help="data folder for the SQLite default (./data)")
    p.add_argument(
        "--redis",
        default=None,
        help="Redis URL (redis://…): live updates between server processes (docs/deploy.md)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes on this port (more than 1 needs PostgreSQL and --redis)",
    )

    p = sub.add_parser("replay", help="check a game record and print its final state")
    p.add_argument("record", help="a record file (docs/records.md)")
    p.add_argument("--turn", type=int, default=None, help="print the state after turn N instead")

    p = sub.add_parser("render", help="draw a state or a record as SVG, PNG, GIF or APNG")
    p.add_argument("source", help="a canonical state, a game record or a conformance case")
    p.add_argument("--out", required=True, help="FILE.svg, FILE.png, FILE.gif or FILE.apng")
    p.add_argument("--turn", type=int, default=None, help="the turn to draw or animate")
    p.add_argument("--width", type=int, default=None, help="width in pixels (PNG, GIF, APNG)")
    p.add_argument("--lang", choices=["fr", "eo", "en"], default="en", help="the pictures' words")

    p = sub.add_parser("play", help="play in the terminal (hotseat or against a bot)")
    play = p.add_subparsers(dest="game", required=True, metavar="GAME")
    q = play.add_parser(SHELL.name, help="two players, 9×9, five in a row")
    q.add_argument("--black", default="human", help="'human' or a bot level (default: human)")
    q.add_argument("--white", default=None, help="'human' or a bot level (asked if absent)")
    q.add_argument("--seed", type=int, default=None, help="seed for the bots")
    q = play.add_parser(SNAKE.name, help="2 to 8 snakes, people (hotseat) and bots")
    q.add_argument("--terrain", default=None, help="a terrain id (asked if absent)")
    q.add_argument(
        "--seats", default=None, help="one per snake: human, easy, medium or hard (asked if absent)"
    )
    q.add_argument("--seed", type=int, default=None, help="seed for the bots and races")
    q.add_argument("--delay", type=float, default=0.35, help="seconds per animated frame")

    p = sub.add_parser("learn", help="interactive lessons: learn a game step by step")
    p.add_argument("game", choices=GAME_NAMES, metavar="GAME")
    p.add_argument("--lang", choices=["fr", "eo", "en"], default=None, help="default: from $LANG")
    p.add_argument("--list", action="store_true", help="list the lessons instead")
    p.add_argument("--json", action="store_true", help="with --list: print them as JSON")
    p.add_argument("--reset", action="store_true", help="forget which lessons are done")
    p.add_argument("--lesson", default=None, help="start at this lesson id")

    p = sub.add_parser("bench", help="print engine speed figures")
    bench = p.add_subparsers(dest="game", required=True, metavar="GAME")
    q = bench.add_parser(SHELL.name, help="uniformly random games from the empty board")
    q.add_argument("--games", type=int, default=20000)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--fast", action="store_true", help="use the compiled fast path")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q = bench.add_parser(SNAKE.name, help="random-safe games, or replayed conformance cases")
    q.add_argument("--turns", type=int, default=1000, help="turns per terrain (default 1000)")
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--cases", default=None, help="replay the cases under this directory instead")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q = bench.add_parser("bots", help="decisions and playouts per second of every built-in bot")
    q.add_argument("--game", dest="game_name", choices=GAME_NAMES, default=None)
    q.add_argument("--move-ms", type=float, default=250.0, help="time per decision")
    q.add_argument("--decisions", type=int, default=8, help="decisions per bot")
    q.add_argument("--seed", type=int, default=1)

    # The bot protocol (bot-protocol.md) and the arena (issue 6).
    p = sub.add_parser("bot", aliases=["bots"], help="bots behind the HTTP bot protocol")
    bot = p.add_subparsers(dest="bot_command", required=True, metavar="COMMAND")
    q = bot.add_parser(
        "work", help="think for the web servers' bot seats, fed through Redis (docs/deploy.md)"
    )
    q.add_argument("--redis", required=True, help="the servers' Redis URL (redis://…)")
    q.add_argument("--shard", type=int, required=True, help="this worker's list, 0 to N-1")
    q.add_argument("--shards", type=int, required=True, help="N: SAMTEMPA_BOT_SHARDS")
    q = bot.add_parser("serve", help="serve a built-in bot over HTTP")
    q.add_argument("--game", required=True, choices=GAME_NAMES)
    q.add_argument("--level", required=True, help="easy, medium, hard (, expert)")
    q.add_argument("--port", type=int, required=True)
    q.add_argument("--host", default="127.0.0.1")
    q.add_argument("--seed", type=int, default=None, help="seed: the same answers every run")
    q.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes that think (default: one per core; 0: one thread)",
    )
    p = sub.add_parser("arena", help="play bots against each other (levels or HTTP bot URLs)")
    p.add_argument("--game", required=True, choices=GAME_NAMES)
    p.add_argument("--bot", action="append", required=True, metavar="LABEL=URL_OR_LEVEL")
    p.add_argument("--games", type=int, default=10, help="games per pair of bots")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--move-ms", type=float, default=1000.0, help="time per move (default 1000)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: up to 2)")
    p.add_argument("--out", default=None, help="folder for the game records")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("edition", help="correspondence editions of Snake Synapse")
    edition = p.add_subparsers(dest="edition_command", required=True, metavar="COMMAND")
    q = edition.add_parser("simulate", help="a whole edition on a simulated clock, bots playing")
    q.add_argument("--terrain", required=True, help="a terrain id (classic, big…)")
    q.add_argument("--players", type=int, required=True, help="seats (2 to the terrain's count)")
    q.add_argument("--silent", type=int, default=0, help="players who never act (removed at 96 h)")
    q.add_argument("--seed", type=int, default=None, help="seed: the same edition every run")
    q.add_argument("--out", required=True, help="folder for events.jsonl and turn-N.gif")
    q.add_argument("--level", default="easy", help="the players' bot level (default: easy)")
    q.add_argument("--gif-width", type=int, default=360, help="width of the GIFs in pixels")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "adjudicate":
        return adjudicate(args.case, args.frames)
    if args.command == "serve":
        from samtempa.server.serve import serve  # noqa: PLC0415 — the server: ~1.7 s of imports

        return serve(args.host, args.port, args.database, args.data, args.redis, args.workers)
    if args.command == "replay":
        from samtempa.replay import replay_main  # noqa: PLC0415 — records: ~12 ms of imports

        return replay_main(args.record, args.turn)
    if args.command == "render":
        from samtempa.render.command import main as render  # noqa: PLC0415 — Pillow, resvg: ~40 ms

        return render(args.source, args.out, args.turn, args.width, args.lang)
    if args.command == "play":
        return _PLAY[args.game](args)
    if args.command == "learn":
        from samtempa.tutorials.terminal import main as learn  # noqa: PLC0415 — ~80 ms of imports

        return learn(
            args.game,
            args.lang,
            list_only=args.list,
            as_json=args.json,
            reset=args.reset,
            lesson=args.lesson,
        )
    if args.command == "bench" and args.game in _BENCH:
        return _BENCH[args.game](args)
    if args.command == "bench" and args.game == "bots":
        from samtempa.bench.bots import main as bench_bots  # noqa: PLC0415 — every bot: ~7 ms

        return bench_bots(args.game_name, args.move_ms, args.decisions, args.seed)
    if args.command in ("bot", "bots") and args.bot_command == "work":
        from samtempa.server.services.bot_queue import work  # noqa: PLC0415 — redis, every bot

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
        return work(args.redis, args.shard, args.shards)
    if args.command in ("bot", "bots") and args.bot_command == "serve":
        from samtempa.bots.serve import serve as serve_bot  # noqa: PLC0415 — uvicorn: ~80 ms

        return serve_bot(args.game, args.level, args.port, args.host, args.seed, args.workers)
    if args.command == "arena":
        from samtempa.arena.run import main as arena  # noqa: PLC0415 — bots, ratings: ~150 ms

        return arena(
            args.game, args.bot, args.games, args.seed, args.move_ms, args.workers, args.out,
            args.json,
        )  # fmt: skip
    if args.command == "edition" and args.edition_command == "simulate":
        from samtempa.server.simulate import main as simulate  # noqa: PLC0415 — the server: ~1.7 s

        return simulate(
            args.terrain, args.players, args.out, args.silent, args.seed, args.level,
            args.gif_width,
        )  # fmt: skip
    raise AssertionError(args)


def _play_shell(args: argparse.Namespace) -> int:
    from samtempa.terminal.shell import main as play_shell  # noqa: PLC0415 — rich: ~30 ms

    return play_shell(black=args.black, white=args.white, seed=args.seed)


def _play_snake(args: argparse.Namespace) -> int:
    from samtempa.terminal.snake import main as play_snake  # noqa: PLC0415 — rich: ~30 ms

    return play_snake(args.terrain, args.seats, args.seed, args.delay)


def _bench_shell(args: argparse.Namespace) -> int:
    return bench_shell(args.games, args.seed, fast=args.fast, as_json=args.json)


def _bench_snake(args: argparse.Namespace) -> int:
    return bench_snake(args.turns, args.seed, args.cases, as_json=args.json)


_Command = Callable[[argparse.Namespace], int]
_PLAY: dict[str, _Command] = {SHELL.name: _play_shell, SNAKE.name: _play_snake}
_BENCH: dict[str, _Command] = {SHELL.name: _bench_shell, SNAKE.name: _bench_snake}


if __name__ == "__main__":
    sys.exit(main())
