"""A correspondence turn's post and GIF in French and Esperanto (issue 19).

The post tells the turn with the live pages' sentences (``render/story.py``,
``render/shell_story.py``) from the engine's report; its GIF speaks the edition's
language (its game master's) and says which turn it shows, turn after turn. The
English words looked for are those of the English source messages
(:mod:`tests.render.words_check`).
"""

from __future__ import annotations

import asyncio
import re
from random import Random
from typing import Any

import pytest
from sqlalchemy import select

from samtempa import words
from samtempa.adjudicate import load_case
from samtempa.bots.registry import make_bot
from samtempa.games.registry import get_game
from samtempa.records import record_from_case
from samtempa.render import raster, shell_story
from samtempa.render.story import Story
from samtempa.server.app import Services
from samtempa.server.core.clock import ManualClock
from samtempa.server.core.i18n import Catalogs
from samtempa.server.models import Match, User
from samtempa.server.models_correspondence import TurnPost
from samtempa.server.services.matches import Actor, seats_of
from samtempa.server.services.reports import report_to_json
from samtempa.server.services.turn_posts import summarise, summary_lines
from tests.render.helpers import CASES, all_text, parse
from tests.render.words_check import english_in

from .conftest import quick_edition

LANGS = ("fr", "eo")


def told_turn(case: str, turn: int, lang: str) -> tuple[dict[str, Any], Any, list[str]]:
    """A recorded turn's summary as the post keeps it, the engine's step, and its lines."""
    record = record_from_case(load_case(CASES / case))
    game = record.engine
    replayed = record.turn_at(turn)
    before, after = game.to_json(replayed.before), game.to_json(replayed.after)
    report = report_to_json(record.game, replayed.step.report, replayed.after)
    frames = [game.to_json(f) for f in replayed.step.frames]
    orders = record.turns[turn - 1].orders
    if isinstance(orders, str):  # What the Shell's notation, "G5/A1": the server keeps each
        orders = dict(zip(("black", "white"), orders.split("/"), strict=True))
    summary = summarise(record.game, turn, "early", orders, [], before, after, report, frames, lang)
    lines = summary_lines(summary, Catalogs().gettext(lang), lang)
    return summary, replayed, lines


@pytest.mark.parametrize("lang", LANGS)
def test_a_snake_post_tells_the_turn_in_the_storys_sentences(lang: str) -> None:
    case = "snake-synapse/races/two-dashers-together.json"  # the record starts at turn 7
    summary, _replayed, lines = told_turn(case, 1, lang)
    text = "\n".join(lines)
    assert not english_in(text, lang), sorted(english_in(text, lang))
    story = Story(lang)
    before = summary["before"]
    for sid, order in summary["orders"].items():
        assert story.order(before, sid, order) in lines
    deaths = [d for fr in summary["report"]["frames"] for d in fr["deaths"]]
    assert len(deaths) == 2
    for death in deaths:
        assert story.snake_name(before, death["snake"]) in text
        assert words.death_cause(lang, death["cause"]) in text
    assert summary["deaths"] == [
        {"frame": fr["frame"], **d} for fr in summary["report"]["frames"] for d in fr["deaths"]
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_shell_post_tells_the_turn_in_the_shell_storys_sentences(lang: str) -> None:
    case = "what-the-shell/wts-capture-column-hatches-egg.json"
    _summary, replayed, lines = told_turn(case, 1, lang)
    text = "\n".join(lines)
    assert not english_in(text, lang), sorted(english_in(text, lang))
    _ = Catalogs().gettext(lang)
    after = get_game("what-the-shell").to_json(replayed.after)
    steps = shell_story.step_lines(replayed.step.report, after, [], _)
    told = [line for said in steps for line in said]
    assert len(told) > 3  # the picks, a capture, the hatched egg
    assert lines[1 : 1 + len(told)] == told


async def play_turns(services: Services, match_id: str, turns: int) -> None:
    """``turns`` turns (or until the end) of the easy bots' orders, sent by the players."""
    rng = Random(3)
    for _ in range(turns):
        with services.db.read() as session:
            match = session.get(Match, match_id)
            assert match is not None
            if match.status != "playing":
                return
            seats = seats_of(session, match_id)
            game = get_game(match.game)
            state = game.from_json(match.state)
            number = match.turn + 1
        bot = make_bot(match.game, "easy")
        for seat in seats:
            if seat.player not in game.players(state):
                continue
            orders = bot.choose(game, state, seat.player, 0.05, rng)
            sent = game.orders_to_json(
                state, seat.player, game.parse_orders(state, seat.player, orders)
            )
            await services.coordinator.submit(
                match_id, Actor(seat.user_id), seat.player, sent, number
            )
        await services.correspondence.run_due()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["snake-synapse", "what-the-shell"])
def test_every_turns_gif_says_its_own_turn_in_the_editions_language(
    services: Services, clock: ManualClock, monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    drawn: list[list[str]] = []
    real = raster.animation_bytes

    def recording(frames: Any, fmt: str, width: int | None = None) -> bytes:
        drawn.append([all_text(parse(svg)).split("\n")[0] for svg, _ in frames])
        return real(frames, fmt, width)

    monkeypatch.setattr(raster, "animation_bytes", recording)

    async def scenario() -> str:
        match_id, gm, _people = await quick_edition(services, players=2, game=game)
        with services.db.write() as session:
            master = session.get(User, gm)
            assert master is not None
            master.locale = lang
        await play_turns(services, match_id, 3)
        await services.correspondence.render_gifs()
        return match_id

    match_id = asyncio.run(scenario())
    with services.db.read() as session:
        posts = list(
            session.scalars(
                select(TurnPost).where(TurnPost.match_id == match_id).order_by(TurnPost.number)
            )
        )
        numbers = [p.number for p in posts]
        summaries = [p.summary for p in posts]
    assert len(numbers) >= 2, "the game should last more than one turn"
    assert all(s["lang"] == lang for s in summaries)
    assert len(drawn) == len(numbers)
    turn_word = words.gettext(lang)("turn %(n)s", n=0).lower().replace("0", r"(\d+)")
    for number, captions in zip(numbers, drawn, strict=True):
        said = {int(n) for c in captions for n in re.findall(turn_word, c.lower())}
        assert said == {number}, captions
        for caption in captions:
            assert not english_in(caption, lang), caption
    for summary in summaries:
        text = "\n".join(summary_lines(summary, Catalogs().gettext(lang), lang))
        assert not english_in(text, lang), (sorted(english_in(text, lang)), text)
