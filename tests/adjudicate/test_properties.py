"""Mutated conformance cases never make ``samtempa adjudicate`` end with a traceback.

Each example takes a valid vendored case and breaks it as an attacker would:
a value of another JSON type, a dropped or unknown key, a huge or negative
number, deep nesting, a long string, or bytes flipped in the file. Whatever
comes of it, the command exits 0, 1 or 2, prints one JSON object for 0 and 1
and one line on standard error for 2 (``conformance.md``). In-process for
speed (any exception fails the test); a few examples through the real command.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samtempa.adjudicate import adjudicate

CASES = Path(__file__).parents[1] / "conformance" / "cases"
#: Every vendored case with what adjudicate does not read taken away (a smaller tree to break).
VALID: list[dict[str, Any]] = [
    {k: v for k, v in json.loads(p.read_text()).items() if k in ("game", "start", "turns")}
    for p in sorted(CASES.rglob("*.json"))
]
#: Examples per property: derandomized, so every run tries the same ones.
EXAMPLES = 400
SETTINGS = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SPECIAL: st.SearchStrategy[Any] = st.sampled_from(
    [
        10**30,
        -1,
        1_000_001,
        2**63,
        0,
        2.5,
        1e308,
        "",
        "A1",
        "Z99",
        "U",
        "\x00",
        "é" * 10_000,
        True,
        False,
        None,
        {},
        [],
    ]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | SPECIAL
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def slots(tree: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of the tree, the root's children included."""
    out: list[tuple[Any, Any]] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            out.append((node, key))
            if isinstance(child, dict | list) and child:
                stack.append(child)
    return out


def nested(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


@st.composite
def mutated_cases(draw: st.DrawFn) -> bytes:
    """A valid case with one to three breaks in its tree, as the file's bytes."""
    case = copy.deepcopy(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 3))):
        # Mostly inside the start and the turns, where the engines' readers work.
        part = draw(st.sampled_from(["start", "start", "turns", "turns", "case"]))
        tree = case.get(part) if part != "case" else case
        places = slots(tree) if isinstance(tree, dict | list) else slots(case)
        if not places:  # everything dropped: the empty case is a case too
            break
        container, key = places[draw(st.integers(0, len(places) - 1))]
        how = draw(st.sampled_from(["replace", "replace", "special", "drop", "add", "nest"]))
        if how == "replace":
            container[key] = draw(JSON_VALUES)
        elif how == "special":
            container[key] = draw(SPECIAL)
        elif how == "drop":
            del container[key]
        elif how == "add" and isinstance(container, dict):
            container[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif how == "add":
            container.insert(key, draw(JSON_VALUES))
        else:
            container[key] = nested(draw(st.integers(2, 300)), container[key])
    return json.dumps(case, ensure_ascii=draw(st.booleans())).encode()


@st.composite
def mangled_files(draw: st.DrawFn) -> bytes:
    """A valid case's file with bytes overwritten, inserted or cut (UTF-8 broken too)."""
    data = bytearray(json.dumps(draw(st.sampled_from(VALID))).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        chunk = draw(st.binary(min_size=1, max_size=4) | st.sampled_from([b"\xff", b"[", b"}"]))
        how = draw(st.sampled_from(["overwrite", "insert", "cut"]))
        if how == "overwrite":
            data[at : at + len(chunk)] = chunk
        elif how == "insert":
            data[at:at] = chunk
        else:
            del data[at : at + len(chunk)]
    return bytes(data)


def check(status: int, out: str, err: str) -> None:
    assert status in (0, 1, 2)
    assert "Traceback" not in err
    if status == 2:
        assert out == ""
        assert len(err.splitlines()) == 1
        assert err.startswith("samtempa adjudicate: ")
    else:
        assert err == ""
        printed = json.loads(out)
        assert isinstance(printed, dict)
        assert ("error" in printed) == (status == 1)


@SETTINGS
@given(data=mutated_cases(), frames=st.booleans())
def test_mutated_cases_exit_0_1_or_2_without_a_traceback(data: bytes, frames: bool) -> None:
    check(*adjudicate(data, frames))


@SETTINGS
@given(data=mangled_files())
def test_mangled_files_exit_0_1_or_2_without_a_traceback(data: bytes) -> None:
    check(*adjudicate(data))


@settings(SETTINGS, max_examples=6)
@given(data=mutated_cases() | mangled_files())
def test_the_real_command_never_shows_a_traceback(tmp_path_factory: Any, data: bytes) -> None:
    path = tmp_path_factory.mktemp("case") / "case.json"
    path.write_bytes(data)
    proc = subprocess.run(
        [sys.executable, "-m", "samtempa.cli", "adjudicate", str(path), "--frames"],
        capture_output=True,
        text=True,
        check=False,
    )
    check(proc.returncode, proc.stdout, proc.stderr)
