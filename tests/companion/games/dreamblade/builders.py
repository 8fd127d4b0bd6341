"""Test fixtures for the Dreamblade engine: inline miniatures, a map with every value known, and
positions built directly (so a test sets up exactly the situation a rule talks about).

The miniatures here are fixtures, not catalog data: their numbers are chosen per test.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.events import Event
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Aspect, Kind, Miniature
from companion.games.dreamblade.state import RESERVE, Settings, State

# the working model of the attack die (facts.md), used as fixture data
FACES = ("1", "2", "3", "miss", "miss", "blade")

KEY_VALUES: dict[str, int | None] = {
    "b2": 3, "c2": 2, "d2": 1,
    "b3": 1, "c3": 5, "d3": 2,
    "b4": 3, "c4": 2, "d4": 1,
}  # fmt: skip


def test_map(**values: int | None) -> DreamMap:
    return DreamMap(
        name="test",
        portals={"A": "a1", "B": "e5"},
        key_values={**KEY_VALUES, **values},
        provisional=False,
        source="test fixture",
    )


def creature(
    id: str,
    cost: int | None = 3,
    aspects: str = "",
    power: int | None = 2,
    defense: int | None = 3,
    life: int | None = 5,
    abilities: Iterable[str] = (),
    lineage: str | None = None,
) -> Miniature:
    return Miniature(
        id=id,
        name=id.title(),
        kind=Kind.CREATURE,
        spawn_cost=cost,
        aspects=tuple(Aspect(a) for a in aspects),
        power=power,
        defense=defense,
        life=life,
        lineage=lineage,
        abilities=tuple(abilities),
        set=None,
        number=None,
        rarity=None,
        source="test fixture",
    )


def location(id: str, cost: int = 3, aspects: str = "", abilities: Iterable[str] = ()) -> Miniature:
    return Miniature(
        id=id,
        name=id.title(),
        kind=Kind.LOCATION,
        spawn_cost=cost,
        aspects=tuple(Aspect(a) for a in aspects),
        power=None,
        defense=None,
        life=None,
        lineage=None,
        abilities=tuple(abilities),
        set=None,
        number=None,
        rarity=None,
        source="test fixture",
    )


def new_game(
    a: Iterable[Miniature], b: Iterable[Miniature], *, rule_430: bool = False, **values: int | None
) -> DreambladeGame:
    return DreambladeGame(
        test_map(**values), {"A": list(a), "B": list(b)}, FACES, Settings(rule_430)
    )


def at(
    a: Iterable[Miniature],
    b: Iterable[Miniature],
    zones: dict[str, str],
    *,
    phase: str = "action",
    seat: str | None = "A",
    first: str = "A",
    round_: int = 1,
    mode: str | None = None,
    turn: int = 2,
    spawn_sum: int = 7,
    damage: dict[str, int] | None = None,
    rule_430: bool = False,
    **values: int | None,
) -> DreambladeGame:
    """A game at a chosen moment: ``zones`` places pieces (others stay in the reserve). In a
    spawn phase the phase's points and start-of-phase allies are computed as the game would."""
    template = new_game(a, b, rule_430=rule_430, **values)
    state = State(zone={mini: RESERVE for mini in template.setup.pieces})
    for mini, where in zones.items():
        assert mini in state.zone, mini
        state.place(mini, where)
    state.turn, state.first_player, state.spawn_sum = turn, first, spawn_sum
    state.to_roll = ()
    state.damage = dict(damage or {})
    if phase == "spawn":
        from companion.games.dreamblade.turn import start_spawn_phase

        assert seat is not None
        start_spawn_phase(template.setup, state, seat)
    else:
        state.phase, state.phase_seat, state.action_round, state.mode = phase, seat, round_, mode
    if phase in ("conquest", "initiative"):
        state.phase_seat, state.action_round = None, 0
    if phase == "initiative":
        state.first_player, state.to_roll = None, ("A", "B")
    return DreambladeGame.from_parts(template.setup, state)


def play(game: DreambladeGame, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += game.push(game.parse_action(text))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]
