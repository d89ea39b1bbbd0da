"""``samtempa play what-the-shell``: the game in a terminal, hotseat or against a bot.

In hotseat the screen is cleared and the keyboard handed over before each
pick, and picks are typed without echo, so neither player ever sees the
other's pick before both are in (WTS-2.1).
"""

from __future__ import annotations

from random import Random

from rich.console import Console
from rich.text import Text

from samtempa.bots.registry import LEVELS
from samtempa.games.shell import notation
from samtempa.games.shell.board import SIZE, STRIDE, square_name
from samtempa.games.shell.game import WhatTheShell
from samtempa.games.shell.rules import TurnReport, step_with_report
from samtempa.games.shell.spec import SPEC
from samtempa.games.shell.state import BLACK, INITIAL, SUDDEN_DEATH, WHITE, ShellState
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
    is_hotseat,
    make_seat,
    people_in_turn,
)

GAME = SPEC.name

GLYPH = {BLACK: "●", WHITE: "○"}
STYLE = {BLACK: "bold bright_white on grey23", WHITE: "bold black on grey85"}


def board_text(state: ShellState, report: TurnReport | None = None) -> Text:
    """The board with coordinates; eggs show their place in the queue (1 hatches first).

    The last turn is marked: picks in brackets, captured cells ``×``, vanished
    eggs ``∅``, hatched turtles underlined, winning turtles highlighted.
    """
    picks = set()
    captured: set[int] = set()
    vanished: set[int] = set()
    hatched: set[int] = set()
    winning: set[int] = set()
    if report is not None:
        picks = {report.black_pick, report.white_pick}
        captured = set(report.captured)
        vanished = set(report.vanished)
        hatched = {sq for _, sq in report.hatched}
        winning = set(report.winning_black) | set(report.winning_white)
    order = {sq: i + 1 for i, sq in enumerate(state.queue)}
    text = Text("    " + "".join(f" {c} " for c in COLUMNS[:SIZE]) + "\n", style="bold")
    for row in range(SIZE):
        text.append(f"{row + 1:>3} ", style="bold")
        for col in range(SIZE):
            sq = row * STRIDE + col
            bit = 1 << sq
            left, right = ("[", "]") if sq in picks else (" ", " ")
            if state.black & bit or state.white & bit:
                colour = BLACK if state.black & bit else WHITE
                style = STYLE[colour]
                if sq in winning:
                    style += " reverse"
                if sq in hatched:
                    style += " underline"
                text.append(f"{left}{GLYPH[colour]}{right}", style=style)
            elif state.eggs & bit:
                label = str(order[sq]) if order[sq] < 10 else "+"
                text.append(f"{left}{label}{right}", style="bold yellow")
            elif sq in captured:
                text.append(f"{left}×{right}", style="red")
            elif sq in vanished:
                text.append(f"{left}∅{right}", style="magenta")
            else:
                text.append(f"{left}·{right}", style="dim")
        text.append(f" {row + 1}\n", style="bold")
    text.append("    " + "".join(f" {c} " for c in COLUMNS[:SIZE]), style="bold")
    return text


def status_lines(state: ShellState, report: TurnReport | None) -> list[str]:
    lines = [f"Turn {state.turn} played.  ● black   ○ white   1 2 3… eggs (1 hatches first)"]
    if state.queue:
        lines.append("Egg queue, oldest first: " + ", ".join(square_name(s) for s in state.queue))
    if report is not None:
        lines += report.describe()
    nb, nw = state.winning_black, state.winning_white
    if state.result is not None:
        if state.result == "draw":
            lines.append("The board is full: the game is a draw (WTS-6.4).")
        else:
            lines.append(
                f"{state.result.capitalize()} wins with {max(nb, nw)} winning turtles "
                f"against {min(nb, nw)}."
            )
    elif state.phase == SUDDEN_DEATH:
        lines.append(
            f"SUDDEN DEATH: both have {nb} winning turtles. Lengthen your line, make a second "
            "one, or break the opponent's (WTS-6.2)."
        )
    return lines


def show(console: Console, state: ShellState, report: TurnReport | None) -> None:
    console.print(board_text(state, report))
    for line in status_lines(state, report):
        console.print(line)


def ask_pick(
    prompter: Prompter, console: Console, seat: Seat, colour: str, state: ShellState, secret: bool
) -> int:
    """Ask a person for a pick until it is legal; ``e5`` and ``E5`` both work."""
    game = WhatTheShell()

    def parse(answer: str) -> int:
        pick = notation.parse_pick(notation.normalise_pick(answer), colour)
        game.validate(state, colour, pick)
        return pick

    hint = " (typed without echo)" if secret else ""
    pick: int = ask_until_valid(
        prompter, console, f"{seat.name} ({GLYPH[colour]}), your pick{hint}: ", parse, secret=secret
    )
    return pick


def run_game(console: Console, prompter: Prompter, seats: dict[str, Seat]) -> ShellState:
    """Play one whole game; returns the final state (also when a player quits)."""
    game = WhatTheShell()
    state, report = INITIAL, None
    humans = any(seat.is_human for seat in seats.values())
    hotseat = is_hotseat(seats.values())
    try:
        while state.result is None:
            picks = bot_orders(game, state, seats)
            for colour, secret in people_in_turn(console, prompter, game.players(state), seats):
                show(console, state, report)
                picks[colour] = ask_pick(prompter, console, seats[colour], colour, state, secret)
            state, report = step_with_report(state, picks[BLACK], picks[WHITE])
            clear(console, prompter)
            console.print(
                f"[bold]Revealed:[/bold] black {square_name(picks[BLACK])}, "
                f"white {square_name(picks[WHITE])}"
            )
            if hotseat and state.result is None:
                show(console, state, report)
                prompter.ask("Both of you: look at the reveal, then press Enter. ")
            elif not humans:
                show(console, state, report)
        clear(console, prompter)
        show(console, state, report)
    except Quit:
        console.print("Game left.")
    return state


def main(black: str = HUMAN, white: str | None = None, seed: int | None = None) -> int:
    console = Console()
    prompter = ConsolePrompter(console)
    rng = Random(seed)
    try:
        if white is None:
            options = ["a friend on this keyboard", *(f"{lvl} bot" for lvl in LEVELS[GAME])]
            answer = choose(prompter, console, "What the Shell: play against", options)
            white = HUMAN if answer == options[0] else answer.split()[0]
        seats = {
            BLACK: make_seat("Black", black, GAME, rng),
            WHITE: make_seat("White", white, GAME, rng),
        }
    except ValueError as e:
        console.print(f"[red]{e}[/red]")
        return 2
    except Quit:
        return 0
    run_game(console, prompter, seats)
    return 0
