"""The medium and hard Snake Synapse bots choose the recorded orders on seeded positions.

Recorded before ``bots/snake.py`` was split into ``bots/snake/`` (issue 18), so the
split and the removal of the rule copies are checked to change no decision.
"""

from __future__ import annotations

import json

from tests.bots.snake_decisions import FIXTURE, decisions


def test_bots_choose_the_recorded_orders() -> None:
    recorded = json.loads(FIXTURE.read_text())
    assert len(recorded) == 32
    assert decisions() == recorded
