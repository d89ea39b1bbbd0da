"""The Snake Synapse terminal game, played whole with scripted keyboards."""

from __future__ import annotations

import io
from random import Random

import pytest
from rich.console import Console

from samtempa.bots.snake_safe import safe_order
from samtempa.games.snake import TERRAIN_IDS, Order, State, load_terrain
from samtempa.games.snake.terrain import PathLength
from samtempa.terminal import snake as terminal
from samtempa.terminal.common import Prompter, ScriptedPrompter, Seat
from samtempa.terminal.snake import (
    Player,
    make_player_seat,
    order_text,
    parse_orders_text,
    run_game,
    setup_game,
)

RACES = ["breaker", "dasher", "trapper", "digger", "ghost", "shooter"]


def recorded_console() -> Console:
    return Console(file=io.StringIO(), record=True, width=120, force_terminal=False)


class Keyboard:
    """Each person types the random-safe bot's orders for their snake (powers included)."""

    def __init__(
        self, players: list[Player], rng: Random, first: dict[str, str] | None = None
    ) -> None:
        self.players = {p.seat.name: p for p in players}
        self.state: State | None = None
        self.rng = rng
        self.first = dict(first or {})
        #: (turn, snake, typed text)
        self.typed: list[tuple[int, str, str]] = []

    def answer(self, prompt: str) -> str:
        if "your orders" not in prompt:
            return ""  # Enter, at handovers and between turns
        player = self.players[prompt.split(",", maxsplit=1)[0]]
        assert self.state is not None
        if player.snake in self.first:
            text = self.first.pop(player.snake)
        else:
            text = order_text(safe_order(self.state, player.snake, self.rng, power_chance=0.5))
        self.typed.append((self.state.turn + 1, player.snake, text))
        return text


def humans(n: int, rng: Random) -> list[Seat]:
    return [make_player_seat(f"P{i}", "human", rng) for i in range(n)]


def play_scripted(
    monkeypatch: pytest.MonkeyPatch,
    terrain: str,
    seats: list[Seat],
    races: list[str],
    rng: Random,
    first: dict[str, str] | None = None,
    max_turns: int | None = None,
) -> tuple[State, Keyboard, ScriptedPrompter]:
    state, players = setup_game(load_terrain(terrain), seats, races)
    console = recorded_console()
    keyboard = Keyboard(players, rng, first)
    prompter = ScriptedPrompter(keyboard.answer, console)
    original = terminal.ask_orders

    def ask(
        prompter_: Prompter, console_: Console, seat: Seat, sid: str, seen: State, secret: bool
    ) -> Order:
        keyboard.state = seen  # the keyboard types for the position the person sees
        return original(prompter_, console_, seat, sid, seen, secret)

    monkeypatch.setattr(terminal, "ask_orders", ask)
    final = run_game(
        console, prompter, state, players, delay=0, sleep=lambda s: None, max_turns=max_turns
    )
    return final, keyboard, prompter


def test_orders_text_round_trips_and_refuses_with_a_reason() -> None:
    order = parse_orders_text("urdrr trap 2 u shoot 1 1 L")
    assert order_text(order) == "URDRR trap 2 U shoot 1 1 L"
    assert parse_orders_text("break") == Order(breaker=True)
    for bad, reason in (
        ("", "type a path"),
        ("URDRR dash 3", "dash is 1 or 2"),  # the engine's reason (SS-3.3 check 2)
        ("URDRR trap x U", "needs a number"),
        ("URDRR fly", "unknown word"),
    ):
        with pytest.raises(ValueError, match=reason):
            parse_orders_text(bad)


def test_a_hotseat_game_hides_each_path_and_asks_again_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = Random(4)
    seats = [*humans(3, rng), make_player_seat("Bot", "easy", rng)]
    final, keyboard, prompter = play_scripted(
        monkeypatch, "classic", seats, ["ghost", "digger", "trapper", "dasher"], rng,
        first={"red": "URDR"},
    )  # fmt: skip
    assert final.result is not None
    asked = [q for q in prompter.questions if "your orders" in q.prompt]
    assert len(asked) == len(keyboard.typed) >= 4
    assert all(q.secret for q in asked), "hotseat orders are typed without echo"
    assert "path has 4 moves, this turn needs 5" in asked[1].screen  # red asked again
    for q, (turn, sid, _) in zip(asked, keyboard.typed, strict=True):
        earlier = [text for t, other, text in keyboard.typed if t == turn and other != sid]
        for text in earlier:
            assert text.split()[0] not in q.screen, f"{sid} could see another path"


@pytest.mark.parametrize("terrain", TERRAIN_IDS)
def test_a_whole_game_with_a_person_and_bots_on_every_terrain(
    monkeypatch: pytest.MonkeyPatch, terrain: str
) -> None:
    t = load_terrain(terrain)
    rng = Random(11)
    n = t.players
    seats = [*humans(1, rng), *(make_player_seat(f"B{i}", "easy", rng) for i in range(n - 1))]
    races = [(t.races or RACES)[i % len(t.races or RACES)] for i in range(n)]
    final, keyboard, _ = play_scripted(monkeypatch, terrain, seats, races, rng)
    assert final.result is not None
    assert keyboard.typed
    # Through deaths, terrain changes and, where the terrain has them, path-length changes.
    assert final.deaths >= 2
    assert final.grid != t.grid or final.wrap_rows != t.wrap_rows or final.pending
    applied = [k for k in sorted(t.changes) if k <= final.deaths and k not in final.queued]
    lengths = [v.value for k in applied for v in t.changes[k]
               if isinstance(v, PathLength)]  # fmt: skip
    assert final.path_length == (lengths[-1] if lengths else t.path_length)


@pytest.mark.parametrize("terrain", ["classic", "aperture-science"])
def test_every_power_is_used_in_the_terminal_without_error(
    monkeypatch: pytest.MonkeyPatch, terrain: str
) -> None:
    t = load_terrain(terrain)
    rng = Random(5)
    races = list(t.races or RACES) * (6 if t.races else 1)
    seats = humans(6, rng)
    first = {
        "red": "break" if races[0] == "breaker" else "DDDDD shoot 1 1 U",
        "blue": "DDDDD dash 2" if races[1] == "dasher" else "DDDDD shoot 2 1 L",
        "green": "DDDDD trap 1 L" if races[2] == "trapper" else "DDDDD shoot 1 2 R",
        "yellow": "UUUUU dig 1" if races[3] == "digger" else "RRRRR shoot 3 1 D",
        "purple": "UUUUU ghost" if races[4] == "ghost" else "UUUUU shoot 1 2 U",
        "cyan": "UUUUU shoot 1 1 U shoot 3 2 L",
    }
    final, keyboard, prompter = play_scripted(
        monkeypatch, terrain, seats, races, rng, first=first, max_turns=1
    )
    assert final.turn == 1
    assert [text for _, _, text in keyboard.typed] == list(first.values())
    screens = "".join(q.screen for q in prompter.questions)
    assert "Try again" not in screens
    spent = {s.id: s.charges for s in final.snakes}
    if terrain == "classic":
        assert spent == {"red": 0, "blue": 0, "green": 0, "yellow": 0, "purple": 0, "cyan": 1}


def test_the_terminal_names_bot_levels_as_the_site_does() -> None:
    """One name per level (issue 19): ``easy`` is the random-safe bot, ``safe`` is no level."""
    from samtempa.bots.registry import LEVELS
    from samtempa.bots.snake_safe import SnakeSafeBot

    seat = make_player_seat("Red", "easy", Random(1))
    assert isinstance(seat.bot, SnakeSafeBot)
    assert "easy" in seat.name
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_player_seat("Red", "safe", Random(1))
    assert LEVELS["snake-synapse"] == ("easy", "medium", "hard")
