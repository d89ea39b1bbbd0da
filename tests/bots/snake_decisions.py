"""Seeded Snake Synapse positions and the orders the medium and hard bots choose there.

The fixture ``fixtures/snake_decisions.json`` holds what the bots chose before
``bots/snake.py`` became the package ``bots/snake/`` (issue 18);
``test_snake_decisions.py`` checks they still choose the same. The bots are
given all the time they want, so a decision depends on the seed alone (they
stop at their scenario counts, not at a clock). Record again with
``PYTHONPATH=src python tests/bots/snake_decisions.py`` only for a deliberate
change of play.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

from samtempa.bots.snake import SnakeHardBot, SnakeMediumBot
from samtempa.bots.snake_safe import safe_order
from samtempa.games.snake import SnakeSynapse, State
from samtempa.games.snake.terrain import RACES, TERRAIN_IDS, load_terrain

FIXTURE = Path(__file__).parent / "fixtures" / "snake_decisions.json"
GAME = SnakeSynapse()
#: Time enough that no bot ever looks at the clock.
BUDGET_S = 1e6


def positions() -> list[tuple[str, State, str]]:
    """Two positions per terrain, a few random-safe turns in (powers used now and then),
    races drawn; each with the snake whose decision is recorded."""
    out = []
    for k, terrain_id in enumerate((*TERRAIN_IDS, *TERRAIN_IDS)):
        rng = Random(f"decisions/{k}")
        terrain = load_terrain(terrain_id)
        allowed = terrain.races or RACES
        setup = {
            "terrain": terrain_id,
            "snakes": [
                {"id": f"s{i}", "race": rng.choice(allowed)} for i in range(terrain.players)
            ],
        }
        state = GAME.initial_state(setup)
        for _ in range(rng.randint(1, 4) if k < len(TERRAIN_IDS) else rng.randint(4, 9)):
            orders = {p: safe_order(state, p, rng, power_chance=0.2) for p in GAME.players(state)}
            after = GAME.step(state, orders).state
            if after.result is not None:
                break
            state = after
        player = rng.choice(GAME.players(state))
        out.append((f"{k}-{terrain_id}", state, player))
    return out


def decisions() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, state, player in positions():
        for level, bot in (("medium", SnakeMediumBot()), ("hard", SnakeHardBot())):
            rng = Random(f"{name}/{level}")
            out[f"{name}/{level}"] = bot.choose(GAME, state, player, BUDGET_S, rng)
    return out


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(decisions(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
