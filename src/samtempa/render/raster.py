"""PNG, animated GIF and APNG from the SVG drawing.

SVG is rasterised by resvg (the ``resvg-py`` wheel: the Rust renderer built
in, nothing to install from the system but fonts, and Debian's base image
has DejaVu); Pillow assembles the animations.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

#: (SVG text, how long it shows in milliseconds): one picture of an animation.
Frame = tuple[str, int]

FORMATS = ("svg", "png", "gif", "apng")


def svg_to_png(svg: str, width: int | None = None) -> bytes:
    """The SVG as PNG bytes, ``width`` pixels wide (default: the SVG's own size)."""
    import resvg_py  # noqa: PLC0415 — the Rust rasteriser loads only when a PNG is asked for

    try:
        data = resvg_py.svg_to_bytes(svg_string=svg, width=width, background="#FFFFFF")
    except ValueError as e:  # pragma: no cover - our SVG is generated, never malformed
        raise ValueError(f"cannot rasterise the picture: {e}") from e
    return bytes(data)


def svg_to_image(svg: str, width: int | None = None) -> Image.Image:
    """The SVG as an RGB Pillow image."""
    with Image.open(io.BytesIO(svg_to_png(svg, width))) as im:
        return im.convert("RGB")


def _same_size(images: list[Image.Image]) -> list[Image.Image]:
    """Pad every image with white to the largest width and height (legends vary in height)."""
    w = max(im.width for im in images)
    h = max(im.height for im in images)
    out = []
    for im in images:
        if im.size == (w, h):
            out.append(im)
        else:
            canvas = Image.new("RGB", (w, h), "#FFFFFF")
            canvas.paste(im, (0, 0))
            out.append(canvas)
    return out


def animation_bytes(frames: Sequence[Frame], fmt: str, width: int | None = None) -> bytes:
    """An animated GIF (``fmt="gif"``) or APNG (``"apng"``) that loops forever."""
    if not frames:
        raise ValueError("an animation needs at least one picture")
    images = _same_size([svg_to_image(svg, width) for svg, _ in frames])
    durations = [ms for _, ms in frames]
    out = io.BytesIO()
    if fmt == "gif":
        # One adaptive palette per picture, no dithering: flat colours stay flat.
        paletted = [
            im.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            for im in images
        ]
        paletted[0].save(
            out,
            format="GIF",
            save_all=True,
            append_images=paletted[1:],
            duration=durations,
            loop=0,
            disposal=1,
        )
    elif fmt == "apng":
        images[0].save(
            out,
            format="PNG",
            save_all=True,
            append_images=images[1:],
            duration=durations,
            loop=0,
            default_image=False,
        )
    else:
        raise ValueError(f"not an animation format: {fmt!r}")
    return out.getvalue()


def write(path: str | Path, frames: Sequence[Frame], width: int | None = None) -> str:
    """Write ``frames`` to ``path`` in the format its suffix names; returns that format.

    ``.svg`` and ``.png`` take the last picture (a single state); ``.gif`` and
    ``.apng`` animate them all.
    """
    fmt = format_of(path)
    target = Path(path)
    if fmt == "svg":
        target.write_text(frames[-1][0], encoding="utf-8")
    elif fmt == "png":
        target.write_bytes(svg_to_png(frames[-1][0], width))
    else:
        target.write_bytes(animation_bytes(frames, fmt, width))
    return fmt


def format_of(path: str | Path) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise ValueError(f"{path}: the picture's name must end in .svg, .png, .gif or .apng")
    return suffix
