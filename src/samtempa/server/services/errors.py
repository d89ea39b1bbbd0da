"""Refusals: every "no" the platform says carries a code and a reason.

The reason is an English template with named values, so pages can show it
translated (the catalogs hold the templates: ``pybabel extract -k Refusal:2``).
"""

from __future__ import annotations

from typing import Any


class Refusal(Exception):  # noqa: N818 - a refusal is not an error of ours
    """Something a user asked that the platform refuses; the message says why.

    ``code`` is stable (tests, API clients); ``status`` is the HTTP status a
    route answers with; ``template % values`` is the English message.
    """

    def __init__(self, code: str, template: str, status: int = 400, **values: Any) -> None:
        self.code = code
        self.template = template
        self.values = values
        self.status = status
        self.message = template % values if values else template
        super().__init__(self.message)

    def translated(self, gettext: Any) -> str:
        return str(gettext(self.template, **self.values))

    def to_json(self, gettext: Any = None) -> dict[str, Any]:
        message = self.translated(gettext) if gettext is not None else self.message
        return {"error": self.code, "message": message}
