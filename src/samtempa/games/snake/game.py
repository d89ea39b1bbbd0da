"""Snake Synapse behind the :class:`~samtempa.games.base.Game` protocol.

Players are the snakes' ids; one player's orders are an
:class:`~samtempa.games.snake.orders.Order`, in JSON the orders object entry
of SS-3.1.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from samtempa.games.base import JSON, OrderError, Outcome, PlayerId, Resignation, StateError, Step
from samtempa.games.snake import codec, orders, topology, turn
from samtempa.games.snake.order_types import check_turn_types
from samtempa.games.snake.orders import Order, Shot, Trap
from samtempa.games.snake.setup import initial_state as setup_state
from samtempa.games.snake.state import Race, State
from samtempa.games.snake.terrain import DIRS

#: The setup used when none is given: the classic terrain, one snake of each race.
DEFAULT_SETUP: JSON = {
    "terrain": "classic",
    "snakes": [
        {"id": "red", "race": "breaker"},
        {"id": "blue", "race": "dasher"},
        {"id": "green", "race": "trapper"},
        {"id": "yellow", "race": "digger"},
        {"id": "purple", "race": "ghost"},
        {"id": "cyan", "race": "shooter"},
    ],
}


#: The game's registered name (a module constant: mypyc compiles ``name`` below as an
#: instance attribute, which the plug-in spec cannot read from the class).
NAME = "snake-synapse"


class SnakeSynapse:
    """The Snake Synapse engine (``rules/snake-synapse.md``)."""

    name = NAME
    has_frames = True

    def initial_state(self, setup: Mapping[str, Any] | None = None) -> State:
        return setup_state(DEFAULT_SETUP if setup is None else setup)

    def players(self, state: State) -> list[PlayerId]:
        if state.result is not None:
            return []
        return [s.id for s in state.snakes if s.alive]

    def parse_orders(self, state: State, player: PlayerId, data: Any) -> Order:
        return orders.parse_order(player, data)

    def validate(self, state: State, player: PlayerId, orders_: Order) -> None:
        orders.check_one(state, player, orders_)

    def step(self, state: State, orders_: Mapping[PlayerId, Order]) -> Step[State]:
        """Check the whole turn (SS-3.3, checks 1 and 3-10), then play it (SS-4)."""
        orders.check_orders(state, orders_)
        return turn.resolve(state, orders_)

    def play(self, state: State, turn_: Any) -> Step[State]:
        """One orders object (SS-3.1) with the checks of SS-3.3 in their order."""
        if state.result is not None:
            raise OrderError("game-over", "the game is over; no more orders (SS-10.1)")
        return self.step(state, orders.parse_orders(turn_))

    def check_turn(self, turn_: Any) -> None:
        check_turn_types(turn_)

    def case_start(self, case: Mapping[str, Any]) -> State:
        """A setup object (no ``game`` key) or a canonical state between turns (frame 0);
        a case has no default start (conformance.md)."""
        if "start" not in case:
            raise StateError("a Snake Synapse case needs a start: a setup object or a state")
        start = case["start"]
        if not (isinstance(start, dict) and "game" in start):
            return setup_state(start)
        state = codec.from_json(start)
        if state.frame != 0:
            raise StateError(f"a start is a state between turns: frame {state.frame}, not 0")
        return state

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def to_json(self, state: State) -> JSON:
        return codec.to_json(state)

    def from_json(self, data: Any) -> State:
        return codec.from_json(data)

    def player_view(self, state: State, viewer: PlayerId | None) -> JSON:
        """The whole state: between turns nothing is hidden (orders never are in the state)."""
        return codec.to_json(state)

    def guide(self, state: State) -> JSON:
        """Where each step leads, the walls and the portal faces (:func:`.topology.guide`)."""
        return topology.guide(state)

    def missed_order(self, state: State, player: PlayerId, rng: Random) -> Order:
        """The same direction for the whole path (bot-protocol.md): the way the head faces,
        or a random one while the snake is still stacked on its spawn."""
        snake = state.snake(player)
        d = heading(state, player)
        if d is None:
            d = rng.choice(DIRS)
        return Order(path=(d,) * state.path_length) if snake.alive else Order(removed=True)

    def random_orders(self, state: State, player: PlayerId, rng: Random) -> Order:
        """A uniformly random path, sometimes with a random legal use of the snake's power."""
        return random_order(state, player, rng, power_chance=0.15)

    def orders_to_json(self, state: State, player: PlayerId, orders_: Order) -> Any:
        return orders_.to_json()

    def resign(self, state: State, player: PlayerId) -> Resignation[Order]:
        """The removal order of SS-9.1 for this turn: the snake vanishes at step 2 of its
        resolution (SS-4.1), and the game ends there if one snake or none is left (SS-10.1)."""
        removal = Order(removed=True)
        orders.check_one(state, player, removal)
        return Resignation(orders=removal)

    def agreed_draw(self, state: State) -> Outcome | None:
        """No draw by agreement: the page's only draw is SS-10.1's."""
        if state.result is not None:
            raise OrderError("game-over", "the game is over; no more orders (SS-10.1)")
        return None

    def placings(self, state: State, outcome: Outcome | None) -> list[tuple[PlayerId, ...]]:
        """The winner or the snakes sharing the draw (SS-10.1), then the dead, the latest
        death first (one frame, one place: SS-5.8), then the removed (SS-9.1) together.
        In a game stopped before its end the living share the first place."""
        top = set() if outcome is None else {outcome.winner, *outcome.draw}
        key: dict[str, tuple[int, int, int]] = {}
        for snake in state.snakes:
            if snake.id in top or snake.alive:
                key[snake.id] = (2, 0, 0)
            elif snake.death is not None:
                key[snake.id] = (1, snake.death.turn, snake.death.frame)
            else:  # removed
                key[snake.id] = (0, 0, 0)
        places: list[tuple[PlayerId, ...]] = []
        for k in sorted(set(key.values()), reverse=True):
            places.append(tuple(s.id for s in state.snakes if key[s.id] == k))
        return places


def heading(state: State, player: PlayerId) -> str | None:
    """The direction from the neck to the head, if the two are neighbours."""
    snake = state.snake(player)
    body = snake.body
    neck = next((c for c in body[1:] if c != body[0]), None)
    if neck is None:
        return None
    nb = state.terrain.neighbours(state.wrap_rows, state.wrap_columns)
    for d in range(4):
        if nb[neck * 4 + d] == body[0]:
            return DIRS[d]
    return None


def random_order(state: State, player: PlayerId, rng: Random, power_chance: float = 0.15) -> Order:
    """Legal orders (SS-3.3) chosen at random; a power with probability ``power_chance``."""
    snake = state.snake(player)
    n = state.path_length
    path = tuple(rng.choice(DIRS) for _ in range(n))
    if snake.charges <= 0 or rng.random() >= power_chance:
        return Order(path=path)
    race = snake.race
    if race == Race.BREAKER:
        return Order(breaker=True)
    if race == Race.DASHER:
        return Order(path=path, dash=rng.randint(1, min(2, snake.charges)))
    if race == Race.TRAPPER:
        return Order(path=path, trap=Trap(rng.randint(1, n), rng.choice(DIRS)))
    if race == Race.DIGGER:
        return Order(path=path, dig=rng.randint(1, n))
    if race == Race.GHOST:
        return Order(path=path, ghost=True)
    frames = rng.sample(range(1, n + 1), min(n, rng.randint(1, snake.charges)))
    shots = tuple(Shot(f, rng.randint(1, 2), rng.choice(DIRS)) for f in sorted(frames))
    return Order(path=path, shoot=shots)
