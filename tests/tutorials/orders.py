"""How a learner writes a lesson's model answer: typed (terminal) or filled in (web form)."""

from __future__ import annotations

from typing import Any

from samtempa.games.snake.notation import order_text

_FRENCH = str.maketrans("UDLR", "HBGD")


def letters(text: str, lang: str) -> str:
    return text.translate(_FRENCH) if lang == "fr" else text


def typed(order: Any, lang: str) -> str:
    """What a person types for an order: ``RRRRR dash 1``; What the Shell: ``e5``.

    Written by the engine's notation (:func:`samtempa.games.snake.notation.order_text`,
    the one the terminal game writes too) in the learner's letters, spelt out here
    (French H B G D) rather than taken from the catalogue the lessons read them from.
    """
    if isinstance(order, str):
        return order.lower()
    if order == {"breaker": True}:
        return "breaker"  # the lesson's own word ("type breaker"); the notation writes "break"
    return order_text(order, " ", lambda text: letters(text, lang))


def form(order: Any, lang: str) -> dict[str, str]:
    """The lesson page's fields for an order (What the Shell: the clicked cell)."""
    if isinstance(order, str):
        return {"action": order}
    fields = {"path": letters(order.get("path", ""), lang), "power": ""}
    for key in ("breaker", "ghost"):
        if order.get(key):
            fields["power"] = key
    if "dash" in order:
        fields.update(power="dash", dash=str(order["dash"]))
    if "trap" in order:
        fields.update(power="trap", frame=str(order["trap"]["frame"]), dir=order["trap"]["dir"])
    if "dig" in order:
        fields.update(power="dig", frame=str(order["dig"]["frame"]))
    for n, shot in enumerate(order.get("shoot", []), 1):
        fields["power"] = "shoot"
        fields[f"shot{n}_frame"] = str(shot["frame"])
        fields[f"shot{n}_portal"] = str(shot["portal"])
        fields[f"shot{n}_dir"] = shot["dir"]
    return fields
