"""Snake Synapse told in sentences, in the reader's language: the one home of the words a
page, a picture caption or a post uses for a turn, a cell or a snake.

Everything is read from the canonical state (SS-11), the orders (SS-3.1) and the turn
report in its JSON form (``services/reports.py``, stored with each turn). The words
come from the vocabulary (:mod:`samtempa.words`: snake names, races, causes of death)
and the sentences from ``games/snake/story/<lang>.po``; English is the message id.

>>> story = Story("fr")
>>> story.path("UDLR")
'HBGD'
>>> story.snake_name({"snakes": [{"id": "red"}]}, "red")
'Rouge (1)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from samtempa import words as vocabulary
from samtempa.games.snake import codec
from samtempa.games.snake.game import heading
from samtempa.render.snake_layout import RACE_SYMBOLS, terrain_data

#: The path letters a reader types and reads (SS-3.1's U, D, L, R): French uses Haut,
#: Bas, Gauche, Droite, so ``D`` is *droite* there.
LETTERS = {"fr": {"U": "H", "D": "B", "L": "G", "R": "D"}}
#: Directions as the way something goes or faces.
WAYS = {"U": "upwards", "D": "downwards", "L": "to the left", "R": "to the right"}

JSON = Mapping[str, Any]


class Story:
    """The sentences of one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in vocabulary.LANGS else "en"
        self._word = vocabulary.words(self.lang)

    # --- words -------------------------------------------------------------------------

    def t(self, english: str, **values: Any) -> str:
        """``english`` in this language, with ``%(name)s`` values filled in."""
        text = self._word(english)
        return text % values if values else text

    def letters(self) -> dict[str, str]:
        """SS-3.1's letters to the reader's: ``{"U": "H", …}`` in French."""
        return dict(LETTERS.get(self.lang, {d: d for d in "UDLR"}))

    def path(self, path: str | Sequence[str]) -> str:
        """A path in the reader's letters: ``UDLR`` is ``HBGD`` in French."""
        table = self.letters()
        return "".join(table.get(d, d) for d in path)

    def way(self, d: str) -> str:
        return self.t(WAYS.get(d, d))

    def snake_name(self, state: JSON, sid: str) -> str:
        """A snake's name with its seat number (colour is never the only mark): ``Red (1)``."""
        seat = next((i for i, s in enumerate(state["snakes"]) if s["id"] == sid), None)
        name = vocabulary.snake_name(self.lang, sid)
        return name if seat is None else f"{name} ({seat + 1})"

    def race(self, race: str) -> str:
        return self.t(race)

    def cause(self, cause: str) -> str:
        return vocabulary.death_cause(self.lang, cause)

    # --- the turn ----------------------------------------------------------------------

    def order(self, state: JSON, sid: str, order: JSON) -> str:
        """One snake's revealed orders (SS-3.1) as a sentence."""
        who = self.snake_name(state, sid)
        if order.get("removed"):
            return self.t("%(snake)s leaves the game: its snake is removed.", snake=who)
        if order.get("breaker"):
            return self.t("%(snake)s breaks: it stays still this turn.", snake=who)
        parts = [
            self.t(
                "%(snake)s follows the path %(path)s",
                snake=who,
                path=self.path(order.get("path", "")),
            )
        ]
        if order.get("dash"):
            parts.append(self.t("dashes %(n)s frames ahead", n=order["dash"]))
        trap = order.get("trap")
        if trap:
            parts.append(
                self.t(
                    "sets a trap %(way)s at step %(k)s", way=self.way(trap["dir"]), k=trap["frame"]
                )
            )
        dig = order.get("dig")
        if dig:
            parts.append(self.t("digs at step %(k)s", k=dig["frame"]))
        if order.get("ghost"):
            parts.append(self.t("becomes a ghost"))
        for shot in order.get("shoot") or []:
            parts.append(
                self.t(
                    "shoots portal %(n)s %(way)s at step %(k)s",
                    n=shot["portal"],
                    way=self.way(shot["dir"]),
                    k=shot["frame"],
                )
            )
        return ", ".join(parts) + "."

    def turn(
        self,
        before: JSON,
        orders: Mapping[str, JSON],
        missed: Sequence[str],
        report: JSON | None,
        frames: Sequence[JSON] = (),
    ) -> list[dict[str, Any]]:
        """The whole turn: the orders, then each frame's events, then the end of the turn.

        Returns sections ``{"frame": n or None, "title": text, "lines": [...]}`` (a
        frame's also has ``moves``, where the heads are after it), the
        frames in the order of ``report["frames"]`` (``frames``, the states after them,
        give where each death happened).
        """
        out: list[dict[str, Any]] = []
        lines = [self.order(before, sid, o) for sid, o in orders.items()]
        lines += [
            self.t(
                "%(snake)s sent nothing in time: the same direction for the whole path.",
                snake=self.snake_name(before, sid),
            )
            for sid in missed
        ]
        out.append({"frame": None, "title": self.t("Orders"), "lines": lines})
        if not report:
            return out
        for sid in report.get("removed", []):
            if (orders.get(sid) or {}).get("removed"):
                continue  # told with the orders
            out[0]["lines"].append(
                self.t(
                    "%(snake)s leaves the game: its snake is removed.",
                    snake=self.snake_name(before, sid),
                )
            )
        for i, fr in enumerate(report.get("frames", [])):
            state = frames[i] if i < len(frames) else before
            part = {
                "frame": fr["frame"],
                "title": self.frame_title(fr),
                "lines": self.frame(state, fr),
                "moves": self.heads(state),
            }
            out.append(part)
        end = [
            self.t("%(snake)s grows by %(n)s.", snake=self.snake_name(before, s), n=g)
            for s, g in (report.get("growth") or {}).items()
        ]
        result = report.get("result")
        if result:
            end.append(self.result(before, result))
        if end:
            out.append({"frame": None, "title": self.t("End of the turn"), "lines": end})
        return out

    def heads(self, state: JSON) -> str:
        """Where the living heads are after a frame: ``Heads: Red (1) C3, Blue (2) G4.``"""
        where = [
            f"{self.snake_name(state, s['id'])} {s['body'][0]}"
            for s in state["snakes"]
            if s["alive"] and s["body"]
        ]
        return self.t("Heads: %(heads)s.", heads=", ".join(where)) if where else ""

    def frame_title(self, fr: JSON) -> str:
        if fr.get("settling"):
            return self.t("Frame %(n)s (the terrain settles)", n=fr["frame"])
        return self.t("Frame %(n)s of the turn", n=fr["frame"])

    def frame(self, state: JSON, fr: JSON) -> list[str]:
        """One frame's events (the state is the one after the frame)."""
        name = self.snake_name
        lines: list[str] = []
        if fr.get("change") is not None:
            lines.append(self.t("The terrain changes: death %(n)s has come.", n=fr["change"]))
            lines += self.change(str(state["terrain"]), int(fr["change"]))
        for t in fr.get("teleports", []):
            lines.append(
                self.t(
                    "%(snake)s goes through the portals of %(owner)s from %(a)s to %(b)s.",
                    snake=name(state, t["snake"]),
                    owner=name(state, t["owner"]),
                    a=t["from"],
                    b=t["to"],
                )
            )
        heads = {s["id"]: s["body"][0] for s in state["snakes"] if s["body"]}
        for d in fr.get("deaths", []):
            values = {
                "snake": name(state, d["snake"]),
                "cause": self.cause(d["cause"]),
                "cell": heads.get(d["snake"], "?"),
            }
            if d.get("by"):
                lines.append(
                    self.t(
                        "%(snake)s dies on %(cell)s, %(cause)s, killed by %(by)s.",
                        by=name(state, d["by"]),
                        **values,
                    )
                )
            else:
                lines.append(self.t("%(snake)s dies on %(cell)s, %(cause)s.", **values))
        for s in fr.get("ghosts_ended", []):
            lines.append(self.t("%(snake)s is no longer a ghost.", snake=name(state, s)))
        for t in fr.get("traps", []):
            if t.get("cell"):
                lines.append(
                    self.t(
                        "%(snake)s sets a trap on %(cell)s.",
                        snake=name(state, t["snake"]),
                        cell=t["cell"],
                    )
                )
            else:
                lines.append(
                    self.t(
                        "The trap of %(snake)s finds no free cell: nothing happens.",
                        snake=name(state, t["snake"]),
                    )
                )
        for sh in fr.get("shots", []):
            who = name(state, sh["snake"])
            if sh.get("outcome") == "placed":
                lines.append(
                    self.t(
                        "%(snake)s places portal %(n)s on %(cell)s, facing %(way)s.",
                        snake=who,
                        n=sh["portal"],
                        cell=sh["cell"],
                        way=self.way(sh["dir"]),
                    )
                )
            elif sh.get("outcome") == "lost":
                lines.append(self.t("The shot of %(snake)s finds no wall and is lost.", snake=who))
            else:
                lines.append(
                    self.t(
                        "The portals of %(snake)s are being crossed: the shot is spent.", snake=who
                    )
                )
        for s, g in (fr.get("growth") or {}).items():
            lines.append(self.t("%(snake)s grows by %(n)s.", snake=name(state, s), n=g))
        return lines

    def change(self, terrain: str, deaths: int) -> list[str]:
        """What the terrain change of death ``deaths`` does (SS-1.6 ops, SS-7.3)."""
        data = terrain_data(terrain) or {}
        ops: list[JSON] = next(
            (c["ops"] for c in data.get("changes", []) if c["deaths"] == deaths), []
        )
        out = []
        for op in ops:
            cells = " ".join(op.get("cells", []))
            kind = op.get("op")
            if kind == "remove":
                walls = "diggable walls" if op.get("diggable") else "undiggable walls"
                out.append(
                    self.t("New %(walls)s rise on %(cells)s.", walls=self.t(walls), cells=cells)
                )
            elif kind == "restore":
                out.append(self.t("%(cells)s open again.", cells=cells))
            elif kind == "set-diggable":
                out.append(
                    self.t("The walls on %(cells)s can be dug.", cells=cells)
                    if op.get("diggable")
                    else self.t("The walls on %(cells)s can no longer be dug.", cells=cells)
                )
            elif kind == "wrap":
                rows = ", ".join(str(r) for r in op.get("rows", [])) or "–"
                columns = ", ".join(op.get("columns", [])) or "–"
                out.append(
                    self.t(
                        "The edges now join: rows %(rows)s, columns %(columns)s.",
                        rows=rows,
                        columns=columns,
                    )
                )
            elif kind in ("clear-corpses", "clear-corpses-except-last"):
                out.append(self.t("Corpses are cleared."))
            elif kind == "path-length":
                out.append(self.t("Paths now have %(n)s steps.", n=op.get("value")))
            elif kind == "grant-shot":
                out.append(self.t("Every shooter gets one more shot."))
        return out

    def result(self, state: JSON, result: JSON) -> str:
        if result.get("winner"):
            return self.t(
                "%(snake)s wins the game.", snake=self.snake_name(state, result["winner"])
            )
        names = ", ".join(self.snake_name(state, s) for s in result.get("draw", []))
        return self.t("Draw between %(snakes)s.", snakes=names)

    # --- the board ---------------------------------------------------------------------

    def snake_status(self, snake: JSON) -> str:
        """A snake's state in words: dead (how, when), removed, ghost, digging, or alive."""
        if snake["removed"]:
            return self.t("removed")
        if not snake["alive"]:
            death = snake.get("death") or {}
            values = {
                "cause": self.cause(str(death.get("cause", ""))),
                "turn": death.get("turn", "?"),
                "frame": death.get("frame", "?"),
            }
            return self.t("dead %(cause)s (turn %(turn)s, frame %(frame)s)", **values)
        bits = []
        if int(snake["ghost_turns_left"]):
            bits.append(self.t("ghost (%(n)s turns left)", n=snake["ghost_turns_left"]))
        if snake["digging"]:
            bits.append(self.t("digging"))
        return ", ".join(bits) or self.t("alive")

    def snakes(self, state: JSON) -> list[dict[str, Any]]:
        """The snakes' table: name with number, race with its symbol, length, charges, state."""
        return [
            {
                "id": s["id"],
                "seat": i + 1,
                "name": self.snake_name(state, s["id"]),
                "race": self.race(s["race"]),
                "symbol": RACE_SYMBOLS.get(s["race"], ""),
                "length": s["length"],
                "charges": s["charges"],
                "alive": s["alive"],
                "status": self.snake_status(s),
            }
            for i, s in enumerate(state["snakes"])
        ]

    def cells(self, state: JSON) -> dict[str, str]:
        """Every cell's name for a screen reader: what is on it (``G4, head of Red (1),
        going upwards``), floor cells by their name alone."""
        traps = set(state["traps"])
        pending = {p["cell"] for p in state["pending_deletions"]}
        kinds = {"#": "diggable wall", "X": "undiggable wall", "T": "trap", "H": "ladder"}
        out: dict[str, list[str]] = {}
        for floor, rows in enumerate(state["grid"]):
            for r, line in enumerate(rows):
                for c, ch in enumerate(line):
                    cell = f"{chr(65 + c)}{r + 1}{chr(39) if floor else ''}"
                    bits = [self.t(kinds[ch])] if ch in kinds else []
                    if cell in traps and ch != "T":
                        bits.append(self.t("trap"))
                    if cell in pending:
                        bits.append(self.t("wall to come"))
                    out[cell] = bits
        engine = codec.from_json(state)
        for s in state["snakes"]:
            who = self.snake_name(state, s["id"])
            body = list(s["body"])
            for i, cell in enumerate(body):
                if cell not in out or (i and cell == body[0]):
                    continue
                if not s["alive"]:
                    text = self.t("corpse of %(snake)s", snake=who)
                elif i == 0:
                    d = heading(engine, s["id"])
                    text = (
                        self.t("head of %(snake)s, going %(way)s", snake=who, way=self.way(d))
                        if d
                        else self.t("head of %(snake)s", snake=who)
                    )
                    if all(b == cell for b in body):
                        text += ", " + self.t("its whole body stacked here")
                elif i == len(body) - 1 or all(b == cell for b in body[i:]):
                    text = self.t("tail of %(snake)s", snake=who)
                else:
                    text = self.t("body of %(snake)s", snake=who)
                if text not in out[cell]:
                    out[cell].append(text)
        for p in state["portals"]:
            if p["cell"] in out:
                out[p["cell"]].append(
                    self.t(
                        "portal %(n)s of %(snake)s, facing %(way)s",
                        n=p["slot"],
                        snake=self.snake_name(state, p["owner"]),
                        way=self.way(p["dir"]),
                    )
                )
        return {cell: ", ".join([cell, *bits]) for cell, bits in out.items()}
