"""What the Shell bots: a tactical heuristic (medium) and simultaneous-move search (hard,
expert), in :mod:`.medium` and :mod:`.search`; the compiled search in ``_search.pyx``
and ``_matrix.pyx``, on the rules of the fast path (cimported, never copied); what the
levels share (``choose``, mixed strategies, the one-ply loop) in :mod:`.common`."""

from samtempa.bots.shell.exact import EXACT, EXACT_PLAYOUTS, ExactSettings, ShellExactBot
from samtempa.bots.shell.hybrid import ShellHybridBot
from samtempa.bots.shell.medium import ShellMediumBot, evaluate
from samtempa.bots.shell.search import (
    EXPERT,
    HARD,
    SearchSettings,
    ShellSearchBot,
    candidate_mask,
)

__all__ = [
    "EXACT",
    "EXACT_PLAYOUTS",
    "EXPERT",
    "HARD",
    "ExactSettings",
    "SearchSettings",
    "ShellExactBot",
    "ShellHybridBot",
    "ShellMediumBot",
    "ShellSearchBot",
    "candidate_mask",
    "evaluate",
]
