"""``samtempa play snake-synapse``: 2 to 8 snakes in a terminal, people and bots.

Every seat is a person at this keyboard (hotseat: the screen is wiped and
the keyboard handed over before each person's orders, typed without echo,
so nobody sees another's path before the reveal, SS-3) or a bot. Each turn
is revealed, then played frame by frame as a short animation (SS-4, SS-5),
with deaths, terrain changes, traps and portals shown as they happen.

Orders are typed as a path and optional powers, e.g. ``URDRR``,
``URDRR dash 1``, ``LLUUR trap 2 U``, ``DDLLD dig 3``, ``UUURR ghost``,
``UUUUR shoot 1 1 L shoot 4 2 D`` or ``break``; a refused order is asked
again with the reason.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random

from rich.console import Console
from rich.text import Text

from samtempa import words
from samtempa.bots.registry import LEVELS
from samtempa.games.base import OrderError
from samtempa.games.snake import TERRAIN_IDS, Order, SnakeSynapse, State, load_terrain, notation
from samtempa.games.snake.orders import describe, parse_order
from samtempa.games.snake.report import TurnReport
from samtempa.games.snake.spec import SPEC
from samtempa.games.snake.state import Portal, Race
from samtempa.games.snake.terrain import DIRS, HARD, LADDER, TRAP, WALL, Terrain
from samtempa.grid import COLUMNS
from samtempa.terminal.common import (
    HUMAN,
    ConsolePrompter,
    Prompter,
    Quit,
    Seat,
    ask_until_valid,
    bot_orders,
    choose,
    clear,
    make_seat,
    people_in_turn,
)

GAME = SPEC.name
ENGINE = SnakeSynapse()

#: Seat ids (the snakes' colours, the engine's order: ``SPEC.seats``) and how Rich draws them.
COLOURS = SPEC.seats
STYLES = {
    "red": "red1",
    "blue": "dodger_blue1",
    "green": "green3",
    "yellow": "yellow1",
    "purple": "medium_purple1",
    "cyan": "cyan1",
    "orange": "dark_orange",
    "pink": "hot_pink",
}
DEAD = "grey37"
#: The race symbols of the rule book.
SYMBOLS = {
    Race.BREAKER: "||",
    Race.DASHER: "≈",
    Race.TRAPPER: "[X]",
    Race.DIGGER: "[↑]",
    Race.GHOST: "O",
    Race.SHOOTER: "00",
}
ARROWS = {"U": "⇡", "D": "⇣", "L": "⇠", "R": "⇢"}
HELP = (
    "Orders: a path of {n} letters U D L R (up is towards row 1), then any power: "
    "'dash 1', 'trap STEP DIR', 'dig STEP', 'ghost', 'shoot STEP PORTAL DIR' (repeatable); "
    "or 'break' alone. STEP is your own step number, 1 to {n}."
)


# --- drawing --------------------------------------------------------------------------


def _style(state: State, sid: str) -> str:
    snake = state.snake(sid)
    return STYLES.get(snake.colour, "white") if snake.alive else DEAD


def board_text(state: State, dashing: Sequence[str] = ()) -> Text:
    """The terrain with snakes, corpses, traps, portals and pending deletions.

    Cells are two characters wide; floors side by side on Rhizome. A head is
    ``@`` (``o`` for a ghost, ``v`` for a digger inside a wall), a body ``■``
    (``□`` for a ghost), a corpse in grey; ``##`` walls, ``XX`` undiggable
    ones, ``T`` traps, ``!`` pending deletions, arrows for portals.
    """
    t = state.terrain
    cells: dict[int, tuple[str, str]] = {}
    for s in state.snakes:
        if not s.body:
            continue
        style = _style(state, s.id)
        ghost = s.alive and s.is_ghost
        for c in reversed(s.body[1:]):
            cells[c] = ("□ " if ghost else "■ ", style)
    for s in state.snakes:  # heads on top of every body
        if s.body:
            style = _style(state, s.id)
            head = "o" if s.alive and s.is_ghost else "v" if s.digging else "@"
            mark = "»" if s.id in dashing else " "
            cells[s.body[0]] = (head + mark, f"bold {style}" if s.alive else style)
    portals = {p.cell: p for p in state.portals}
    pending = dict(state.pending)
    header = "    " + "".join(f"{c} " for c in COLUMNS[: t.width])
    text = Text()
    text.append("   ".join(header for _ in range(t.floors)) + "\n", style="bold")
    for row in range(t.height):
        for floor in range(t.floors):
            text.append(f"{row + 1:>3} ", style="bold")
            for col in range(t.width):
                c = floor * t.area + row * t.width + col
                text.append(*_cell(state, c, cells, portals, pending))
            text.append("  " if floor + 1 < t.floors else "\n")
    if t.floors == 2:
        text.append("    ground floor" + " " * (2 * t.width - 8) + "basement (primed: C4')\n")
    return text


def _cell(
    state: State,
    c: int,
    cells: dict[int, tuple[str, str]],
    portals: dict[int, Portal],
    pending: dict[int, bool],
) -> tuple[str, str]:
    ch = state.grid[c]
    if c in cells:
        glyph, style = cells[c]
        if ch in (WALL, HARD, TRAP) or c in pending:
            style += " on grey19"
        return glyph, style
    p = portals.get(c)
    if p is not None:
        style = STYLES.get(state.snake(p.owner).colour, "white")
        return ARROWS[DIRS[p.dir]] + str(p.slot), f"bold {style}" + (" dim" if p.doomed else "")
    if c in pending:
        return "! ", "bold yellow on grey19"
    if ch == WALL:
        return "##", "grey62 on grey30"
    if ch == HARD:
        return "XX", "grey30 on grey11"
    if ch == TRAP:
        return "T ", "bold red on grey19"
    if ch == LADDER:
        return "H ", "bold white"
    return "· ", "grey42"


def status_lines(state: State) -> list[Text]:
    """One line per snake (race, length, charges, state), then the terrain's changes to come."""
    lines = []
    for s in state.snakes:
        line = Text()
        line.append(f"{s.id:<7}", style=_style(state, s.id))
        line.append(f" {s.race.value:<8}{SYMBOLS[s.race]:<4}")
        if s.removed:
            line.append("removed (missed the deadline)", style=DEAD)
        elif not s.alive and s.death is not None:
            by = f" by {s.death.by}" if s.death.by else ""
            cause = words.death_cause("en", str(s.death.cause))  # the vocabulary's word
            line.append(f"dead: {cause}{by} (death {s.death.number})", style=DEAD)
        else:
            grow = f" +{s.pending_growth}" if s.pending_growth else ""
            line.append(f"length {len(s.body)}{grow:<4} charges {s.charges}")
            if s.is_ghost:
                line.append(f"  ghost ({s.ghost_turns_left})", style="italic")
            if s.digging:
                line.append("  digging", style="italic")
        lines.append(line)
    return lines


def changes_text(state: State) -> list[str]:
    """Queued changes, pending deletions and the next change to come (SS-7)."""
    t = state.terrain
    out = []
    if state.queued:
        out.append("Queued terrain changes (deaths): " + ", ".join(map(str, state.queued)))
    if state.pending:
        cells = ", ".join(t.name_of(c) for c, _ in state.pending)
        out.append(f"Pending deletions (walls once left): {cells}")
    if state.portals:
        out.append(
            "Portals: "
            + ", ".join(
                f"{p.owner}'s {p.slot} on {t.name_of(p.cell)} facing {DIRS[p.dir]}"
                + (" (doomed)" if p.doomed else "")
                for p in state.portals
            )
        )
    if state.traps:
        out.append("Traps: " + ", ".join(t.name_of(c) for c in state.traps))
    nxt = [k for k in sorted(t.changes) if k > state.deaths]
    if nxt:
        out.append(f"Next terrain change at {nxt[0]} deaths ({state.deaths} so far).")
    out.append(f"Paths have {state.path_length} steps.")
    return out


def show(console: Console, state: State, title: str, dashing: Sequence[str] = ()) -> None:
    console.print(Text(title, style="bold"))
    console.print(board_text(state, dashing))
    for status in status_lines(state):
        console.print(status)
    for line in changes_text(state):
        console.print(line, markup=False)


# --- orders ---------------------------------------------------------------------------


def parse_orders_text(text: str) -> Order:
    """``URDRR dash 1``, ``break``… as an :class:`Order` (checked by the engine later).

    The engine's notation (:mod:`samtempa.games.snake.notation`); raises
    ``ValueError`` with a reason a player understands.
    """
    try:
        return parse_order("your orders", notation.parse_order_text(text))
    except OrderError as e:
        raise ValueError(e.message) from e


def order_text(order: Order) -> str:
    """The typed form of an order (inverse of :func:`parse_orders_text`)."""
    return notation.order_text(order.to_json())


def ask_orders(
    prompter: Prompter, console: Console, seat: Seat, sid: str, state: State, secret: bool
) -> Order:
    """Ask a person for orders until the engine accepts them (SS-3.3, with its reason)."""
    snake = state.snake(sid)
    console.print(HELP.format(n=state.path_length))

    def parse(answer: str) -> Order:
        order = parse_orders_text(answer)
        ENGINE.validate(state, sid, order)
        return order

    hint = " (typed without echo)" if secret else ""
    prompt = f"{seat.name}, {sid} the {snake.race}, your orders{hint}: "
    order: Order = ask_until_valid(prompter, console, prompt, parse, secret=secret)
    return order


# --- the game -------------------------------------------------------------------------


@dataclass
class Player:
    """A seat and the snake it plays."""

    seat: Seat
    snake: str


def animate(
    console: Console,
    prompter: Prompter,
    state: State,
    step_frames: Sequence[State],
    report: TurnReport,
    orders: dict[str, Order],
    delay: float,
    sleep: Callable[[float], None],
) -> None:
    """Play the turn's frames one after the other, then say what happened."""
    dashes = {sid for sid, o in orders.items() if o.dash}
    lines = [describe(state.snake(sid), o) for sid, o in orders.items()]
    for frame in step_frames:
        clear(console, prompter)
        console.print(Text("Revealed: " + "; ".join(lines)))
        show(console, frame, f"Turn {frame.turn}, frame {frame.frame}", sorted(dashes))
        sleep(delay)
    for line in report.describe(state.terrain):
        console.print(line)


def run_game(
    console: Console,
    prompter: Prompter,
    state: State,
    players: Sequence[Player],
    *,
    delay: float = 0.35,
    sleep: Callable[[float], None] = time.sleep,
    max_turns: int | None = None,
) -> State:
    """Play the game to its end (or ``max_turns`` turns); returns the last state."""
    seats = {p.snake: p.seat for p in players}
    humans = any(seat.is_human for seat in seats.values())
    turns = 0
    try:
        while state.result is None and (max_turns is None or turns < max_turns):
            orders = bot_orders(ENGINE, state, seats)
            for sid, secret in people_in_turn(console, prompter, ENGINE.players(state), seats):
                show(console, state, f"Turn {state.turn + 1}: {sid}'s orders")
                orders[sid] = ask_orders(prompter, console, seats[sid], sid, state, secret)
            step = ENGINE.step(state, orders)
            animate(console, prompter, state, step.frames, step.report, orders, delay, sleep)
            state = step.state
            turns += 1
            if humans and state.result is None:
                prompter.ask("Press Enter for the next turn. ")
        clear(console, prompter)
        show(console, state, "The end" if state.result is not None else f"After turn {state.turn}")
        if state.result is not None:
            if state.result.winner is not None:
                console.print(Text(f"{state.result.winner} wins!", style="bold"))
            else:
                console.print(Text(f"Draw: {', '.join(state.result.draw)}", style="bold"))
    except Quit:
        console.print("Game left.")
    return state


def make_player_seat(name: str, spec: str, rng: Random) -> Seat:
    """``human`` or a bot level of the registry (one name per level, as on the site:
    ``easy`` is the random-safe bot)."""
    return make_seat(name, spec, GAME, rng)


def setup_game(
    terrain: Terrain, seats: Sequence[Seat], races: Sequence[str]
) -> tuple[State, list[Player]]:
    ids = COLOURS[: len(seats)]
    state = ENGINE.initial_state(
        {
            "terrain": terrain.id,
            "snakes": [{"id": i, "race": r} for i, r in zip(ids, races, strict=True)],
        }
    )
    return state, [Player(seat, sid) for seat, sid in zip(seats, ids, strict=True)]


def _ask_setup(
    console: Console,
    prompter: Prompter,
    terrain_id: str | None,
    specs: list[str] | None,
    rng: Random,
) -> tuple[Terrain, list[Seat], list[str]]:
    if terrain_id is None:
        terrain_id = choose(prompter, console, "Snake Synapse: which terrain?", list(TERRAIN_IDS))
    terrain = load_terrain(terrain_id)
    if specs is None:
        counts = [str(n) for n in range(2, terrain.players + 1)]
        count = int(choose(prompter, console, "How many snakes?", counts))
        kinds = [HUMAN, *LEVELS[GAME]]
        specs = [
            choose(prompter, console, f"Seat {i + 1} ({COLOURS[i]}): who plays?", kinds)
            for i in range(count)
        ]
    if not 2 <= len(specs) <= terrain.players:
        raise ValueError(f"{terrain.id} takes 2 to {terrain.players} snakes")
    seats = [make_player_seat(COLOURS[i].capitalize(), spec, rng) for i, spec in enumerate(specs)]
    allowed = list(terrain.races or [r.value for r in Race])
    races = []
    for i, seat in enumerate(seats):
        if len(allowed) == 1:
            races.append(allowed[0])
        elif seat.is_human:
            races.append(choose(prompter, console, f"{seat.name}: your race?", allowed))
        else:
            races.append(allowed[(i + rng.randrange(len(allowed))) % len(allowed)])
    return terrain, seats, races


def main(
    terrain: str | None = None,
    seats: str | None = None,
    seed: int | None = None,
    delay: float = 0.35,
) -> int:
    """``samtempa play snake-synapse [--terrain T] [--seats human,easy,…] [--seed S]``."""
    console = Console()
    prompter = ConsolePrompter(console)
    rng = Random(seed)
    specs = [s.strip() for s in seats.split(",")] if seats else None
    try:
        t, seat_list, races = _ask_setup(console, prompter, terrain, specs, rng)
        state, players = setup_game(t, seat_list, races)
    except (ValueError, KeyError) as e:
        console.print(f"[red]{e}[/red]")
        return 2
    except Quit:
        return 0
    run_game(console, prompter, state, players, delay=delay)
    return 0
