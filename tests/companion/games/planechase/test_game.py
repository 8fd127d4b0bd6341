import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.games import find_game
from companion.games.planechase.actions import EndTurn, Face, Leave, Reveal, Roll
from companion.games.planechase.game import CHAOS, PLANESWALKED, Planechase
from companion.games.planechase.planes import user_planes
from companion.games.planechase.setup import Setup

from .conftest import IDS, own_decks


def started(game, plane=None):
    game.push(Reveal(plane or game.legal_actions()[0].plane))
    return game


def test_the_registry_finds_planechase():
    assert find_game("planechase") is Planechase


def test_the_first_player_reveals_the_first_plane(virtual):
    """Seed 004: the starting player turns the top plane of their planar deck face up."""
    pending = virtual.pending()
    assert (pending.seat, pending.kind) == ("a", "reveal")
    assert pending.details["candidates"] == [IDS[0]]
    events = virtual.push(Reveal(IDS[0]))
    assert virtual.plane is not None and virtual.plane.id == IDS[0]
    assert virtual.controller == "a"
    assert PLANESWALKED not in {event.kind for event in events}  # the first plane is no planeswalk


def test_with_physical_cards_any_unseen_plane_may_come_up(physical):
    assert physical.pending().details["candidates"] == IDS[:10]
    physical.push(Reveal(IDS[5]))
    assert physical.plane is not None and physical.plane.id == IDS[5]


def test_a_plane_from_another_deck_is_refused_and_nothing_changes(physical):
    before = physical.position()
    with pytest.raises(IllegalActionError) as caught:
        physical.push(Reveal(IDS[15]))
    assert "planar deck" in caught.value.rule
    assert physical.position() == before


def test_the_roll_cost_rises_by_one_and_resets_next_turn(virtual):
    """Seed 004: the first roll of a turn is free; each further roll costs one more mana."""
    started(virtual)
    costs = []
    for _ in range(3):
        costs.append(virtual.pending().details["roll_cost"])
        virtual.push(Roll(Face.BLANK))
    assert costs == [0, 1, 2]
    virtual.push(EndTurn())
    assert virtual.pending().seat == "b"
    assert virtual.roll_cost == 0


def test_planeswalk_sends_the_plane_under_its_owners_deck_and_the_roller_reveals(virtual):
    """Seed 004: the owner puts the plane on the bottom; the roller reveals their own top plane."""
    started(virtual)
    virtual.push(EndTurn())  # b plays on a's plane
    virtual.push(Roll(Face.PLANESWALK))
    pending = virtual.pending()
    assert (pending.seat, pending.kind) == ("b", "reveal")
    assert pending.details["candidates"] == [IDS[10]]
    events = virtual.push(Reveal(IDS[10]))
    assert PLANESWALKED in {event.kind for event in events}
    assert virtual.state.bottom["a"] == [IDS[0]]
    assert virtual.controller == "b"


def test_a_deck_cycles_to_its_bottom_planes_in_order():
    setup = Setup(("a", "b"), own_decks(("a", "b")), first="a")
    game = started(Planechase(setup), IDS[0])
    for plane in IDS[1:10]:  # a walks through every plane of their deck
        game.push(Roll(Face.PLANESWALK))
        game.push(Reveal(plane))
    game.push(Roll(Face.PLANESWALK))
    assert game.pending().details["candidates"] == [IDS[0]]


def test_chaos_triggers_the_face_up_plane(virtual):
    started(virtual)
    events = virtual.push(Roll(Face.CHAOS))
    chaos = [event for event in events if event.kind == CHAOS]
    assert chaos and chaos[0].data == {"plane": IDS[0], "controller": "a"}


def test_only_the_reveal_or_a_player_leaving_while_a_plane_is_awaited(virtual):
    """Seed 004: leaving is always possible; rolling and ending the turn wait for the plane."""
    for action in (Roll(Face.BLANK), EndTurn()):
        assert action not in virtual.legal_actions()
        with pytest.raises(IllegalActionError):
            virtual.push(action)
    assert virtual.actions == []
    assert {Leave("a"), Leave("b"), Leave("c")} <= set(virtual.legal_actions())


def walked(game):
    """a's plane IDS[0] face up; b, playing on it, rolls the planeswalk: b must reveal."""
    started(game, IDS[0])
    game.push(EndTurn())
    game.push(Roll(Face.PLANESWALK))
    assert (game.pending().seat, game.pending().kind) == ("b", "reveal")
    return game


def test_a_player_leaving_during_someone_elses_planeswalk_leaves_it_waiting(virtual):
    """Seed 004, leaving the game: only the leaver's abilities waiting to resolve are removed;
    c leaving does not touch b's planeswalk."""
    walked(virtual)
    events = virtual.push(Leave("c"))
    assert "planechase.planeswalk_removed" not in {e.kind for e in events}
    assert (virtual.pending().seat, virtual.pending().kind) == ("b", "reveal")
    virtual.push(Reveal(IDS[10]))
    assert virtual.plane is not None and virtual.plane.id == IDS[10]
    assert virtual.state.bottom["a"] == [IDS[0]]


def test_the_roller_leaving_removes_their_planeswalk_and_the_plane_stays(virtual):
    """Seed 004, leaving the game: a planeswalk on the stack when its controller leaves is
    removed and does not resolve; the plane stays face up under the next player, and the turn
    of the player who left runs to its end."""
    walked(virtual)
    events = virtual.push(Leave("b"))
    removed = [e for e in events if e.kind == "planechase.planeswalk_removed"]
    assert removed and removed[0].data["seat"] == "b" and removed[0].data["plane"] == IDS[0]
    assert virtual.plane is not None and virtual.plane.id == IDS[0]
    assert virtual.state.bottom["a"] == [] and virtual.controller == "c"
    assert virtual.pending().kind == "end_turn"
    virtual.push(EndTurn())
    assert (virtual.active, virtual.controller, virtual.plane.id) == ("c", "c", IDS[0])


def test_the_roller_leaving_during_a_walk_from_their_own_plane_takes_the_plane(virtual):
    """Seed 004: b's planeswalk is removed, but the plane it would leave is b's, so it leaves
    the game with b and the new controller reveals their own top plane."""
    started(virtual, IDS[0])
    virtual.push(Roll(Face.PLANESWALK))
    virtual.push(Reveal(IDS[1]))  # walked onto a's next plane
    virtual.push(EndTurn())
    virtual.push(Roll(Face.PLANESWALK))  # b walks from a's IDS[1]
    virtual.push(Reveal(IDS[10]))  # onto b's own plane
    virtual.push(EndTurn())
    virtual.push(EndTurn())
    virtual.push(EndTurn())  # b's turn again, on b's plane
    virtual.push(Roll(Face.PLANESWALK))
    virtual.push(Leave("b"))
    assert virtual.plane is None and "b" not in virtual.state.unseen
    assert (virtual.pending().seat, virtual.pending().kind) == ("c", "reveal")
    virtual.push(Reveal(IDS[20]))
    assert virtual.controller == "c" and virtual.plane is not None


def test_the_owner_of_the_walked_from_plane_leaving_makes_no_second_planeswalk(virtual):
    """Seed 004: a plane's owner leaving while a planeswalk waits: the plane leaves with them,
    the controller reveals once; the waiting planeswalk does not make a second one."""
    walked(virtual)
    virtual.push(Leave("a"))
    assert "a" not in virtual.state.unseen
    assert (virtual.pending().seat, virtual.pending().kind) == ("b", "reveal")
    virtual.push(Reveal(IDS[10]))
    assert virtual.pending().kind == "turn" and virtual.plane.id == IDS[10]


def test_the_first_player_leaving_before_the_first_plane_hands_the_reveal_on(virtual):
    virtual.push(Leave("a"))
    assert (virtual.pending().seat, virtual.pending().kind) == ("b", "reveal")
    assert virtual.pending().details["candidates"] == [IDS[10]]


def test_a_position_with_a_waiting_planeswalk_round_trips(virtual):
    walked(virtual)
    copy = Planechase.from_position(json.loads(json.dumps(virtual.position())))
    copy.push(Leave("b"))
    assert copy.plane is not None and copy.plane.id == IDS[0]


def test_when_the_controller_leaves_the_next_player_controls_and_the_turn_runs_out(virtual):
    """Seed 004: the turn of a player who left goes on to its end; control passes on in order."""
    started(virtual, IDS[0])
    virtual.push(EndTurn())  # b's turn on a's plane
    virtual.push(Leave("b"))
    assert virtual.controller == "c"
    pending = virtual.pending()
    assert (pending.seat, pending.kind) == (None, "end_turn")
    with pytest.raises(IllegalActionError):
        virtual.push(Roll(Face.BLANK))
    virtual.push(EndTurn())
    assert (virtual.active, virtual.controller) == ("c", "c")


def test_when_the_owner_leaves_the_plane_leaves_and_the_controller_reveals(virtual):
    """Seed 004: the plane leaves with its owner; its controller reveals their top plane."""
    started(virtual, IDS[0])
    virtual.push(EndTurn())
    virtual.push(Leave("a"))
    assert virtual.plane is None
    pending = virtual.pending()
    assert (pending.seat, pending.kind) == ("b", "reveal")
    assert "a" not in virtual.state.unseen


def test_a_group_plane_shows_its_own_text():
    mine = user_planes([{"id": "our-den", "name": "Our Den", "text": "Everyone draws."}])
    decks = {"a": ("our-den", *IDS[1:10]), "b": tuple(IDS[10:20])}
    game = Planechase(Setup(("a", "b"), decks, first="a", planes=mine, ordered=True))
    game.push(Reveal("our-den"))
    details = game.pending().details
    assert (details["plane_name"], details["plane_text"]) == ("Our Den", "Everyone draws.")
    assert Planechase.from_record(game.record()).position() == game.position()


def test_with_a_shared_deck_a_leaving_player_takes_no_plane():
    setup = Setup(("a", "b", "c"), {"shared": tuple(IDS[:30])}, first="a", ordered=True)
    game = started(Planechase(setup))
    game.push(Leave("a"))
    assert game.plane is not None and game.controller == "b"


def test_the_last_player_left_wins(virtual):
    started(virtual)
    virtual.push(Leave("b"))
    virtual.push(Leave("c"))
    assert virtual.winner() == "a"
    assert virtual.pending().kind == "game_over"
    assert virtual.legal_actions() == []


def test_pop_undoes_and_copy_is_independent(virtual):
    started(virtual)
    before = virtual.position()
    twin = virtual.copy()
    virtual.push(Roll(Face.PLANESWALK))
    assert twin.position() == before
    assert virtual.pop() == Roll(Face.PLANESWALK)
    assert virtual.position() == before
    assert twin.pop() == Reveal(IDS[0])
    with pytest.raises(IndexError):
        twin.pop()


def test_notation_reads_back(virtual):
    started(virtual)
    for action in [*virtual.legal_actions(), Reveal("ohop-07")]:
        assert virtual.parse_action(str(action)) == action
    with pytest.raises(ValueError, match="expected"):
        virtual.parse_action("roll six")


def test_position_and_record_round_trip_through_json(virtual):
    started(virtual)
    virtual.push(Roll(Face.PLANESWALK))
    virtual.push(Reveal(virtual.legal_actions()[0].plane))
    virtual.push(Leave("c"))
    position = json.loads(json.dumps(virtual.position()))
    assert Planechase.from_position(position).position() == virtual.position()
    record = json.loads(json.dumps(virtual.record()))
    assert Planechase.from_record(record).position() == virtual.position()


def test_foreign_documents_are_refused(virtual):
    with pytest.raises(ValueError, match="planechase-position"):
        Planechase.from_position(virtual.record())
    with pytest.raises(ValueError, match="version"):
        Planechase.from_record({**virtual.record(), "version": 99})


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("players", ["c", "a"], "turn order"),
        ("controller", "z", "controller"),
        ("plane", None, "face up"),
        ("bottom", {"a": [IDS[0]], "b": [], "c": []}, "deck a"),
    ],
)
def test_an_inconsistent_position_is_refused(virtual, key, value, message):
    started(virtual)
    position = virtual.position()
    position["state"][key] = value
    with pytest.raises(ValueError, match=message):
        Planechase.from_position(position)


@settings(max_examples=40, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=60))
# the player who planeswalked leaves before revealing and leaves one player: the game ends with
# the plane walked from face up again (it once ended with no plane and no one to reveal one)
@example(choices=[0, 5, 117, 1, 39])
def test_random_legal_play_keeps_every_plane_accounted_for(choices):
    """Any legal sequence: one plane face up or awaited, no plane lost or doubled, undo exact."""
    setup = Setup(("a", "b", "c", "d"), {"shared": tuple(IDS[:40])}, first="a")
    game = Planechase(setup)
    positions = [game.position()]
    for choice in choices:
        legal = game.legal_actions()
        if not legal:
            break
        game.push(legal[choice % len(legal)])
        positions.append(game.position())
        assert Planechase.from_position(positions[-1]).position() == positions[-1]
        state = game.state
        cards = state.unseen["shared"] + state.bottom["shared"] + [state.plane]
        held = [card for card in cards if card is not None]
        assert sorted(held) == sorted(IDS[:40])
        assert len(held) == len(set(held))
        assert (state.plane is None) == (state.reveal_by is not None)
        assert state.controller in state.players or game.is_over
    while game.actions:
        positions.pop()
        game.pop()
        assert game.position() == positions[-1]
