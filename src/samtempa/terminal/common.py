"""What every terminal game needs: seats, secret prompts, and the hotseat handover.

Input goes through a :class:`Prompter` so tests can script a whole game and
check what was on screen when each player typed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol, TypeVar

from rich.console import Console

from samtempa.bots.base import Bot
from samtempa.bots.registry import LEVELS, make_bot
from samtempa.games.base import Game, OrderError, PlayerId

HUMAN = "human"
#: How long a bot may think over a turn in the terminal (a person waits for it).
BOT_SECONDS = 1.0

S = TypeVar("S")
O = TypeVar("O")  # noqa: E741 - the orders type, as in games/base.py


class Quit(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The player asked to leave the game."""


class Prompter(Protocol):
    def ask(self, prompt: str, *, secret: bool = False) -> str:
        """One line of input; ``secret`` input is not echoed."""
        ...

    def cleared(self) -> None:
        """The screen was just wiped."""
        ...


@dataclass
class ConsolePrompter:
    """Reads from the terminal; secret answers are typed without echo."""

    console: Console

    def ask(self, prompt: str, *, secret: bool = False) -> str:
        try:
            return self.console.input(prompt, password=secret)
        except EOFError as e:
            raise Quit from e

    def cleared(self) -> None:
        pass


@dataclass
class Question:
    """One question a scripted game was asked, with the screen as it was then."""

    prompt: str
    screen: str
    secret: bool
    answer: str


@dataclass
class ScriptedPrompter:
    """Answers questions from a function of the prompt (tests and demos).

    ``screen`` holds everything printed since the screen was last cleared,
    which is what a person at the keyboard could see when asked.
    """

    answer: Callable[[str], str]
    console: Console
    questions: list[Question] = field(default_factory=list)
    _screen: str = ""

    def ask(self, prompt: str, *, secret: bool = False) -> str:
        self._screen += self.console.export_text(clear=True)
        reply = self.answer(prompt)
        self.questions.append(Question(prompt, self._screen, secret, reply))
        return reply

    def cleared(self) -> None:
        self.console.export_text(clear=True)
        self._screen = ""


@dataclass
class Seat:
    """A player's seat: a person at the keyboard or a built-in bot."""

    name: str
    bot: Bot | None = None
    rng: Random = field(default_factory=Random)

    @property
    def is_human(self) -> bool:
        return self.bot is None


def make_seat(name: str, spec: str, game: str, rng: Random) -> Seat:
    """``spec`` is ``human`` or a bot level of ``game``; raises ``ValueError`` otherwise."""
    if spec == HUMAN:
        return Seat(name)
    if spec not in LEVELS[game]:
        choices = ", ".join((HUMAN, *LEVELS[game]))
        raise ValueError(f"{spec!r} is not a seat kind; choose one of {choices}")
    return Seat(f"{name} ({spec} bot)", make_bot(game, spec), Random(rng.getrandbits(64)))


def clear(console: Console, prompter: Prompter | None = None) -> None:
    """Wipe the screen (a scripted prompter forgets what was on it too)."""
    console.clear()
    if prompter is not None:
        prompter.cleared()


def handover(console: Console, prompter: Prompter, name: str) -> None:
    """Hotseat: clear the screen and wait until the next player alone looks."""
    clear(console, prompter)
    console.print(f"[bold]Pass the keyboard to {name}.[/bold]")
    prompter.ask(f"{name}, press Enter when nobody else is looking at the screen. ")
    clear(console, prompter)


def is_hotseat(seats: Iterable[Seat]) -> bool:
    """Two people or more share the keyboard, so each one's orders must stay hidden."""
    return sum(seat.is_human for seat in seats) >= 2


def bot_orders(game: Game[S, O], state: S, seats: Mapping[PlayerId, Seat]) -> dict[PlayerId, O]:
    """The orders of every bot seat whose player gives orders this turn, in seat order.

    A bot's orders that the engine refuses become the engine's missed order,
    as on the site (bot protocol page), so a faulty bot cannot stop the game.
    """
    playing = set(game.players(state))
    orders: dict[PlayerId, O] = {}
    for player, seat in seats.items():
        if seat.bot is None or player not in playing:
            continue
        data = seat.bot.choose(game, state, player, BOT_SECONDS, seat.rng)
        try:
            order = game.parse_orders(state, player, data)
            game.validate(state, player, order)
        except OrderError:
            order = game.missed_order(state, player, seat.rng)
        orders[player] = order
    return orders


def people_in_turn(
    console: Console,
    prompter: Prompter,
    playing: Collection[PlayerId],
    seats: Mapping[PlayerId, Seat],
) -> Iterator[tuple[PlayerId, bool]]:
    """Each person who gives orders this turn, in seat order, with whether to hide them.

    In hotseat the keyboard is handed over before each person is asked and the
    screen wiped once they have typed, so nobody sees another's orders before
    the reveal (WTS-2.1, SS-3); the caller shows the position and asks.
    """
    hotseat = is_hotseat(seats.values())
    for player, seat in seats.items():
        if not seat.is_human or player not in playing:
            continue
        if hotseat:
            handover(console, prompter, seat.name)
        yield player, hotseat
        if hotseat:
            clear(console, prompter)


def ask_until_valid(
    prompter: Prompter,
    console: Console,
    prompt: str,
    parse: Callable[[str], Any],
    *,
    secret: bool = False,
) -> Any:
    """Ask again, with the reason, until ``parse`` accepts the answer.

    ``parse`` raises ``ValueError`` or ``OrderError`` with a message a player
    understands; ``q`` quits.
    """
    while True:
        answer = prompter.ask(prompt, secret=secret).strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit
        try:
            return parse(answer)
        except (ValueError, OrderError) as e:
            message = e.message if isinstance(e, OrderError) else str(e)
            console.print(f"[red]{message}[/red] Try again (q to quit).")


def choose(prompter: Prompter, console: Console, question: str, options: list[str]) -> str:
    """Pick one of ``options`` by number or by name."""
    console.print(question)
    for i, option in enumerate(options, 1):
        console.print(f"  {i}) {option}")

    def parse(answer: str) -> str:
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        if answer in options:
            return answer
        raise ValueError(f"answer a number from 1 to {len(options)}")

    result: str = ask_until_valid(prompter, console, "> ", parse)
    return result
