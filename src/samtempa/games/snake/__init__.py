"""Snake Synapse: up to eight snakes, five secret steps a turn (``rules/snake-synapse.md``).

Where each rule lives: terrains and their int geometry in :mod:`.terrain`
(data in ``terrains/*.json``), the state in :mod:`.state`, orders and the
checks of SS-3.3 in :mod:`.orders`, the turn of SS-4 in :mod:`.turn`, the
frame steps of SS-5.1 in :mod:`.frame`, growth (SS-6) in :mod:`.growth`,
terrain changes (SS-7) in :mod:`.changes`, the powers (SS-8) in
:mod:`.powers` and :mod:`.schedule`, the canonical JSON (SS-11) in
:mod:`.codec` and :mod:`.fields`, the setup object (SS-2.5) in :mod:`.setup`.

>>> from samtempa.games.snake import SnakeSynapse
>>> game = SnakeSynapse()
>>> state = game.initial_state({"terrain": "classic", "snakes": [
...     {"id": "red", "race": "trapper"}, {"id": "blue", "race": "digger"}]})
>>> after = game.play(state, {"red": {"path": "URDRR"}, "blue": {"path": "DDDDD"}})
>>> game.to_json(after.state)["snakes"][0]["body"]
['F2', 'E2', 'D2', 'D1', 'C1']
>>> len(after.frames)
5
"""

from samtempa.games.snake.game import SnakeSynapse
from samtempa.games.snake.orders import Order, Shot, Trap
from samtempa.games.snake.state import Cause, Race, Snake, State
from samtempa.games.snake.terrain import TERRAIN_IDS, Terrain, load_terrain

__all__ = [
    "TERRAIN_IDS",
    "Cause",
    "Order",
    "Race",
    "Shot",
    "Snake",
    "SnakeSynapse",
    "State",
    "Terrain",
    "Trap",
    "load_terrain",
]
