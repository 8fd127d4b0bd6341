"""Who plays and with which planar decks: validated against the deck rules of seed 004.

Each player brings a planar deck of at least 10 planes, all with different names; or the table
shares one deck of at least min(40, 10 × players) planes, all with different names.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.planechase.planes import Plane, catalog, user_planes

SHARED = "shared"
SEAT = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MIN_OWN_DECK = 10


def shared_deck_minimum(players: int) -> int:
    """The smallest legal shared planar deck for ``players`` players (seed 004)."""
    return min(40, 10 * players)


@dataclass(frozen=True)
class Setup:
    """Seats in turn order, the planar decks (top first) and the starting player.

    ``decks`` is keyed by seat, or holds the single key ``"shared"`` for a shared deck.
    ``ordered`` is true when the companion shuffled the decks itself (players without cards): only
    the top plane may then be revealed. With physical cards the order is unknown, so the players
    type the plane that came up. ``planes`` are the planes the group added in its config;
    ``typed_names`` the names the players typed from their own cards for planes whose name the
    companion has not confirmed (plane id → name).
    """

    seats: tuple[str, ...]
    decks: Mapping[str, tuple[str, ...]]
    first: str
    ordered: bool = False
    planes: tuple[Plane, ...] = field(default=())
    typed_names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._check()

    @property
    def shared(self) -> bool:
        return SHARED in self.decks

    def deck_of(self, seat: str) -> str:
        """The key of the deck ``seat`` reveals from."""
        return SHARED if self.shared else seat

    def _check(self) -> None:
        if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
            raise ValueError(f"Planechase is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("each seat may appear only once")
        for seat in self.seats:
            if not SEAT.match(seat) or seat == SHARED:
                raise ValueError(f"bad seat name {seat!r} (letters, digits, _ or -; not 'shared')")
        if self.first not in self.seats:
            raise ValueError(f"the first player {self.first!r} is not seated")
        planes = catalog(self.planes, self.typed_names)  # a name twice: DataFileError, a ValueError
        if self.shared:
            if set(self.decks) != {SHARED}:
                raise ValueError("a shared deck is the only deck at the table")
            minimum = shared_deck_minimum(len(self.seats))
            self._check_deck(SHARED, self.decks[SHARED], minimum, planes)
        else:
            if set(self.decks) != set(self.seats):
                raise ValueError("each seated player needs exactly one planar deck")
            for seat in self.seats:
                self._check_deck(seat, self.decks[seat], MIN_OWN_DECK, planes)

    @staticmethod
    def _check_deck(
        owner: str, deck: tuple[str, ...], minimum: int, planes: Mapping[str, Plane]
    ) -> None:
        unknown = [plane for plane in deck if plane not in planes]
        if unknown:
            raise ValueError(f"deck {owner}: unknown planes {', '.join(unknown)}")
        if len(set(deck)) != len(deck):
            raise ValueError(f"deck {owner}: each plane name may appear only once")
        if len(deck) < minimum:
            raise ValueError(f"deck {owner}: {len(deck)} planes, at least {minimum} needed")

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "decks": {owner: list(deck) for owner, deck in self.decks.items()},
            "first": self.first,
            "ordered": self.ordered,
            "planes": [plane.to_json() for plane in self.planes],
            **({"typed_names": dict(self.typed_names)} if self.typed_names else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        try:
            return cls(
                seats=tuple(data["seats"]),
                decks={owner: tuple(deck) for owner, deck in data["decks"].items()},
                first=data["first"],
                ordered=bool(data.get("ordered", False)),
                planes=user_planes(data.get("planes", []), "setup"),
                typed_names={str(k): str(v) for k, v in data.get("typed_names", {}).items()},
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a Planechase setup: {exc!r}") from exc


def shuffled(decks: Mapping[str, tuple[str, ...]], seed: int) -> dict[str, tuple[str, ...]]:
    """Shuffle each deck with a seeded RNG, for a virtual deck (``Setup(..., ordered=True)``)."""
    rng = random.Random(seed)
    result = {}
    for owner in sorted(decks):
        deck = list(decks[owner])
        rng.shuffle(deck)
        result[owner] = tuple(deck)
    return result
