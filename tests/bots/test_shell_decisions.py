"""The What the Shell bots and search primitives give the recorded answers on seeded positions.

Recorded before the search moved from ``games/shell/_fast.pyx`` to ``bots/shell/``
(issue 18), so the move is checked to change no decision and no statistic.
"""

from __future__ import annotations

import json

from tests.bots.shell_decisions import FIXTURE, decisions


def test_bots_and_primitives_give_the_recorded_answers() -> None:
    recorded = json.loads(FIXTURE.read_text())
    assert len(recorded) == 20
    assert decisions() == recorded
