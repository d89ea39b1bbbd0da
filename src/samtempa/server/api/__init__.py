"""HTTP and websocket routes (thin: they call :mod:`samtempa.server.services`)."""
