"""Every word of a picture in the picture's language (issue 19: "one vocabulary").

For French and Esperanto, each kind of picture (a state as SVG and PNG, a turn as
GIF pictures, a whole game, What the Shell's steps, a two-floor terrain, a
correspondence turn's GIF) is drawn, and its text must hold the translated words
and no English-only word (:mod:`tests.render.words_check`: derived from the English
source messages, not from what the code under test writes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from samtempa import words
from samtempa.adjudicate import load_case
from samtempa.cli import main as cli
from samtempa.games.registry import get_game
from samtempa.records import Record, record_from_case
from samtempa.render import animate
from samtempa.render.raster import svg_to_png
from samtempa.render.shell_draw import pick_letter
from samtempa.render.snake_layout import terrain_data
from samtempa.render.snake_legend import _KEY_TEXT
from samtempa.render.story import Story
from samtempa.render.svg import state_svg
from samtempa.server.services.turn_posts import turn_pictures
from tests.render.helpers import CASES, all_text, find_all, image, parse, texts
from tests.render.words_check import english_in
from tests.server.correspondence.test_turn_pictures import state_after

LANGS = ("fr", "eo")
SNAKE = CASES / "snake-synapse"
SHELL = CASES / "what-the-shell"
#: Cases whose pictures show deaths, corpses, queued and coming terrain changes,
#: wraps, portals and traps; captures, hatched and vanished eggs, collisions, results.
SNAKE_CASES = [
    "core/err-path-length-after-change.json",
    "core/torus-wrap.json",
    "races/two-dashers-together.json",
    "races/dash-one-finished-dasher.json",
    "races/portal-teleport.json",
    "races/trap-success.json",
]
SHELL_CASES = [
    "wts-capture-column-hatches-egg.json",
    "wts-collision-lays-egg.json",
    "wts-vanish-skips-captured-egg.json",
    "wts-sudden-death-lengthen.json",
    "wts-full-board-draw.json",
    "wts-win-five-in-a-row.json",
]


def record_of(path: Path) -> Record:
    return record_from_case(load_case(path))


def text_of(svg: str) -> str:
    root = parse(svg)
    return all_text(root) + "\n" + " ".join(t.text or "" for t in root.iter() if "title" in t.tag)


def assert_translated(svg: str, lang: str) -> str:
    text = text_of(svg)
    assert not english_in(text, lang), (sorted(english_in(text, lang)), text)
    return text


def gif_svgs(record: Record, lang: str) -> list[str]:
    out = [svg for svg, _ in animate.game_frames(record, lang)]
    for n in range(1, len(record.turns) + 1):
        out += [svg for svg, _ in animate.turn_frames(record, n, lang)]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", SNAKE_CASES)
def test_snake_pictures_speak_the_pictures_language(case: str, lang: str) -> None:
    record = record_of(SNAKE / case)
    _ = words.gettext(lang)
    final = animate.record_picture(record, None, lang)
    text = assert_translated(final, lang)
    state = record.engine.to_json(record.final_state())
    assert f"{_('Snake Synapse')} · {words.terrain_name(lang, state['terrain'])}" in text
    for snake in state["snakes"]:
        assert f"{words.word(lang, snake['id'])} · {words.word(lang, snake['race'])}" in text
        death = snake.get("death")
        if death is not None:
            assert words.death_cause(lang, death["cause"]) in text
    key_words = {_(english) for english in _KEY_TEXT.values()}
    for item in find_all(parse(final), "key"):
        assert set(texts(item)) <= key_words
    for svg in gif_svgs(record, lang):
        assert_translated(svg, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_snake_legend_tells_terrain_changes_in_the_storys_words(lang: str) -> None:
    record = record_of(SNAKE / "core/err-path-length-after-change.json")
    state = record.engine.to_json(record.final_state())
    text = " ".join(text_of(state_svg(state, lang=lang)).split())
    changes = terrain_data(str(state["terrain"]))["changes"]  # type: ignore[index]
    upcoming = [int(c["deaths"]) for c in changes if int(c["deaths"]) > int(state["deaths"])]
    for deaths in [*map(int, state["queued_changes"]), min(upcoming)]:
        told = " ".join(Story(lang).change(str(state["terrain"]), deaths))
        assert told
        assert told in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_two_floor_terrains_floors_are_named_in_the_pictures_language(lang: str) -> None:
    game = get_game("snake-synapse")
    snakes = [{"id": c, "race": r} for c, r in (("red", "digger"), ("blue", "shooter"))]
    snakes.append({"id": "green", "race": "ghost", "spawn": "C7'"})
    state = game.to_json(game.initial_state({"terrain": "rhizome-9", "snakes": snakes}))
    assert len(state["grid"]) == 2
    svg = state_svg(state, lang=lang)
    assert_translated(svg, lang)
    labels = {t for n in find_all(parse(svg), "floor-label") for t in texts(n)}
    _ = words.gettext(lang)
    assert labels == {_("Floor 1 (ground)"), _("Floor 2 (basement, C4')")}
    assert labels.isdisjoint({"Floor 1 (ground)", "Floor 2 (basement, C4')"})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", SHELL_CASES)
def test_shell_pictures_speak_the_pictures_language(case: str, lang: str) -> None:
    record = record_of(SHELL / case)
    _ = words.gettext(lang)
    final = animate.record_picture(record, None, lang)
    text = assert_translated(final, lang)
    state = record.engine.to_json(record.final_state())
    assert f"{_('What the Shell')} · {_('after turn %(n)s', n=state['turn'])}" in text
    wt = state["winning_turtles"]
    assert _("Winning turtles: black %(b)s, white %(w)s", b=wt["black"], w=wt["white"]) in text
    for svg in gif_svgs(record, lang):
        assert_translated(svg, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_pick_letters_are_the_players_initials(lang: str) -> None:
    """In French and Esperanto black is *noir*/*nigra* and white *blanc*/*blanka*: a pick
    marked ``B`` would say the wrong player."""
    black, white = (
        pick_letter("black", words.gettext(lang)),
        pick_letter("white", words.gettext(lang)),
    )
    assert black == words.word(lang, "black")[0].upper()
    assert white == words.word(lang, "white")[0].upper()
    record = record_of(SHELL / "wts-capture-column-hatches-egg.json")
    labels = [
        t
        for svg, _ in animate.turn_frames(record, 1, lang)
        for n in find_all(parse(svg), "pick")
        for t in texts(n)
    ]
    assert labels
    assert set(labels) <= {black, white}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_name", ["snake-synapse", "what-the-shell"])
def test_a_correspondence_turns_gif_speaks_the_editions_language(game_name: str, lang: str) -> None:
    before, orders = state_after(game_name, 3, seed=7)
    pictures = turn_pictures(game_name, before, orders, lang)
    assert len(pictures) > 1
    _ = words.gettext(lang)
    number = int(before["turn"]) + 1
    turn = _("turn %(n)s", n=number).lower()
    for svg, _ms in pictures:
        text = assert_translated(svg, lang)
        # Every picture says its own turn (issue 19: all said "turn 1"), in its words.
        assert turn in text.split("\n")[0].lower(), text.split("\n")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_legend_lines_fit_the_picture(lang: str) -> None:
    """Longer French and Esperanto words wrap inside the picture: no legend line runs
    past the right edge (13 px text: under 7 px a character)."""
    record = record_of(SNAKE / "core/err-path-length-after-change.json")
    svg = animate.record_picture(record, None, lang)
    root = parse(svg)
    width = float(root.get("width") or 0)
    lines = find_all(root, "legend")
    assert len(lines) > len(record.engine.to_json(record.final_state())["snakes"])
    for node in lines:
        assert float(node.get("x") or 0) + 7.0 * len(node.text or "") <= width, node.text
    assert image(svg_to_png(svg)).size[0] == round(width)


def dark_columns(png: bytes, top: int, bottom: int) -> list[int]:
    """The x of every column holding ink between rows ``top`` and ``bottom``."""
    im = image(png)
    return [
        x
        for x in range(im.size[0])
        if any(sum(im.getpixel((x, y))[:3]) < 300 for y in range(top, bottom))  # type: ignore[index]
    ]


@pytest.mark.parametrize("lang", [*LANGS, "en"])
def test_the_longest_captions_stay_inside_the_picture(lang: str) -> None:
    """A settling frame on the terrain with the longest name: the caption is cut in two
    lines (or drawn smaller) rather than run off the right edge of the PNG."""
    game = get_game("snake-synapse")
    names = {t: words.terrain_name(lang, t) for t in words.TERRAINS}
    terrain = max(names, key=lambda t: len(names[t]))
    snakes = [{"id": c, "race": "shooter"} for c in ("red", "blue")]
    state = game.to_json(game.initial_state({"terrain": terrain, "snakes": snakes}))
    _ = words.gettext(lang)
    caption = f"{_('Snake Synapse')} · {names[terrain]} · " + _(
        "turn %(n)s, settling frame %(k)s of %(of)s", n=188, k=12, of=12
    )
    svg = state_svg(state, caption=caption, lang=lang)
    width = round(float(parse(svg).get("width") or 0))
    ink = dark_columns(svg_to_png(svg), 8, 52)
    assert ink
    assert max(ink) < width - 4


@pytest.mark.parametrize("lang", LANGS)
def test_the_render_command_draws_in_the_language_asked(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "turn.svg"
    case = SNAKE / "races/two-dashers-together.json"
    assert cli(["render", str(case), "--out", str(out), "--lang", lang]) == 0
    text = assert_translated(out.read_text(encoding="utf-8"), lang)
    assert words.death_cause(lang, "head-on") in text
    english = tmp_path / "english.svg"
    assert cli(["render", str(case), "--out", str(english)]) == 0
    assert english_in(text_of(english.read_text(encoding="utf-8")), lang)  # English by default
