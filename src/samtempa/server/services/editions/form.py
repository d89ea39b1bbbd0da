"""The game master's form for a correspondence game, its clock limits and the ritual's phases."""

from __future__ import annotations

from dataclasses import dataclass

from samtempa.server.services.lobby import SHELL, SNAKE

HOUR = 3600

#: Clock limits per game, in hours: (default turn, min turn, max turn, default grace, max grace).
CLOCKS = {
    SNAKE: (72, 1, 14 * 24, 24, 14 * 24),
    SHELL: (3 * 24, 24, 14 * 24, 0, 7 * 24),
}
#: The games whose correspondence clock counts whole days per move (keyed by spec name).
WHOLE_DAYS = {SHELL: True, SNAKE: False}


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    return message


#: The terrains' names (msgids of the games' vocabulary, samtempa/words.py).


PHASES = {
    "registration": N_("registration"),
    "colours": N_("colour draft"),
    "races": N_("secret races"),
    "playing": N_("being played"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
}


@dataclass
class NewEdition:
    """The game master's form. Hours: time per turn, then extra time before the hard deadline."""

    game: str = SNAKE
    terrain: str = "classic"
    seats: int | None = None  # None: the terrain's number of players
    turn_hours: int | None = None
    grace_hours: int | None = None
    early: bool = True
    title: str = ""
    public: bool = True
    seed: int | None = None  # None: drawn; a simulation gives one so that it replays
