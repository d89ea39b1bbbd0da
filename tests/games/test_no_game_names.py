"""No code outside ``games/`` (and the registry) names a game: it asks the game's spec.

Issue 18: a third game must not touch the platform. A string literal equal to a
registered game's name in a Python module (docstrings aside), or a template
comparing with one, is a switch on the game's name.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from samtempa.games.registry import GAME_NAMES, get_spec, specs

SRC = Path(__file__).resolve().parents[2] / "src" / "samtempa"
ALLOWED = {SRC / "games"}


def _allowed(path: Path) -> bool:
    return any(path.is_relative_to(root) for root in ALLOWED)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (module, class, function)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def python_offences(path: Path, source: str) -> list[str]:
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [
        f"{path}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in GAME_NAMES and id(node) not in skip
    ]


_TEMPLATE_COMPARE = re.compile(
    r"""(==|!=)\s*['"](?P<a>[\w-]+)['"]|['"](?P<b>[\w-]+)['"]\s*(==|!=)"""
)


def template_offences(path: Path, source: str) -> list[str]:
    out = []
    for n, line in enumerate(source.splitlines(), 1):
        for m in _TEMPLATE_COMPARE.finditer(line):
            if (m.group("a") or m.group("b")) in GAME_NAMES:
                out.append(f"{path}:{n}: {m.group(0)}")
    return out


def test_no_code_outside_games_compares_a_game_name() -> None:
    offences = []
    for path in sorted(SRC.rglob("*.py")):
        if not _allowed(path):
            offences += python_offences(path, path.read_text(encoding="utf-8"))
    for path in sorted((SRC / "server" / "templates").rglob("*.html")):
        offences += template_offences(path, path.read_text(encoding="utf-8"))
    assert offences == []


def test_the_scan_finds_a_comparison() -> None:
    name = GAME_NAMES[0]
    assert python_offences(Path("x.py"), f'"""Doc {name}."""\nif game == "{name}":\n    pass\n')
    assert not python_offences(Path("x.py"), f'"""Plays {name}."""\n')
    assert template_offences(Path("x.html"), f"{{% if match.game == '{name}' %}}")
    assert not template_offences(Path("x.html"), f'<a href="/play?game={name}">')


def test_every_game_registers_one_spec() -> None:
    assert tuple(s.name for s in specs()) == GAME_NAMES
    for spec in specs():
        assert spec.engine().name == spec.name
        assert spec.min_players <= spec.max_players == len(set(spec.seats))
        assert get_spec(spec.name) is spec
