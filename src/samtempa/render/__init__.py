"""Pictures of games: one SVG drawing per game (the single drawing), PNG/GIF/APNG built from it.

:mod:`.svg` draws any canonical state, :mod:`.animate` turns records into
sequences of pictures, :mod:`.raster` makes PNG, GIF and APNG of them.
"""
