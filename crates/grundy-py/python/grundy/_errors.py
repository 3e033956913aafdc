"""The exceptions of the grundy package (the engine's messages, as the command line prints them)."""


class GameError(Exception):
    """Base of every error the engine reports."""


class InputError(GameError, ValueError):
    """Bad input: a malformed graph, parameter or game, or a question the game cannot answer."""


class LimitError(GameError, MemoryError):
    """A computation beyond its limits: too many positions, too much memory, too large a table."""


class PositionError(GameError, KeyError):
    """A position that is not in the graph."""

    def __str__(self) -> str:
        # KeyError quotes its argument; the message reads better as it is.
        return str(self.args[0]) if self.args else ""
