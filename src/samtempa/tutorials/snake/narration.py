"""A Snake Synapse turn in words, frame by frame, from the engine's report.

Sentences come from the engine's :class:`~samtempa.games.snake.report.TurnReport`
(deaths with cause and killer, growth, terrain changes, traps, portals);
nothing here decides a rule. Names (snakes, races) are the games' words
(:mod:`samtempa.words`); sentences are the tutorials' catalogue.
"""

from __future__ import annotations

from typing import Any

from samtempa import words as vocabulary
from samtempa.games.base import JSON
from samtempa.games.snake.terrain import DIRS
from samtempa.tutorials.catalog import N_, pick_lang, tr, trc
from samtempa.tutorials.snake.orders import order_text

#: How a snake dies: the engine's cause (SS-5.8) in the games' words, and the snake whose
#: body it hit (its killer, SS-5.5 case 1) when there is one.
DEATH = N_("%(who)s dies %(cause)s (death %(nth)s).")
DEATH_BY = N_("%(who)s dies %(cause)s: %(by)s's (death %(nth)s).")
#: A portal placed by a shot, by the direction it faces.
PORTALS = {
    "U": N_("%(who)s places portal %(slot)s on %(cell)s, facing up."),
    "D": N_("%(who)s places portal %(slot)s on %(cell)s, facing down."),
    "L": N_("%(who)s places portal %(slot)s on %(cell)s, facing left."),
    "R": N_("%(who)s places portal %(slot)s on %(cell)s, facing right."),
}


def name_of(snake_id: str, lang: str) -> str:
    """A snake as a player's name: ``Rouge``, ``Ruĝo``, ``Red`` (the games' words)."""
    return vocabulary.snake_name(pick_lang(lang), snake_id)


def _frame_events(f: Any, lang: str, cell: Any) -> list[str]:
    """What happened in one frame of the report, in the engine's order of steps."""

    def name(snake_id: str) -> str:
        return name_of(snake_id, lang)

    events: list[str] = []
    if f.change is not None:
        events.append(tr(lang, "The terrain changes (death %(nth)s).", nth=_nth(f.change, lang)))
    for t in f.teleports:
        events.append(
            tr(lang, "%(who)s goes through %(owner)s's portals from %(a)s to %(b)s.",
               who=name(t.snake), owner=name(t.owner), a=cell(t.source), b=cell(t.target))
        )  # fmt: skip
    for snake_id, death in f.deaths:
        cause = vocabulary.death_cause(pick_lang(lang), str(death.cause))
        values = {"who": name(snake_id), "cause": cause, "nth": _nth(death.number, lang)}
        if str(death.cause) == "body" and death.by:
            events.append(tr(lang, DEATH_BY, by=name(death.by), **values))
        else:
            events.append(tr(lang, DEATH, **values))
    for snake_id in f.ghosts_ended:
        events.append(tr(lang, "%(who)s is no longer a ghost.", who=name(snake_id)))
    for snake_id, trap_cell in f.traps:
        if trap_cell is None:
            events.append(tr(lang, "%(who)s's trap finds no free cell.", who=name(snake_id)))
        else:
            events.append(
                tr(lang, "%(who)s turns %(cell)s into a trap.", who=name(snake_id),
                   cell=cell(trap_cell))
            )  # fmt: skip
    for shot in f.shots:
        if shot.outcome == "placed" and shot.cell is not None:
            events.append(
                tr(lang, PORTALS[DIRS[shot.dir]], who=name(shot.snake), slot=shot.slot,
                   cell=cell(shot.cell))
            )  # fmt: skip
        elif shot.outcome == "lost":
            events.append(
                tr(lang, "%(who)s's shot finds no wall: it is lost.", who=name(shot.snake))
            )
        else:
            events.append(
                tr(lang, "A snake is crossing %(who)s's portals: the shot is spent for nothing.",
                   who=name(shot.snake))
            )  # fmt: skip
    for portal in f.portals_removed:
        events.append(
            tr(lang, "%(who)s's portal %(slot)s on %(cell)s disappears.", who=name(portal.owner),
               slot=portal.slot, cell=cell(portal.cell))
        )  # fmt: skip
    for snake_id in f.digging_stopped:
        events.append(
            tr(lang, "The wall under %(who)s's head is gone: it stops digging.", who=name(snake_id))
        )
    if f.growth:
        events.append(tr(lang, "growth %(list)s.", list=_growth(f.growth, lang)))
    return events


def describe_turn(turn: JSON, before: Any, report: Any, lang: str) -> list[str]:
    """The revealed orders, then every frame's events, from the engine's report."""
    cell = before.terrain.name_of
    lines = [tr(lang, "Paths revealed:")]
    for snake in before.snakes:
        if snake.id in turn:
            order = order_text(turn[snake.id], lang)
            lines.append("  " + tr(lang, "%(who)s: %(order)s", who=name_of(snake.id, lang),
                                   order=order))  # fmt: skip
    quiet = True
    for f in report.frames:
        events = _frame_events(f, lang, cell)
        if events:
            quiet = False
            if f.settling:
                tag = tr(lang, "Frame %(n)s (nobody moves):", n=f.frame)
            else:
                tag = tr(lang, "Frame %(n)s:", n=f.frame)
            lines += [f"{tag} {event}" for event in events]
    if quiet:
        lines.append(tr(lang, "Every snake made its path; nobody died."))
    if report.growth:
        lines.append(
            tr(lang, "End of the turn, growth %(list)s.", list=_growth(report.growth, lang))
        )
    result = report.result
    if result is not None:
        if result.winner is not None:
            lines.append(
                tr(lang, "%(who)s is the last snake alive and wins.",
                   who=name_of(result.winner, lang))
            )  # fmt: skip
        else:
            draw = ", ".join(name_of(s, lang) for s in result.draw)
            lines.append(tr(lang, "No snake is left alive: a draw between %(list)s.", list=draw))
    return lines


def _nth(n: int, lang: str) -> str:
    """An ordinal for a death number: ``1re``, ``2e``; ``1-a``; ``1`` (English says "death 1")."""
    if n == 1:
        return trc(lang, "death ordinal", "1")
    return trc(lang, "death ordinal", "%(n)s", n=n)


def _growth(growth: dict[str, int], lang: str) -> str:
    return ", ".join(f"{name_of(s, lang)} +{g}" for s, g in growth.items())
