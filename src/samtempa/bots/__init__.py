"""Bots for both games: one interface (:mod:`.base`), built-in levels (:mod:`.registry`)."""
