"""Terminal games (``samtempa play``): hotseat and against bots, drawn with Rich."""
