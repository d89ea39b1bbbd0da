"""samtempa: simultaneous-turn strategy games (What the Shell, Snake Synapse)."""

__version__ = "0.1.0"
