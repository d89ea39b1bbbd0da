"""Pictures stay byte-identical while render/ is reorganised (issue 18 item 5).

The SVG of every state of a few conformance games, hashed, against
``fixtures/svg_hashes.json``. To record them again after a deliberate change
of the drawing: ``SAMTEMPA_RECORD_SVG=1 pytest tests/render/test_svg_unchanged.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from samtempa.adjudicate import load_case
from samtempa.records import record_from_case
from samtempa.render.svg import state_svg
from tests.render.helpers import case_paths

FIXTURE = Path(__file__).parent / "fixtures" / "svg_hashes.json"
GAMES = ("what-the-shell", "snake-synapse")
PER_GAME = 8


def _cases() -> list[Path]:
    """About ``PER_GAME`` cases of each game, spread over its case folders (terrains, powers)."""
    out: list[Path] = []
    for game in GAMES:
        paths = case_paths(game)
        out.extend(paths[:: max(1, len(paths) // PER_GAME)])
    return out


def _hashes(path: Path) -> list[str]:
    """One hash per state: the start, then after each turn (with its report and the
    state before it, as the reveal draws it), then each Snake Synapse frame."""
    record = record_from_case(load_case(path))
    game = record.engine
    svgs = [state_svg(game.to_json(record.initial_state()))]
    for turn in record.replay():
        before = game.to_json(turn.before)
        svgs.append(state_svg(game.to_json(turn.after), report=turn.step.report, before=before))
        svgs.extend(state_svg(game.to_json(f)) for f in turn.step.frames)
    return [hashlib.sha256(s.encode()).hexdigest()[:16] for s in svgs]


def _key(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_record_fixture_when_asked() -> None:
    if not os.environ.get("SAMTEMPA_RECORD_SVG"):
        pytest.skip("set SAMTEMPA_RECORD_SVG=1 to record the hashes")
    FIXTURE.parent.mkdir(exist_ok=True)
    data = {_key(p): _hashes(p) for p in _cases()}
    FIXTURE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("path", _cases(), ids=_key)
def test_pictures_are_the_recorded_ones(path: Path) -> None:
    recorded = json.loads(FIXTURE.read_text())
    assert _hashes(path) == recorded[_key(path)]
