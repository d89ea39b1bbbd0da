"""``samtempa bench``: the speed figures of engines and bots, in one place.

Benchmarks print figures; tests never time anything. ``shell`` and ``snake``
measure each engine (plain API against its fast path), ``bots`` every built-in
bot's decisions and playouts per second. The scripts in the repository's
``benchmarks/`` folder run these same functions, or measure what lives above
the package (the server under load, the vector environments).
"""
