"""Property tests: random legal games from random warbands never break an invariant (issue 2,
"Tests and benchmark"): stack limits, no damage survives a phase end, tally = claims + kills,
push/pop restores the exact position, the position JSON round-trips."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import events as ev
from companion.games.dreamblade import conquest, effects
from companion.games.dreamblade.engine import PENDING_KINDS
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.random_play import random_action
from tests.companion.games.dreamblade.builders import creature, location, new_game

KEYWORD_LINES = [
    "blade: Crit 2",
    "multi-blade: Crit 1",
    "double-blade: Crit 6",
    "blade: Fumble 2",
    "Bodyguard",
    "Regenerate",
    "Defender",
    "Reinforce Valor",
    "Fortunate 1",
    "Loner",
    "blade: Advance",
    "blade: Skirmish",
    "Ambush 2",
    "Charge 2",
    "2: Teleport Self",
    "X: Assault X",
    "blade: Warpstrike 2",
    "double-blade: Double Warpstrike 2",
    "Strikeback 2",
    "Bloodthirsty",
    "multi-blade: Venom 2",
    "blade: Bomb 2",
    "blade: Lure",
    "blade: Swap",
    "Inciter 1",
    "Enrage 1",
    "blade: Dissipate",
    "double-blade: Demolish",
    "blade: Tantrum",
    "blade: Wail",
    "when spawned: Appease",
    "when spawned: Lockdown",
    "Nullify Enemies",
    "blade: Expel",
    "blade: Scare",
    "blade: Fracture 1",
    "blade: Payback",  # manual
]


@st.composite
def miniatures(draw: st.DrawFn, index: int) -> Miniature:
    aspects = draw(st.text(alphabet="VMFP", max_size=2))
    if draw(st.integers(0, 9)) == 0:
        return location(f"loc{index}", cost=draw(st.integers(0, 4)), aspects=aspects)
    defense = draw(st.integers(1, 6))
    return creature(
        f"m{index}",
        cost=draw(st.integers(0, 6)),
        aspects=aspects,
        power=draw(st.integers(0, 4)),
        defense=defense,
        life=draw(st.integers(1, 9)),
        abilities=draw(st.lists(st.sampled_from(KEYWORD_LINES), max_size=2, unique=True)),
    )


@st.composite
def warbands(draw: st.DrawFn) -> list[Miniature]:
    kinds = [draw(miniatures(i)) for i in range(draw(st.integers(2, 5)))]
    return [mini for mini in kinds for _ in range(draw(st.integers(1, 3)))]


def check_invariants(game: DreambladeGame) -> None:
    setup, state = game.setup, game.state
    assert game.pending().kind in PENDING_KINDS  # the documented set (docs/formats.md)
    portals = set(setup.dream_map.portals.values())
    for cell, minis in game.board().items():
        locations = [m for m in minis if m.kind == "location"]
        assert len(locations) <= 1, cell
        for seat in ("A", "B"):
            creatures = [m for m in minis if m.kind == "creature" and m.owner == seat]
            assert cell in portals or len(creatures) <= 4, (cell, seat)
    points = dict(state.kills)
    for cell, seat in conquest.claims(setup, state).items():
        points[seat] += conquest.key_value(setup, state, cell) or 0
    assert game.tally() == points
    assert all(
        state.zone[m] in ("reserve", "graveyard", "out") or len(state.zone[m]) == 2
        for m in state.zone
    )
    # damage sits only on creatures in the dreamscape, below what would already have removed it
    # outside a combat; spawn points are never negative; every creature in play has known stats
    for mini, damage in state.damage.items():
        piece = setup.pieces[mini]
        assert state.on_map(mini) and piece.is_creature and damage > 0
        if state.combat is None and not state.keywords.effects:
            defense = effects.creature_defense(setup, state, mini)
            assert damage < min(defense, effects.creature_life(setup, state, mini)), mini
    assert state.spawn_points >= 0
    assert all(not setup.pieces[m].mini.unknown_fields for m in state.zone if state.on_map(m))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=warbands(), b=warbands(), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(
    a: list[Miniature], b: list[Miniature], seed: int
) -> None:
    game = new_game(a, b)
    rng = random.Random(seed)
    for step in range(250):
        if game.is_over:
            break
        before = game.position()
        action = random_action(game, rng)
        assert action in game.legal_actions()
        events = game.push(action)
        if any(e.kind == ev.PHASE_STARTED for e in events):
            assert game.state.damage == {}  # damage never survives a phase end
        check_invariants(game)
        if step % 10 == 0:
            after = game.position()
            assert game.pop() == action
            assert game.position() == before  # undo restores the exact position
            game.push(action)
            assert game.position() == after
            text = json.dumps(after)
            assert DreambladeGame.from_position(json.loads(text)).position() == after
