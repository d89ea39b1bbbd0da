"""The declarative base every table module builds on.

Apart from :mod:`.models` so the table modules (``models_accounts``,
``models_correspondence``, ``models_identity``) need not import ``models``,
which imports them to put their tables in ``Base.metadata``: no cycle.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import JSON
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}
