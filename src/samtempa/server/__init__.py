"""The samtempa web platform: accounts, lobby, live play, spectators and replays.

``app.create_app(settings)`` builds the ASGI application; ``serve.serve`` runs
it (``samtempa serve``). Logic lives in :mod:`.services` (no HTTP there), thin
routes in :mod:`.api.routes`, and the one authority over a match's turns is
:class:`.services.matches.MatchCoordinator`.
"""
