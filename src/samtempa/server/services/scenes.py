"""The live board's scenes: a resolved turn (or the start) drawn for one reader.

The match page asks for turn N: the state after it and after each of its frames as
:func:`samtempa.render.snake_live.scene` draws them, the turn told in the reader's
language (:class:`samtempa.render.story.Story`), and, while N is the turn being
played on, the engine's guide for the path preview (``Game.guide``). Everything in it
was revealed already (a resolved turn, states between turns), so any visitor may
read it, as the replays. A resolved turn never changes: answers are kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.games.registry import get_game
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.render import snake_live
from samtempa.render.story import Story
from samtempa.server.models import Match, Turn
from samtempa.server.services.errors import Refusal

#: The games whose live page shows scenes, and how to draw one.
SceneMaker = Callable[[dict[str, Any], Story, bool], dict[str, Any]]
MAKERS: dict[str, SceneMaker] = {SNAKE.name: snake_live.scene}

_KEPT: OrderedDict[tuple[str, int, str, bool, bool], dict[str, Any]] = OrderedDict()
KEEP = 32
_LOCK = threading.Lock()


def turn_scenes(
    session: Session, match_id: str, number: int, lang: str, stacked: bool = False
) -> dict[str, Any]:
    """Turn ``number`` (0: the start) of a match for a reader of ``lang``."""
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    make = MAKERS.get(match.game)
    if make is None:
        raise Refusal("no-scenes", "this game's page draws its own board", 404)
    if match.state is None:
        raise Refusal("not-started", "the game has not started: seats are still free", 409)
    if not 0 <= number <= match.turn:
        raise Refusal("no-such-turn", "there is no turn %(n)s yet", 404, n=number)
    current = number == match.turn and match.status == "playing"
    key = (match_id, number, lang, stacked, current)
    with _LOCK:
        if key in _KEPT:
            _KEPT.move_to_end(key)
            return _KEPT[key]
    game = get_game(match.game)
    story = Story(lang)
    rows = {
        t.number: t
        for t in session.scalars(
            select(Turn).where(Turn.match_id == match_id, Turn.number.in_((number - 1, number)))
        )
    }
    row = rows.get(number)
    if number == 0:
        after = game.to_json(game.initial_state(match.setup or None))
    elif row is None:
        raise Refusal("no-such-turn", "there is no turn %(n)s yet", 404, n=number)
    else:
        after = row.state
    if number == match.turn:
        after = match.state
    out: dict[str, Any] = {
        "turn": number,
        "letters": story.letters(),
        "final": make(after, story, stacked),
        "frames": [],
        "story": [],
    }
    if row is not None:
        before_row = rows.get(number - 1)
        before = (
            before_row.state
            if before_row is not None
            else game.to_json(game.initial_state(match.setup or None))
        )
        out["frames"] = [make(f, story, stacked) for f in row.frames]
        out["story"] = story.turn(before, row.orders, row.missed, row.report, row.frames)
    if current:
        out["guide"] = game.guide(game.from_json(after))
    with _LOCK:
        _KEPT[key] = out
        while len(_KEPT) > KEEP:
            _KEPT.popitem(last=False)
    return out


def page_scene(session: Session, match: Match, lang: str) -> dict[str, Any] | None:
    """The scenes of the turn a match page opens on, so that the page draws its board at
    once (None for a game without scenes, or one not started)."""
    if match.game not in MAKERS or match.state is None:
        return None
    return turn_scenes(session, match.id, match.turn, lang)
