"""A very small SVG builder over :mod:`xml.etree.ElementTree`.

Attributes are keyword arguments: ``stroke_width`` is written ``stroke-width``,
``class_`` is ``class`` and ``data_cell`` is ``data-cell``. Text goes through
ElementTree, so it is always escaped. Numbers are rounded to 0.01.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

Attr = str | int | float | None


def _attrs(attrs: dict[str, Attr]) -> dict[str, str]:
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = "class" if key == "class_" else key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            text = f"{value:.2f}".rstrip("0").rstrip(".")
            out[name] = "0" if text == "-0" else text
        else:
            out[name] = str(value)
    return out


class Svg:
    """An SVG document being built; :meth:`el` adds an element under a parent."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self.root = ET.Element(
            "svg",
            _attrs(
                {
                    "xmlns": SVG_NS,
                    "width": round(width),
                    "height": round(height),
                    "viewBox": f"0 0 {round(width)} {round(height)}",
                    "font_family": FONT,
                }
            ),
        )
        ET.SubElement(self.root, "title").text = title
        self.defs = ET.SubElement(self.root, "defs")

    def el(self, parent: ET.Element | None, tag: str, **attrs: Attr) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, tag, _attrs(attrs))

    def group(self, parent: ET.Element | None = None, **attrs: Attr) -> ET.Element:
        return self.el(parent, "g", **attrs)

    def text(
        self,
        parent: ET.Element | None,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        anchor: str = "middle",
        weight: str | None = None,
        fill: str = "#1A1A1A",
        **attrs: Attr,
    ) -> ET.Element:
        """Text whose ``y`` is its vertical centre (``dominant-baseline`` is not portable)."""
        node = self.el(
            parent,
            "text",
            x=x,
            y=y + size * 0.36,
            font_size=size,
            text_anchor=anchor,
            font_weight=weight,
            fill=fill,
            **attrs,
        )
        node.text = text
        return node

    def to_string(self) -> str:
        ET.indent(self.root, space=" ")
        return ET.tostring(self.root, encoding="unicode", xml_declaration=False) + "\n"


def wrap_text(text: str, width: int) -> list[str]:
    """Split ``text`` into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


#: A bold character's mean width, in font sizes (DejaVu Sans Bold, what resvg draws).
BOLD_EM = 0.58


def caption_lines(
    text: str, room: float, size: float = 17, least: float = 14
) -> list[tuple[str, float]]:
    """A caption that fits ``room`` pixels: one line, made smaller down to ``least`` if
    need be, else (long French and Esperanto captions) two lines cut at its last `` · ``.

    Returns each line with its font size.
    """

    def fitted(line: str) -> float:
        return min(size, room / (BOLD_EM * max(1, len(line))))

    if fitted(text) >= least or " · " not in text:
        return [(text, max(least, fitted(text)))]
    head, _, tail = text.rpartition(" · ")
    return [(head, max(least, fitted(head))), (tail, max(least, fitted(tail)))]


def draw_caption(svg: Svg, x: float, y: float, text: str, room: float) -> None:
    """The caption at ``x``, its first line centred on ``y``, the second just below."""
    for line, size in caption_lines(text, room):
        svg.text(None, x, y, line, size, anchor="start", weight="bold", class_="caption")
        y += size + 3
