"""Every resolved turn of a correspondence game, posted as the forum's game master did.

A post tells the turn in the reader's language with the sentences of the live pages
(:class:`samtempa.render.story.Story` for Snake Synapse,
:func:`samtempa.render.shell_story.step_lines` for What the Shell), read from the
engine's own report of the turn, stored with the post; nothing is worked out again
here. It also holds an animated GIF of the turn, frame by frame, in the edition's
language, and ready-to-paste BBCode and Markdown linking the picture.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.games.base import OrderError, StateError
from samtempa.games.registry import get_game
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.i18n import sentence
from samtempa.records import new_record
from samtempa.render import animate, raster, shell_story
from samtempa.render.raster import Frame
from samtempa.render.story import Story
from samtempa.server.core.i18n import LOCALES
from samtempa.server.models import Match, Turn, User
from samtempa.server.models_correspondence import Edition, TurnPost

if TYPE_CHECKING:
    from samtempa.server.core.database import Database

log = logging.getLogger("samtempa.turn_posts")


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    return message


HOW = {
    "early": N_("Resolved as soon as every order was in."),
    "deadline": N_("Resolved at the deadline."),
    "late": N_("Resolved when the last late orders arrived."),
    "hard-deadline": N_("Resolved at the hard deadline."),
    "gm": N_("Resolved now by the game master."),
}


def edition_lang(session: Session, edition: Edition) -> str:
    """The language of an edition's pictures: its game master's (English without one)."""
    gm = session.get(User, edition.gm_user_id) if edition.gm_user_id else None
    return gm.locale if gm is not None and gm.locale in LOCALES else "en"


# --- the summary ---------------------------------------------------------------------------


def summarise(
    game: str,
    number: int,
    how: str,
    orders: dict[str, Any],
    missed: list[str],
    before: dict[str, Any],
    after: dict[str, Any],
    report: Any = None,
    frames: Sequence[Mapping[str, Any]] = (),
    lang: str = "en",
) -> dict[str, Any]:
    """What the post keeps of the turn: the orders and the engine's report (``report``,
    its JSON form; ``frames``, the states after each frame), told per reader later."""
    summary: dict[str, Any] = {
        "game": game,
        "turn": number,
        "how": how,
        "result": after.get("result"),
        "lang": lang,
        "orders": orders,
        "missed": list(missed),
    }
    return _SUMMARIES.get(game, _shell_summary)(summary, before, after, report, frames)


def _shell_summary(
    summary: dict[str, Any],
    before: dict[str, Any],
    after: dict[str, Any],
    report: Any,
    frames: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    # The engine's TurnReport is had again by playing the orders on the state before
    # (a What the Shell state is small): shell_story tells the report itself.
    summary["before"] = before
    return summary


def _told(state: Mapping[str, Any]) -> dict[str, Any]:
    """What :class:`Story` reads of a state to tell a turn: the terrain, the snakes in seat
    order, alive or not, and where their heads are."""
    return {
        "terrain": state["terrain"],
        "snakes": [
            {"id": s["id"], "alive": s["alive"], "body": list(s["body"][:1])}
            for s in state["snakes"]
        ],
    }


def _snake_summary(
    summary: dict[str, Any],
    before: dict[str, Any],
    after: dict[str, Any],
    report: Any,
    frames: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    told = report if isinstance(report, dict) else {}
    removed = list(told.get("removed", []))
    summary.update(
        report=told,
        before=_told(before),
        frames=[_told(f) for f in frames],
        removed=removed,
        missed=[p for p in summary["missed"] if p not in removed],
        deaths=[
            {"frame": fr["frame"], **death}
            for fr in told.get("frames", [])
            for death in fr.get("deaths", [])
        ],
        changes=[{"deaths": fr["change"]} for fr in told.get("frames", []) if fr.get("change")],
        path_length=after["path_length"],
    )
    return summary


def summary_lines(summary: dict[str, Any], _: Callable[..., str], lang: str = "en") -> list[str]:
    """The post in the reader's language (``_`` and ``lang``), one sentence a line."""
    lines = []
    if summary.get("how") in HOW:
        lines.append(_(HOW[summary["how"]]))
    if "before" in summary:  # posts written before the turn was told from its report say less
        lines += _LINES.get(str(summary.get("game")), _shell_lines)(summary, _, lang)
    if "before" not in summary:
        lines += _result_lines(summary.get("result"), _)
    return lines


def _result_lines(result: Any, _: Callable[..., str]) -> list[str]:
    if not isinstance(result, dict):
        return []
    if "winner" in result:
        return [sentence(_("%(player)s wins!", player=_(str(result["winner"]))))]
    return [_("Draw between %(players)s.", players=", ".join(_(p) for p in result["draw"]))]


def _shell_lines(summary: dict[str, Any], _: Callable[..., str], lang: str) -> list[str]:
    game = get_game(SHELL.name)
    try:
        start = game.from_json(dict(summary["before"]))
        picks = {p: game.parse_orders(start, p, o) for p, o in summary["orders"].items()}
        step = game.step(start, picks)
    except (OrderError, StateError, KeyError):
        return []
    steps = shell_story.step_lines(step.report, game.to_json(step.state), summary["missed"], _)
    lines = [line for said in steps for line in said]
    # The story leaves the winner to the page's verdict; a post says it.
    return lines + _result_lines(summary.get("result"), _)


def _snake_lines(summary: dict[str, Any], _: Callable[..., str], lang: str) -> list[str]:
    sections = Story(lang).turn(
        summary["before"],
        summary.get("orders", {}),
        summary.get("missed", []),
        summary.get("report"),
        summary.get("frames", []),
    )
    lines: list[str] = []
    for section in sections:
        if section["frame"] is None:
            lines += section["lines"]
        elif section["lines"]:
            lines.append(f"{section['title']}: " + " ".join(section["lines"]))
    if not summary.get("deaths") and not summary.get("removed"):
        lines.append(_("Nobody dies this turn."))
    return lines


_Summary = Callable[
    [dict[str, Any], dict[str, Any], dict[str, Any], Any, Sequence[Mapping[str, Any]]],
    dict[str, Any],
]
#: Each game's summary and its sentences, keyed by the game spec's name (no name compared).
_SUMMARIES: dict[str, _Summary] = {SHELL.name: _shell_summary, SNAKE.name: _snake_summary}
_LINES: dict[str, Callable[[dict[str, Any], Callable[..., str], str], list[str]]] = {
    SHELL.name: _shell_lines,
    SNAKE.name: _snake_lines,
}


def _bbcode_text(text: str) -> str:
    return text.replace("[", "(").replace("]", ")")


def _markdown_text(text: str) -> str:
    out = text
    for ch in "\\`*_[]()#<>!|":
        out = out.replace(ch, "\\" + ch)
    return out


def snippets(
    title: str,
    summary: dict[str, Any],
    page_url: str,
    gif_url: str,
    _: Callable[..., str],
    lang: str = "en",
) -> dict[str, str]:
    """Ready-to-paste forum posts: the picture linking the game page, then the summary."""
    heading = f"{title} — " + _("Turn %(n)s", n=summary["turn"])
    lines = summary_lines(summary, _, lang)
    bbcode = "\n".join(
        [
            f"[b]{_bbcode_text(heading)}[/b]",
            f"[url={page_url}][img]{gif_url}[/img][/url]",
            "[list]",
            *(f"[*]{_bbcode_text(line)}" for line in lines),
            "[/list]",
        ]
    )
    markdown = "\n".join(
        [
            f"**{_markdown_text(heading)}**",
            "",
            f"[![{_markdown_text(heading)}]({gif_url})]({page_url})",
            "",
            *(f"- {_markdown_text(line)}" for line in lines),
        ]
    )
    return {"bbcode": bbcode, "markdown": markdown}


# --- the picture ---------------------------------------------------------------------------


def state_before(session: Session, match: Match, number: int) -> dict[str, Any]:
    """The canonical state before turn ``number`` (the start for turn 1)."""
    if number > 1:
        row = session.scalar(
            select(Turn).where(Turn.match_id == match.id, Turn.number == number - 1)
        )
        if row is not None:
            return dict(row.state)
    game = get_game(match.game)
    return game.to_json(game.initial_state(match.setup or None))


def turn_pictures(
    game: str, before: dict[str, Any], orders: dict[str, Any], lang: str = "en"
) -> list[Frame]:
    """The turn frame by frame (Snake Synapse) or step by step (What the Shell), as SVG,
    every word in ``lang``.

    The record holds this one turn; the captions take the turn's number from the
    state, so turn 7's pictures say "turn 7".
    """
    record = new_record(game, start=before)
    record.append_orders(orders)
    return animate.turn_frames(record, 1, lang)


def draw_turn_gif(
    game: str, before: dict[str, Any], orders: dict[str, Any], width: int, lang: str = "en"
) -> bytes:
    """:func:`turn_pictures` as a GIF."""
    return raster.animation_bytes(turn_pictures(game, before, orders, lang), "gif", width)


def render_missing_gifs(db: Database, width: int, limit: int = 20) -> int:
    """Draw the GIF of every post still without one (blocking); returns how many were drawn."""
    with db.read() as session:
        waiting = list(
            session.execute(
                select(TurnPost.id, TurnPost.match_id, TurnPost.number, TurnPost.summary)
                .where(TurnPost.gif.is_(None))
                .order_by(TurnPost.id)
                .limit(limit)
            )
        )
    drawn = 0
    for post_id, match_id, number, summary in waiting:
        with db.read() as session:
            match = session.get(Match, match_id)
            row = session.scalar(
                select(Turn).where(Turn.match_id == match_id, Turn.number == number)
            )
            if match is None or row is None:
                continue
            game, orders, before = (
                match.game,
                dict(row.orders),
                state_before(session, match, number),
            )
        try:
            lang = str((summary or {}).get("lang", "en"))
            gif = draw_turn_gif(game, before, orders, width, lang)
        except Exception:
            log.exception("cannot draw turn %s of %s", number, match_id)
            continue
        with db.write() as session:
            post = session.get(TurnPost, post_id)
            if post is not None and post.gif is None:
                post.gif = gif
                drawn += 1
    return drawn
