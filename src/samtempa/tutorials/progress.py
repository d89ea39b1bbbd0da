"""Which lessons a learner has finished, kept in a small JSON file.

The file is ``$XDG_DATA_HOME/samtempa/learn.json`` (``~/.local/share/...``
by default): ``{"what-the-shell": {"done": ["wts-capture", ...]}, ...}``. A
missing or damaged file means no progress: learning must never fail on it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "samtempa" / "learn.json"


@dataclass
class Progress:
    """The finished lessons of every game, read from and written to ``path``."""

    path: Path = field(default_factory=default_path)
    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        path = path or default_path()
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            data = {}
        return cls(path, data if isinstance(data, dict) else {})

    def done(self, game: str) -> list[str]:
        entry = self.data.get(game)
        ids = entry.get("done") if isinstance(entry, dict) else None
        return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []

    def mark_done(self, game: str, lesson_id: str) -> None:
        done = self.done(game)
        if lesson_id not in done:
            done.append(lesson_id)
        self.data[game] = {"done": done}
        self.save()

    def reset(self, game: str) -> None:
        self.data.pop(game, None)
        self.save()

    def save(self) -> None:
        """Write atomically, so an interrupted write never loses older progress."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=2, sort_keys=True) + "\n", "utf-8")
        tmp.replace(self.path)
