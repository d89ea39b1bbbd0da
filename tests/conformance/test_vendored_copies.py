"""The vendored cases and terrains must equal ``../shared`` where it exists.

The project never reads ``../shared`` at run time; this test only says when
our copy has fallen behind the authority.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rules"

COPIES = [
    (ROOT / "tests" / "conformance" / "cases", SHARED / "cases"),
    (ROOT / "src" / "samtempa" / "games" / "snake" / "terrains", SHARED / "terrains"),
]


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*.json")}


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside this checkout")
@pytest.mark.parametrize(("ours", "theirs"), COPIES, ids=["cases", "terrains"])
def test_vendored_copy_matches_shared(ours: Path, theirs: Path) -> None:
    mine, shared = _files(ours), _files(theirs)
    assert sorted(mine) == sorted(shared), "files added or removed in ../shared"
    changed = [name for name in mine if mine[name] != shared[name]]
    assert changed == [], f"these differ from ../shared: {changed}"
