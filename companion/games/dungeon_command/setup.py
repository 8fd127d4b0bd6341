"""Two warbands and who deploys first, checked against seed 002.

Seed 002 is a two-player rulebook (its multiplayer page is not part of our sources), so the
companion seats exactly two warbands. A warband lists its creatures (at least 12 miniatures) by
label — the tag on the miniature — with their levels and the names printed on their cards (what
the players see; a creature without a name shows its label), and the hit points, melee and ranged
damage printed on each card where the players typed them in (unknown otherwise). The commander's
starting morale and leadership come from ``data/commanders.yaml`` where known; where unknown, the
players type them in from their commander card, and a value that contradicts a known one is
refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import SetupError
from companion.games.dungeon_command.data_files import commanders

LABEL = re.compile(r"^[A-Za-z0-9_-]{1,24}$")
MIN_CREATURES = 12
MAX_NAME = 40
DAMAGE_STEP = 10  # seed 002: damage, hit points and attack numbers come in tens
MAX_HIT_POINTS = 300  # catches typing mistakes only; not the value of any card
STAT_FIELDS = ("hit_points", "melee", "ranged")


@dataclass(frozen=True)
class Stats:
    """The numbers on a creature card the engine uses; ``None``: not typed in (unknown)."""

    hit_points: int | None = None
    melee: int | None = None
    ranged: int | None = None

    def to_json(self) -> dict[str, int | None]:
        return {"hit_points": self.hit_points, "melee": self.melee, "ranged": self.ranged}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Stats:
        return cls(*(None if data.get(key) is None else int(data[key]) for key in STAT_FIELDS))


@dataclass(frozen=True)
class Warband:
    """One player's side: commander, starting morale and leadership, creatures (label → level)."""

    seat: str
    commander: str
    morale: int
    leadership: int
    creatures: Mapping[str, int]
    creature_hand: int | None = None
    cowering_opponent_extra_loss: int = 0
    names: Mapping[str, str] = field(default_factory=dict)  # label → name on the creature card
    stats: Mapping[str, Stats] = field(default_factory=dict)  # label → numbers on its card

    def name(self, label: str) -> str:
        """What the players call the creature labelled ``label``."""
        return self.names.get(label, label)

    def card(self, label: str) -> Stats:
        """The numbers on the card of the creature labelled ``label`` (unknown: ``None``)."""
        return self.stats.get(label, Stats())

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "commander": self.commander,
            "morale": self.morale,
            "leadership": self.leadership,
            "creatures": dict(self.creatures),
            "creature_hand": self.creature_hand,
            "cowering_opponent_extra_loss": self.cowering_opponent_extra_loss,
            "names": dict(self.names),
            "stats": {label: stats.to_json() for label, stats in self.stats.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Warband:
        return cls(
            seat=data["seat"],
            commander=data["commander"],
            morale=int(data["morale"]),
            leadership=int(data["leadership"]),
            creatures={str(k): int(v) for k, v in data["creatures"].items()},
            creature_hand=data.get("creature_hand"),
            cowering_opponent_extra_loss=int(data.get("cowering_opponent_extra_loss", 0)),
            names={str(k): str(v) for k, v in data.get("names", {}).items()},
            stats={str(k): Stats.from_json(v) for k, v in data.get("stats", {}).items()},
        )


def _start_value(
    name: str, known: int | None, entered: int | None, commander: str, seat: str
) -> int:
    if known is None and entered is None:
        raise SetupError(
            f"{commander}'s starting {name} is unknown to the companion: "
            "type it in from the commander card",
            "start_value_missing",
            seat=seat,
            field=name,
            commander=commander,
        )
    if known is not None and entered is not None and known != entered:
        raise SetupError(
            f"{commander}'s starting {name} is {known}, not {entered}",
            "start_value_known",
            seat=seat,
            field=name,
            commander=commander,
            known=known,
            entered=entered,
        )
    value = known if known is not None else entered
    assert value is not None
    return value


def warband(
    seat: str,
    commander: str,
    creatures: Mapping[str, int],
    *,
    morale: int | None = None,
    leadership: int | None = None,
    names: Mapping[str, str] | None = None,
    stats: Mapping[str, Stats] | None = None,
) -> Warband:
    """A warband for ``commander`` (an id from the data, or the name of a commander not in it);
    ``names``: label → the creature's name; ``stats``: label → the numbers on its card."""
    card = commanders().get(commander)
    if card is None:
        return Warband(
            seat,
            commander,
            _start_value("morale", None, morale, commander, seat),
            _start_value("leadership", None, leadership, commander, seat),
            dict(creatures),
            names=dict(names or {}),
            stats=dict(stats or {}),
        )
    return Warband(
        seat,
        commander,
        _start_value("morale", card.start_morale, morale, card.name, seat),
        _start_value("leadership", card.start_leadership, leadership, card.name, seat),
        dict(creatures),
        card.creature_hand,
        card.cowering_opponent_extra_loss,
        dict(names or {}),
        dict(stats or {}),
    )


@dataclass(frozen=True)
class Setup:
    """The two warbands in turn order and the seat that deploys first (and so plays first)."""

    warbands: tuple[Warband, ...]
    first: str

    def __post_init__(self) -> None:
        if len(self.warbands) != 2:
            raise ValueError("Dungeon Command is played by two warbands")
        seats = [band.seat for band in self.warbands]
        if len(set(seats)) != len(seats) or not all(LABEL.match(seat) for seat in seats):
            raise ValueError(f"two different seat names are needed, got {seats}")
        if self.first not in seats:
            raise ValueError(f"the first player {self.first!r} is not seated")
        labels: set[str] = set()
        for band in self.warbands:
            self._check_warband(band, labels)

    @staticmethod
    def _check_warband(band: Warband, labels: set[str]) -> None:
        if band.morale < 1 or band.leadership < 1:
            raise ValueError(f"{band.seat}: starting morale and leadership must be at least 1")
        if len(band.creatures) < MIN_CREATURES:
            raise SetupError(
                f"{band.seat}: a warband has at least {MIN_CREATURES} creatures "
                f"(got {len(band.creatures)})",
                "too_few_creatures",
                seat=band.seat,
                minimum=MIN_CREATURES,
                count=len(band.creatures),
            )
        for label, level in band.creatures.items():
            if not LABEL.match(label):
                raise ValueError(f"{band.seat}: bad creature label {label!r}")
            if label in labels:
                raise ValueError(f"creature label {label!r} is used twice")
            if isinstance(level, bool) or not isinstance(level, int) or level < 1:
                raise ValueError(f"{band.seat}: {label} needs a level of 1 or more")
            labels.add(label)
        for label, name in band.names.items():
            if label not in band.creatures:
                raise ValueError(f"{band.seat}: a name for {label!r}, which is not in the warband")
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
                raise ValueError(f"{band.seat}: {label} needs a name of 1 to {MAX_NAME} letters")
        for label, stats in band.stats.items():
            if label not in band.creatures:
                raise ValueError(f"{band.seat}: card numbers for {label!r}, not in the warband")
            for key in STAT_FIELDS:
                value = getattr(stats, key)
                if value is not None and (
                    isinstance(value, bool)
                    or not DAMAGE_STEP <= value <= MAX_HIT_POINTS
                    or value % DAMAGE_STEP
                ):
                    raise ValueError(
                        f"{band.seat}: {label}'s {key} must be 10, 20, 30… up to {MAX_HIT_POINTS}"
                    )

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(band.seat for band in self.warbands)

    def band(self, seat: str) -> Warband:
        return next(band for band in self.warbands if band.seat == seat)

    def owner(self, label: str) -> str | None:
        return next((band.seat for band in self.warbands if label in band.creatures), None)

    def creature_name(self, label: str) -> str:
        """The name of the creature labelled ``label`` (its label if it has none)."""
        owner = self.owner(label)
        return self.band(owner).name(label) if owner is not None else label

    def to_json(self) -> dict[str, Any]:
        return {"warbands": [band.to_json() for band in self.warbands], "first": self.first}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        try:
            bands = tuple(Warband.from_json(band) for band in data["warbands"])
            return cls(bands, data["first"])
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a Dungeon Command setup: {exc!r}") from exc
