"""The event log: what happened, stored as message keys plus arguments.

An :class:`Event` is never a finished sentence: views render ``key`` with ``args`` in
the reader's language. Some facts are private (the card a player drew face down): those
sit in ``private[player]`` and are merged into the arguments only for that player.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened in a game.

    Attributes:
        key: message key, e.g. ``"midi.site_built"``.
        args: public arguments, seen by everyone.
        private: extra arguments per player index, seen by that player only.
    """

    key: str
    args: dict[str, Any]
    private: dict[int, dict[str, Any]] | None = None

    def seen_by(self, player: int | None) -> Event:
        """This event as ``player`` sees it (``None``: a spectator with open hands)."""
        if not self.private:
            return self if self.private is None else Event(self.key, self.args, None)
        if player is None:
            merged = dict(self.args)
            merged["private"] = {p: dict(a) for p, a in self.private.items()}
            return Event(self.key, merged, None)
        extra = self.private.get(player)
        if extra is None:
            return Event(self.key, self.args, None)
        merged = dict(self.args)
        merged.update(extra)
        return Event(self.key, merged, None)

    def to_json(self) -> dict[str, Any]:
        """Plain data for saving or sending (public part and private parts)."""
        out: dict[str, Any] = {"key": self.key, "args": self.args}
        if self.private:
            out["private"] = {str(p): a for p, a in self.private.items()}
        return out
