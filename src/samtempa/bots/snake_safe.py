"""The random-safe Snake Synapse bot: a random path that is never certain death.

"Certain" means against what cannot move out of the way during the turn:
walls (``#``, ``X``, traps, corpses, pending deletions, the edge), the bot's
own body as it unfolds, and the part of every other snake's body that is
still there at that step whatever that snake does (its tail end can only
leave so fast, dashes included). Everything else (other heads, growth from
deaths to come) is a risk, not a certainty, and is left to chance: this is
the "easy" level. It sometimes uses its power at random, and digs when a
Digger's path needs it.

>>> from random import Random
>>> from samtempa.games.snake import SnakeSynapse
>>> game = SnakeSynapse()
>>> state = game.initial_state({"terrain": "classic", "snakes": [
...     {"id": "red", "race": "trapper", "spawn": "A1"}, {"id": "blue", "race": "ghost"}]})
>>> order = safe_order(state, "red", Random(1), power_chance=0)
>>> order.path[0] in "DR"  # up and left leave the board
True
"""

from __future__ import annotations

from random import Random
from typing import Any

from samtempa.bots.base import Bot
from samtempa.games.base import Game, PlayerId
from samtempa.games.snake.board import Board
from samtempa.games.snake.orders import Order, Shot, Trap
from samtempa.games.snake.state import Race, Snake, State
from samtempa.games.snake.terrain import DIRS
from samtempa.games.snake.topology import target, wall_cells

#: Paths tried at most before giving up on finding a safe one.
MAX_NODES = 4000


class _Search:
    """The bot's view of one turn: what is certainly in the way at each of its steps."""

    def __init__(self, state: State, me: Snake, ghost_steps: int) -> None:
        self.length = state.path_length
        #: Where a step leads and what is a wall, as the engine says (SS-5.2, SS-5.3, SS-8.4).
        self.board = Board(state)
        self.walls = wall_cells(state)
        self.undiggable = {c for c in self.walls if not self.board.is_diggable(c)}
        #: ``others[k]``: cells other snakes certainly keep during the bot's step k.
        self.others: list[set[int]] = [set() for _ in range(self.length + 1)]
        for s in state.snakes:
            if not s.alive or s.id == me.id or s.is_ghost:
                continue
            if s.race == Race.GHOST and s.charges > 0:
                continue  # it may turn ghost this very turn: nothing about it is certain
            early = min(2, s.charges) if s.race == Race.DASHER else 0
            for k in range(1, self.length + 1):
                gone = max(0, k + early - s.pending_growth)
                self.others[k].update(s.body[: max(0, len(s.body) - gone)])
        self.begin(ghost_steps)

    def begin(self, ghost_steps: int) -> None:
        """Ready for one more draw: the view of the state stays, the draw's own part is new."""
        self.ghost_steps = ghost_steps
        self.nodes = 0

    def target(self, head: int, d: int) -> int:
        """Where a head goes (SS-5.2: portals, neighbours, ladders), asked of the engine."""
        return target(self.board, head, d)[0]

    def safe_paths(
        self,
        rng: Random,
        body: tuple[int, ...],
        pending: int,
        digging: bool,
        can_dig: bool,
    ) -> tuple[list[int], int | None, int]:
        """A safe path (directions, the step to dig at or None), or the longest partial one."""
        best: tuple[list[int], int | None, int] = ([], None, 0)
        stack: list[tuple[list[int], tuple[int, ...], int, bool, bool, int | None]] = [
            ([], body, pending, digging, can_dig, None)
        ]
        while stack and self.nodes < MAX_NODES:
            path, b, g, dig, can, dig_at = stack.pop()
            k = len(path) + 1
            if len(path) > best[2]:
                best = (path, dig_at, len(path))
            if k > self.length:
                return path, dig_at, len(path)
            dirs = list(range(4))
            rng.shuffle(dirs)
            for d in dirs:
                self.nodes += 1
                t = self.target(b[0], d)
                if t < 0:
                    continue
                new_can, new_at = can, dig_at
                wall = t in self.walls
                if wall:
                    if t in self.undiggable:
                        continue
                    if dig:
                        pass
                    elif can:
                        new_can, new_at = False, k
                    else:
                        continue
                new_dig = wall and (dig or new_at == k)
                if k > self.ghost_steps:  # a ghost ignores every snake's cells (SS-8.5)
                    vacates = g == 0 and b.count(b[-1]) == 1 and len(b) > 1
                    if t in self.others[k] or t in (b[:-1] if vacates else b):
                        continue
                nb = (t, *b) if g else (t, *b[:-1])
                stack.append(([*path, d], nb, max(0, g - 1), new_dig, new_can, new_at))
        return best


def safe_order(
    state: State,
    player: PlayerId,
    rng: Random,
    power_chance: float = 0.2,
    searches: dict[PlayerId, _Search] | None = None,
) -> Order:
    """Orders for ``player`` whose path is never certain death, if there is such a path.

    ``searches`` keeps each snake's view of ``state`` between calls, for many draws
    from one state (it changes nothing in what is drawn).
    """
    me = state.snake(player)
    n = state.path_length
    use_power = me.charges > 0 and rng.random() < power_chance
    ghost = use_power and me.race == Race.GHOST
    ghost_steps = n if (ghost or me.ghost_turns_left >= 2) else (1 if me.ghost_turns_left else 0)
    search = searches.get(player) if searches is not None else None
    if search is None:
        search = _Search(state, me, ghost_steps)
        if searches is not None:
            searches[player] = search
    else:
        search.begin(ghost_steps)
    can_dig = me.race == Race.DIGGER and me.charges > 0
    path, dig_at, found = search.safe_paths(rng, me.body, me.pending_growth, me.digging, can_dig)
    if found < n:
        if me.race == Race.BREAKER and me.charges > 0:
            return Order(breaker=True)  # no safe path: staying still is the best bet
        path = path + [rng.randrange(4) for _ in range(n - found)]
    letters = tuple(DIRS[d] for d in path)
    order = Order(path=letters, dig=dig_at)
    if not use_power or dig_at is not None:
        return order
    if me.race == Race.BREAKER and rng.random() < 0.3:
        return Order(breaker=True)
    if me.race == Race.DASHER:
        return Order(path=letters, dash=rng.randint(1, min(2, me.charges)))
    if me.race == Race.TRAPPER:
        k = rng.randint(1, n - 1) if n > 1 else 1
        nxt = letters[k] if k < n else None
        choices = [d for d in DIRS if d != nxt]
        return Order(path=letters, trap=Trap(k, rng.choice(choices)))
    if me.race == Race.GHOST:
        return Order(path=letters, ghost=True)
    if me.race == Race.SHOOTER:
        shots = rng.randint(1, min(2, me.charges))
        frames = sorted(rng.sample(range(1, n + 1), shots))
        shoot = tuple(Shot(f, rng.randint(1, 2), rng.choice(DIRS)) for f in frames)
        return Order(path=letters, shoot=shoot)
    return order


class SnakeSafeBot(Bot):
    """Random-safe Snake Synapse orders (the "easy" level)."""

    name = "snake-safe"

    def __init__(self, power_chance: float = 0.2) -> None:
        self.power_chance = power_chance

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        return safe_order(state, player, rng, self.power_chance).to_json()
