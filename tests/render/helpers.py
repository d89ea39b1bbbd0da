"""Reading pictures back: SVG elements by class and cell, PNG pixels by position."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image

from samtempa.adjudicate import load_case, run_case

NS = "{http://www.w3.org/2000/svg}"
CASES = Path(__file__).parent.parent / "conformance" / "cases"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(node: ET.Element) -> set[str]:
    return set(node.get("class", "").split())


def find_all(root: ET.Element, *wanted: str, **data: str) -> list[ET.Element]:
    """Elements having every class in ``wanted`` and every ``data-…`` value given."""
    out = []
    for node in root.iter():
        if not set(wanted) <= classes(node):
            continue
        if all(node.get("data-" + k.replace("_", "-")) == v for k, v in data.items()):
            out.append(node)
    return out


def one(root: ET.Element, *wanted: str, **data: str) -> ET.Element:
    found = find_all(root, *wanted, **data)
    assert len(found) == 1, f"expected one {wanted} {data}, found {len(found)}"
    return found[0]


def texts(node: ET.Element) -> list[str]:
    return [t.text or "" for t in node.iter(NS + "text")]


def all_text(root: ET.Element) -> str:
    return "\n".join(texts(root))


def image(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as im:
        return im.convert("RGB")


def pixel(im: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    value = im.getpixel((round(x), round(y)))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def case_paths(game: str) -> list[Path]:
    return sorted((CASES / game).rglob("*.json"))


def final_state(path: Path) -> dict[str, Any]:
    """The state ``samtempa adjudicate`` prints for a case (before the rejected turn, if any)."""
    status, out = run_case(load_case(path))
    return out if status == 0 else out["state"]


def cells_of(board: list[str]) -> Iterator[tuple[str, str]]:
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            yield f"{'ABCDEFGHI'[c]}{r + 1}", ch
