"""The protocol every game follows (python-chess is the model).

A ``Game`` holds the full state. ``push(action)`` applies one action and returns the events it
caused; ``pop()`` undoes the last action; ``copy()`` copies. ``pending()`` says whose input the game
waits for and of what kind; ``legal_actions()`` lists what may be pushed now, and
``action in game.legal_actions()`` works. An illegal push raises ``IllegalActionError`` and changes
nothing. A game serialises to a versioned JSON *position* and to a *record* (setup + actions).

Every action is also structured data: ``Game.describe(action)`` gives its ``Offer`` — the
notation (for records and the CLI), a verb, its typed arguments (the action's own fields, as
JSON), the seat that may propose it, the step it belongs to and its label (a message key and
its parameters). ``Game.action_from(verb, args)`` builds the action back from the verb and
arguments, so the phones send what they were offered and never write or read notation.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Self, Union, get_args, get_origin, get_type_hints

from companion.errors import IllegalActionError
from companion.events import Event

__all__ = ["Action", "Game", "IllegalActionError", "Label", "Offer", "Pending"]


class Action:
    """Base of every game's actions: frozen dataclasses with a text notation.

    ``str(action)`` gives the notation; the game's ``parse_action(text)`` reads it back, so
    ``game.parse_action(str(a)) == a`` for every action.

    ``judge_only`` marks a correction (the camera or the players got something wrong): only the
    judge may push it, at any moment; the table enforces that for every game.
    """

    judge_only: ClassVar[bool] = False
    # The action's verb in structured form; by default its class name in snake case
    # (``AssignDamage`` → ``assign_damage``), never read from the notation.
    verb: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "verb" not in cls.__dict__:
            cls.verb = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()

    def arguments(self) -> dict[str, Any]:
        """The action's typed arguments: its fields, as JSON (enums by value, tuples as lists)."""
        if not dataclasses.is_dataclass(self):
            return {}
        return {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_arguments(cls, args: Mapping[str, Any]) -> Self:
        """The action of these arguments (``arguments()`` read back); ``ValueError`` if they do not
        fit its fields."""
        if not dataclasses.is_dataclass(cls):
            if args:
                raise ValueError(f"{cls.verb} takes no arguments")
            return cls()
        hints = _field_types(cls)
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(args) - set(known)
        if unknown:
            raise ValueError(f"{cls.verb} has no argument {sorted(unknown)[0]!r}")
        values: dict[str, Any] = {}
        for name, spec in known.items():
            if name in args:
                values[name] = _from_json(args[name], hints[name], name)
            elif (
                spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING
            ):
                raise ValueError(f"{cls.verb} needs its argument {name!r}")
        return cls(**values)


@functools.cache  # an action class's annotations never change: read once per class
def _field_types(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def _to_json(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_to_json(item) for item in value]
    return value


def _from_json(value: Any, hint: Any, name: str) -> Any:
    """``value`` (JSON) as the type ``hint`` says: str, int, bool, enums, ``X | None`` and
    tuples (``tuple[X, ...]`` or fixed) of these; ``ValueError`` naming the argument otherwise."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return _from_json(value, option, name)
            except ValueError:
                continue
        raise ValueError(f"{name!r} cannot be {value!r}")
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{name!r} must be a list")
        items = get_args(hint)
        if len(items) == 2 and items[1] is Ellipsis:
            return tuple(_from_json(item, items[0], name) for item in value)
        if len(items) != len(value):
            raise ValueError(f"{name!r} must have {len(items)} items")
        return tuple(_from_json(item, kind, name) for item, kind in zip(value, items, strict=True))
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise ValueError(f"{name!r} cannot be {value!r}") from None
    if hint is bool or hint is int or hint is str:
        if type(value) is not hint:
            raise ValueError(f"{name!r} must be a {hint.__name__}")
        return value
    raise ValueError(f"{name!r} has a type the structured form does not carry")


def ref(kind: str, value: Any) -> dict[str, Any]:
    """A label parameter that names something rather than being shown as it is: ``seat`` (a
    seat id: the page shows the seat's name), ``piece`` / ``pieces`` (piece ids: the page shows
    what the players call them), ``signed`` (a number shown with its sign), or a kind of the
    game's own (a die face, a plane, a condition…) that its page words."""
    return {"ref": kind, "value": value}


@dataclass(frozen=True)
class Label:
    """What people read for an action or an event: a message key of the panel's catalogs and
    its parameters (JSON: ids, numbers, words the catalogs key on), rendered in each phone's
    language; the page names pieces and seats from the ids."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Label:
        return cls(str(data["key"]), dict(data.get("params") or {}))


@dataclass(frozen=True)
class Offer:
    """A legal action as the phones list it and the log keeps it (``Game.describe``)."""

    notation: str  # for records and the CLI
    verb: str
    args: dict[str, Any]
    seat: str | None  # who may propose it now (``Game.seat_for``)
    step: str  # the step it belongs to (``Game.step``)
    label: Label

    def to_json(self) -> dict[str, Any]:
        return {
            "notation": self.notation,
            "verb": self.verb,
            "args": self.args,
            "seat": self.seat,
            "step": self.step,
            "label": self.label.to_json(),
        }


@dataclass(frozen=True)
class Pending:
    """What the game waits for.

    ``seat`` is the seat whose input is needed (``None`` when the game is over or anyone may act);
    ``kind`` is a short stable identifier the panel and the prompts key on (e.g. ``"initiative"``,
    ``"spawn"``, ``"choose_action"``, ``"attack_dice"``); ``details`` carries what the panel needs
    to render the decision (e.g. ``{"dice": 7}``), all JSON-serialisable. ``title`` is the
    message key the phones name the decision by (``kind.<kind>`` unless a game gives another),
    said in each phone's language.
    """

    seat: str | None
    kind: str
    details: dict[str, Any] = field(default_factory=dict)
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "details": self.details,
            "title": self.title or f"kind.{self.kind}",
        }


class Game(ABC):
    """One game in progress. Subclasses register themselves in ``companion.games.GAMES``."""

    name: ClassVar[str]
    seats: tuple[str, ...]
    # The judge's corrections this game accepts, as usage lines of their notation (e.g.
    # ``"correct move <mini> <cell>"``); none by default. Their actions are ``judge_only``.
    corrections: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def push(self, action: Action) -> list[Event]:
        """Apply ``action``; raise ``IllegalActionError`` (state unchanged) if it is not legal."""

    @abstractmethod
    def pop(self) -> Action:
        """Undo the last action and return it; raise ``IndexError`` if there is none."""

    @abstractmethod
    def copy(self) -> Self: ...

    @abstractmethod
    def pending(self) -> Pending: ...

    @abstractmethod
    def legal_actions(self) -> Collection[Action]: ...

    def decision_actions(self) -> Collection[Action]:
        """The legal actions that answer the pending decision, which the phones list for it.
        A game leaves out those it offers with controls of their own (manual
        adjustments after an ability it does not implement); by default, every legal action."""
        return self.legal_actions()

    def seat_for(self, action: Action) -> str | None:
        """The seat that may propose ``action`` now (the judge and the camera act for it): by
        default the seat the game waits for; ``None`` when any seat may."""
        return self.pending().seat

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its notation; raise ``ValueError`` on malformed text."""

    # -- structured actions ----------------------------------------------------------------------

    # Every action class the game reads (its notation's), by which ``action_from`` finds a verb.
    action_types: ClassVar[tuple[type[Action], ...]] = ()

    def step(self) -> str:
        """The step the game is in, which an action taken now belongs to (a stable identifier,
        never shown to people as it is): by default the pending decision's kind."""
        return self.pending().kind

    def label(self, action: Action, step: str) -> Label:
        """What people read for ``action`` taken now, in ``step``: by default the key
        ``action.<game>.<verb>`` with the action's arguments. Games override it with their own
        keys and parameters (a label may depend on the step: "done" ends a phase)."""
        return Label(f"action.{self.name}.{action.verb}", action.arguments())

    def describe(self, action: Action) -> Offer:
        """``action`` as structured data, read in the game's present state."""
        return self.describe_all([action])[0]

    def describe_all(self, actions: Iterable[Action]) -> list[Offer]:
        """Each of ``actions`` as ``describe`` gives it, the step read once for them all."""
        step = self.step()
        return [
            Offer(
                notation=str(action),
                verb=action.verb,
                args=action.arguments(),
                seat=self.seat_for(action),
                step=step,
                label=self.label(action, step),
            )
            for action in actions
        ]

    def action_from(self, verb: str, args: Mapping[str, Any]) -> Action:
        """The action of ``verb`` with ``args`` (an ``Offer``'s, or a phone's form filled in):
        ``ValueError`` for an unknown verb, arguments that do not fit, or an action the
        notation could not write (the parser's checks apply: cells, faces, counts)."""
        kinds = {kind.verb: kind for kind in self.action_types}
        kind = kinds.get(verb)
        if kind is None:
            raise ValueError(f"unknown action {verb!r}")
        if not isinstance(args, Mapping):
            raise ValueError("an action's arguments are an object")
        action = kind.from_arguments(args)
        try:
            written = self.parse_action(str(action))
        except ValueError as exc:
            raise ValueError(f"malformed {verb}: {exc}") from None
        if written != action:
            raise ValueError(f"malformed {verb}: {written} is not what was sent")
        return action

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """A versioned JSON-serialisable position: everything needed to continue from here."""

    @classmethod
    @abstractmethod
    def from_position(cls, data: dict[str, Any]) -> Self: ...

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The game record: the initial setup plus every action pushed, in notation."""

    @classmethod
    @abstractmethod
    def from_record(cls, data: dict[str, Any]) -> Self: ...

    @property
    @abstractmethod
    def actions(self) -> list[Action]:
        """Every action pushed so far, oldest first."""

    def summary(self) -> dict[str, Any]:
        """A few JSON facts for standings and the many-tables hub (turn, score...).

        Games override it; the default says only who won.
        """
        return {"winner": self.winner()}

    @property
    def is_over(self) -> bool:
        return self.winner() is not None

    @abstractmethod
    def winner(self) -> str | None:
        """The winning seat once the game is over, else ``None``."""
