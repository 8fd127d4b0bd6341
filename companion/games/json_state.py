"""Copies and file formats shared by games whose whole state is a setup plus a JSON-able state.

A game built on ``JsonStateGame`` keeps ``setup`` (with ``to_json``/``from_json``), ``_state``
(with ``to_json``/``from_json`` and ``copy``: an equal state sharing no mutable part with it, the
one way the game copies a state) and ``_history`` (each pushed action with the state before
it); this base gives it ``copy``, the versioned ``<game>-position`` and ``<game>-record``
documents and their readers. The game names its formats and says which states its setup can
reach (``check_state``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from companion.games.protocol import Game

FORMAT_VERSION = 1


class JsonStateGame(Game):
    position_format: ClassVar[str]
    record_format: ClassVar[str]
    state_label: ClassVar[str]  # e.g. "a <game> position state", for error messages
    setup_type: ClassVar[Any]
    state_type: ClassVar[Any]

    setup: Any
    _state: Any
    _history: list[tuple[Any, Any]]

    def __init__(self, setup: Any, *, state: Any = None) -> None:
        """Each game defines it: a new game from ``setup``, or the given ``state``."""

    @classmethod
    def check_state(cls, setup: Any, state: Any) -> None:
        """Refuse a state its setup cannot reach (``ValueError`` says why)."""

    def copy(self) -> Self:
        twin = type(self)(self.setup, state=self._state.copy())
        twin._history = list(self._history)
        return twin

    def position(self) -> dict[str, Any]:
        return {
            "format": self.position_format,
            "version": FORMAT_VERSION,
            "setup": self.setup.to_json(),
            "state": self._state.to_json(),
        }

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Self:
        check_format(data, cls.position_format)
        try:
            state = cls.state_type.from_json(data["state"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not {cls.state_label}: {exc!r}") from exc
        setup = cls.setup_type.from_json(data["setup"])
        cls.check_state(setup, state)
        return cls(setup, state=state)

    def record(self) -> dict[str, Any]:
        return {
            "format": self.record_format,
            "version": FORMAT_VERSION,
            "setup": self.setup.to_json(),
            "actions": [str(action) for action, _ in self._history],
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Self:
        check_format(data, cls.record_format)
        game = cls(cls.setup_type.from_json(data["setup"]))
        for text in data.get("actions", []):
            game.push(game.parse_action(text))
        return game


def check_format(data: Mapping[str, Any], expected: str) -> None:
    if not isinstance(data, Mapping) or data.get("format") != expected:
        raise ValueError(f"not a {expected} document")
    if data.get("version") != FORMAT_VERSION:
        raise ValueError(
            f"{expected}: unsupported version {data.get('version')!r} (know {FORMAT_VERSION})"
        )
