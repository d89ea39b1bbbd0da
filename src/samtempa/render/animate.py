"""Pictures of records: a state after any turn, a turn step by step, a whole game.

What the Shell shows a turn as the engine's report tells it: the picks, the
turtles landing, then each wave's captures and its vanished and hatched eggs.
Snake Synapse shows the engine's frames (``Step.frames``: the state after
every frame, settling frames included). Everything comes from replaying the
record through the engine. Each game's turn pictures are registered in
:data:`_TURNS`, keyed by its spec's name (``games`` may not know ``render``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from samtempa import words as vocabulary
from samtempa.games.shell.rules import TurnReport
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.records import Record, ReplayedTurn
from samtempa.render import shell, snake
from samtempa.render.raster import Frame
from samtempa.render.svg import state_svg

START_MS = 1200
STEP_MS = 900
TURN_END_MS = 1600
SNAKE_FRAME_MS = 450
GAME_TURN_MS = 900


def record_picture(record: Record, turn: int | None = None, lang: str = "en") -> str:
    """The state after ``turn`` (None: the last; 0: the start), its turn marked; every
    word in ``lang``."""
    n = len(record.turns) if turn is None else turn
    if n == 0 or (n < 0 and -n > len(record.turns)):
        return state_svg(record.engine.to_json(record.state_at(0)), lang=lang)
    return _turn_end_svg(record, record.turn_at(n), lang)


def _turn_end_svg(record: Record, replayed: ReplayedTurn, lang: str) -> str:
    game = record.engine
    return state_svg(
        game.to_json(replayed.after),
        report=replayed.step.report,
        before=game.to_json(replayed.before),
        lang=lang,
    )


def turn_frames(record: Record, turn: int, lang: str = "en") -> list[Frame]:
    """Turn ``turn`` (from 1; negative from the end) step by step, or frame by frame."""
    return _turn_frames(record, record.turn_at(turn), lang, whole_game=False)


def game_frames(record: Record, lang: str = "en") -> list[Frame]:
    """The whole game: the start, then every turn (its steps or frames, then its end)."""
    game = record.engine
    frames: list[Frame] = [(state_svg(game.to_json(record.initial_state()), lang=lang), START_MS)]
    for replayed in record.replay():
        frames += _turn_frames(record, replayed, lang, whole_game=True)
    return frames


def _turn_frames(
    record: Record, replayed: ReplayedTurn, lang: str, *, whole_game: bool
) -> list[Frame]:
    game = record.engine
    before, after = game.to_json(replayed.before), game.to_json(replayed.after)
    turn = _TURNS.get(record.game)
    if turn is None:  # pragma: no cover - every registered game has its turn pictures
        raise ValueError(f"cannot show a turn of game {record.game!r}")
    return turn(record, replayed, before, after, whole_game, lang)


def _shell_turn(
    record: Record,
    replayed: ReplayedTurn,
    before: dict[str, Any],
    after: dict[str, Any],
    whole_game: bool,
    lang: str,
) -> list[Frame]:
    report = replayed.step.report
    if not isinstance(report, TurnReport):  # pragma: no cover - the engine always reports
        return [(_turn_end_svg(record, replayed, lang), TURN_END_MS)]
    pictures = shell.turn_pictures(before, report, after, lang)
    if whole_game:
        # Quiet turns are one picture; turns with captures keep their steps.
        pictures = pictures[1:] if report.waves else pictures[-1:]
    out = [(shell.draw(p, lang), STEP_MS) for p in pictures[:-1]]
    end = GAME_TURN_MS if whole_game else TURN_END_MS
    return [*out, (shell.draw(pictures[-1], lang), end)]


def _snake_turn(
    record: Record,
    replayed: ReplayedTurn,
    before: dict[str, Any],
    after: dict[str, Any],
    whole_game: bool,
    lang: str,
) -> list[Frame]:
    _ = vocabulary.gettext(lang)
    game = record.engine
    states = [game.to_json(f) for f in replayed.step.frames]
    movement = _movement_frames(before, record.turns[replayed.number - 1].orders)
    n = len(states)
    # The state counts its turns: a record that starts mid-game (a correspondence turn's
    # picture is a one-turn record) still says which turn of the game this is.
    number = int(after["turn"])
    where = f"{_('Snake Synapse')} · {vocabulary.terrain_name(lang, str(before['terrain']))}"
    out: list[Frame] = []
    if not whole_game:
        caption = f"{where} · " + _("turn %(n)s: orders revealed", n=number)
        out.append((state_svg(before, caption=caption, lang=lang), STEP_MS))
    for k, frame in enumerate(states, 1):
        kind = (
            "turn %(n)s, settling frame %(k)s of %(of)s"
            if k > movement
            else "turn %(n)s, frame %(k)s of %(of)s"
        )
        caption = f"{where} · " + _(kind, n=number, k=k, of=n)
        out.append((state_svg(frame, caption=caption, lang=lang), SNAKE_FRAME_MS))
    caption = f"{where} · " + _("end of turn %(n)s", n=number)
    caption += snake.result_text(after.get("result"), lang)
    end = GAME_TURN_MS if whole_game else TURN_END_MS
    out.append((state_svg(after, caption=caption, lang=lang), end))
    return out


def _movement_frames(before: dict[str, Any], orders: Any) -> int:
    """How many frames of the turn are movement frames, for the caption only (SS-4.2)."""
    dash = 0
    if isinstance(orders, dict):
        dash = max((o.get("dash", 0) for o in orders.values() if isinstance(o, dict)), default=0)
    return int(before.get("path_length", 0)) + (dash if isinstance(dash, int) else 0)


_TurnPictures = Callable[
    [Record, ReplayedTurn, dict[str, Any], dict[str, Any], bool, str], list[Frame]
]
#: Each game's turn pictures, keyed by its spec's name (``games`` may not know ``render``).
_TURNS: dict[str, _TurnPictures] = {SHELL.name: _shell_turn, SNAKE.name: _snake_turn}
