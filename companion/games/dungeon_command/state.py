"""A Dungeon Command position's changing part: the phase and whose turn, each warband's morale,
leadership and creatures, and each creature in play's damage, tapping and conditions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.dungeon_command.setup import Setup

INITIAL_DEPLOY = "initial_deploy"


@dataclass
class State:
    phase: str
    active: str
    turn: int = 0
    morale: dict[str, int] = field(default_factory=dict)
    leadership: dict[str, int] = field(default_factory=dict)
    battlefield: dict[str, list[str]] = field(default_factory=dict)
    destroyed: dict[str, list[str]] = field(default_factory=dict)
    ended: str | None = None  # why the game ended: "morale" or "no_creatures"
    damage: dict[str, int] = field(default_factory=dict)  # creature in play → damage taken (> 0)
    tapped: list[str] = field(default_factory=list)  # creatures in play that are tapped
    conditions: dict[str, list[str]] = field(default_factory=dict)  # creature → marked conditions
    activated: list[str] = field(default_factory=list)  # activated this turn, in order
    activating: str | None = None  # the creature being activated now
    hit_points: dict[str, int] = field(default_factory=dict)  # typed in during play (unknown card)

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "active": self.active,
            "turn": self.turn,
            "morale": dict(self.morale),
            "leadership": dict(self.leadership),
            "battlefield": {k: list(v) for k, v in self.battlefield.items()},
            "destroyed": {k: list(v) for k, v in self.destroyed.items()},
            "ended": self.ended,
            "damage": dict(self.damage),
            "tapped": list(self.tapped),
            "conditions": {k: list(v) for k, v in self.conditions.items()},
            "activated": list(self.activated),
            "activating": self.activating,
            "hit_points": dict(self.hit_points),
        }

    def copy(self) -> State:
        """An equal state sharing no list or dict with this one (many times cheaper than
        ``copy.deepcopy``: every push copies the state)."""
        return State(
            phase=self.phase,
            active=self.active,
            turn=self.turn,
            morale=dict(self.morale),
            leadership=dict(self.leadership),
            battlefield={k: list(v) for k, v in self.battlefield.items()},
            destroyed={k: list(v) for k, v in self.destroyed.items()},
            ended=self.ended,
            damage=dict(self.damage),
            tapped=list(self.tapped),
            conditions={k: list(v) for k, v in self.conditions.items()},
            activated=list(self.activated),
            activating=self.activating,
            hit_points=dict(self.hit_points),
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        return cls(
            phase=data["phase"],
            active=data["active"],
            turn=int(data["turn"]),
            morale={k: int(v) for k, v in data["morale"].items()},
            leadership={k: int(v) for k, v in data["leadership"].items()},
            battlefield={k: list(v) for k, v in data["battlefield"].items()},
            destroyed={k: list(v) for k, v in data["destroyed"].items()},
            ended=data["ended"],
            damage={k: int(v) for k, v in data.get("damage", {}).items()},
            tapped=list(data.get("tapped", [])),
            conditions={k: list(v) for k, v in data.get("conditions", {}).items()},
            activated=list(data.get("activated", [])),
            activating=data.get("activating"),
            hit_points={k: int(v) for k, v in data.get("hit_points", {}).items()},
        )


def initial_state(setup: Setup) -> State:
    return State(
        phase=INITIAL_DEPLOY,
        active=setup.first,
        morale={band.seat: band.morale for band in setup.warbands},
        leadership={band.seat: band.leadership for band in setup.warbands},
        battlefield={band.seat: [] for band in setup.warbands},
        destroyed={band.seat: [] for band in setup.warbands},
    )
