"""The rules engines, one package per game, behind the ``Game`` protocol of :mod:`.base`."""
