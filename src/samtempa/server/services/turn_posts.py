"""Every resolved turn of a correspondence game, posted as the forum's game master did.

A post holds a summary (deaths and who killed whom, removals, growth,
terrain changes, the path length from now on), an animated GIF of the turn
frame by frame, and ready-to-paste BBCode and Markdown linking the picture.
The summary is read from the canonical states before and after the turn
(rules page section 11), so no rule is applied twice; the GIF replays the
turn through the engine (:mod:`samtempa.render`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.games.registry import get_game
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.records import new_record
from samtempa.render import animate, raster
from samtempa.render.raster import Frame
from samtempa.server.models import Match, Turn
from samtempa.server.models_correspondence import TurnPost

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

CAUSES = {
    "body": N_("%(snake)s dies (death %(n)s, frame %(frame)s): killed by %(by)s."),
    "body-nobody": N_("%(snake)s dies (death %(n)s, frame %(frame)s): it hit a snake."),
    "self": N_("%(snake)s dies (death %(n)s, frame %(frame)s): it ran into itself."),
    "wall": N_("%(snake)s dies (death %(n)s, frame %(frame)s): it hit a wall."),
    "head-on": N_("%(snake)s dies (death %(n)s, frame %(frame)s): head-on collision."),
    "ghost": N_("%(snake)s dies (death %(n)s, frame %(frame)s): a ghost overlap."),
}


# --- the summary ---------------------------------------------------------------------------


def summarise(
    game: str,
    number: int,
    how: str,
    orders: dict[str, Any],
    missed: list[str],
    before: dict[str, Any],
    after: dict[str, Any],
) -> dict[str, Any]:
    """What a turn did, as data (stored with the post, turned into words per reader)."""
    summary: dict[str, Any] = {
        "game": game,
        "turn": number,
        "how": how,
        "result": after.get("result"),
    }
    return _SUMMARIES.get(game, _shell_summary)(summary, orders, missed, before, after)


def _shell_summary(
    summary: dict[str, Any],
    orders: dict[str, Any],
    missed: list[str],
    before: dict[str, Any],
    after: dict[str, Any],
) -> dict[str, Any]:
    summary["picks"] = {p: o for p, o in sorted(orders.items()) if isinstance(o, str)}
    summary["missed"] = list(missed)
    summary["winning"] = after.get("winning_turtles", {})
    return summary


def _snake_summary(
    summary: dict[str, Any],
    orders: dict[str, Any],
    missed: list[str],
    before: dict[str, Any],
    after: dict[str, Any],
) -> dict[str, Any]:
    old = {s["id"]: s for s in before["snakes"]}
    removed = [s["id"] for s in after["snakes"] if s["removed"] and not old[s["id"]]["removed"]]
    deaths = sorted(
        (
            {
                "snake": s["id"],
                "number": s["death"]["number"],
                "frame": s["death"]["frame"],
                "cause": s["death"]["cause"],
                "by": s["death"]["by"],
            }
            for s in after["snakes"]
            if s["death"] is not None and old[s["id"]]["death"] is None
        ),
        key=lambda d: d["number"],
    )
    growth: dict[str, int] = {}
    lengths: dict[str, int] = {}
    for s in after["snakes"]:
        if not s["alive"]:
            continue
        target = s["length"] + s["pending_growth"]
        was = old[s["id"]]["length"] + old[s["id"]]["pending_growth"]
        lengths[s["id"]] = target
        if target > was:
            growth[s["id"]] = target - was
    summary.update(
        removed=removed,
        missed=[p for p in missed if p not in removed],
        deaths=deaths,
        growth=growth,
        lengths=lengths,
        changes=_changes_applied(before, after),
        path_length=after["path_length"],
        path_length_changed=after["path_length"] != before["path_length"],
    )
    return summary


def _changes_applied(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """The terrain changes (SS-7) that took place in the turn, with their ops."""
    from samtempa.server.services.editions import terrain_data

    terrain = terrain_data(after["terrain"])
    if terrain is None:
        return []
    listed = {c["deaths"]: c["ops"] for c in terrain["changes"]}
    due = set(before.get("queued_changes", []))
    due |= {n for n in listed if before["deaths"] < n <= after["deaths"]}
    applied = sorted(n for n in due if n in listed and n not in after.get("queued_changes", []))
    return [{"deaths": n, "ops": listed[n]} for n in applied]


def summary_lines(summary: dict[str, Any], _: Callable[..., str]) -> list[str]:
    """The summary in the reader's language, one sentence a line."""
    lines = []
    if summary.get("how") in HOW:
        lines.append(_(HOW[summary["how"]]))
    lines += _LINES.get(str(summary.get("game")), _shell_lines)(summary, _)
    result = summary.get("result")
    if isinstance(result, dict):
        if "winner" in result:
            lines.append(_("%(player)s wins!", player=_(str(result["winner"]))))
        else:
            lines.append(
                _("Draw between %(players)s.", players=", ".join(_(p) for p in result["draw"]))
            )
    return lines


def _shell_lines(summary: dict[str, Any], _: Callable[..., str]) -> list[str]:
    lines: list[str] = []
    picks = summary.get("picks", {})
    if picks:
        lines.append(
            ", ".join(
                _("%(player)s played %(cell)s.", player=_(p), cell=c) for p, c in picks.items()
            )
        )
    for player in summary.get("missed", []):
        lines.append(
            _(
                "%(player)s sent nothing in time: a random empty cell was played.",
                player=_(player),
            )
        )
    return lines


def _snake_lines(summary: dict[str, Any], _: Callable[..., str]) -> list[str]:
    lines: list[str] = []
    for snake in summary.get("removed", []):
        lines.append(
            _(
                "%(snake)s is removed for missing the deadline: no corpse, no terrain change.",
                snake=_(snake),
            )
        )
    for player in summary.get("missed", []):
        lines.append(
            _(
                "%(player)s sent nothing in time: the same direction for the whole path.",
                player=_(player),
            )
        )
    for d in summary.get("deaths", []):
        key = d["cause"] if d["cause"] != "body" or d["by"] else "body-nobody"
        template = CAUSES.get(key, CAUSES["wall"])
        lines.append(
            _(
                template,
                snake=_(d["snake"]),
                n=d["number"],
                frame=d["frame"],
                by=_(d["by"] or ""),
            )
        )
    if not summary.get("deaths") and not summary.get("removed"):
        lines.append(_("Nobody dies this turn."))
    if summary.get("growth"):
        grown = ", ".join(
            f"{_(s)} +{k} ({summary['lengths'].get(s, '?')})" for s, k in summary["growth"].items()
        )
        lines.append(_("Growth (new length): %(list)s.", list=grown))
    from samtempa.server.services.editions import change_sentences

    for change in summary.get("changes", []):
        lines.append(
            _("Terrain change at %(n)s deaths:", n=change["deaths"])
            + " "
            + " ".join(change_sentences(change["ops"], _))
        )
    if summary.get("path_length") is not None:
        lines.append(_("Paths have %(n)s steps from now on.", n=summary["path_length"]))
    return lines


_Summary = Callable[
    [dict[str, Any], dict[str, Any], list[str], dict[str, Any], dict[str, Any]], dict[str, Any]
]
#: Each game's summary and its sentences, keyed by the game spec's name (no name compared).
_SUMMARIES: dict[str, _Summary] = {SHELL.name: _shell_summary, SNAKE.name: _snake_summary}
_LINES: dict[str, Callable[[dict[str, Any], Callable[..., str]], list[str]]] = {
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
    title: str, summary: dict[str, Any], page_url: str, gif_url: str, _: Callable[..., str]
) -> dict[str, str]:
    """Ready-to-paste forum posts: the picture linking the game page, then the summary."""
    heading = f"{title} — " + _("Turn %(n)s", n=summary["turn"])
    lines = summary_lines(summary, _)
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


def turn_pictures(game: str, before: dict[str, Any], orders: dict[str, Any]) -> list[Frame]:
    """The turn frame by frame (Snake Synapse) or step by step (What the Shell), as SVG.

    The record holds this one turn; the captions take the turn's number from the
    state, so turn 7's pictures say "turn 7".
    """
    record = new_record(game, start=before)
    record.append_orders(orders)
    return animate.turn_frames(record, 1)


def draw_turn_gif(game: str, before: dict[str, Any], orders: dict[str, Any], width: int) -> bytes:
    """:func:`turn_pictures` as a GIF."""
    return raster.animation_bytes(turn_pictures(game, before, orders), "gif", width)


def render_missing_gifs(db: Database, width: int, limit: int = 20) -> int:
    """Draw the GIF of every post still without one (blocking); returns how many were drawn."""
    with db.read() as session:
        waiting = list(
            session.execute(
                select(TurnPost.id, TurnPost.match_id, TurnPost.number)
                .where(TurnPost.gif.is_(None))
                .order_by(TurnPost.id)
                .limit(limit)
            )
        )
    drawn = 0
    for post_id, match_id, number in waiting:
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
            gif = draw_turn_gif(game, before, orders, width)
        except Exception:
            log.exception("cannot draw turn %s of %s", number, match_id)
            continue
        with db.write() as session:
            post = session.get(TurnPost, post_id)
            if post is not None and post.gif is None:
                post.gif = gif
                drawn += 1
    return drawn
