"""The turn outside combat: initiative, phase changes, spawn phases, shifts and the conquest phase.

Sources: rulebook "initiative phase", "turn 1", "spawn phase", "action phase", "conquest phase";
FAQ rule 430 (tournament initiative) and the spawn-phase answers.
"""

from __future__ import annotations

from companion import events as ev
from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import (
    board,
    conquest,
    effects,
    keyword_state,
    movement,
    removal,
    spawning,
)
from companion.games.dreamblade.abilities.keywords import Activation
from companion.games.dreamblade.abilities.lines import Ability
from companion.games.dreamblade.notices import said
from companion.games.dreamblade.state import (
    SEATS,
    TURN_WINS_TO_WIN,
    Setup,
    State,
    TurnResult,
    other,
)


def ones_are_rerolled(setup: Setup, state: State) -> bool:
    """Turn 1 rerolls 1s (rulebook "turn 1"); so does FAQ rule 430 after an initiative phase
    in which a 1 was rolled, when the table plays by it."""
    return state.turn == 1 or (setup.settings.rule_430 and state.ones_last_turn)


def apply_initiative(setup: Setup, state: State, values: dict[str, int | None]) -> list[Event]:
    for seat in SEATS:
        rolled = values[seat]
        if (rolled is not None) != (seat in state.to_roll):
            wanted = " and ".join(state.to_roll)
            raise IllegalActionError(f"only {wanted} roll(s) now", rule="initiative.who_rolls")
        if rolled is not None and not 1 <= rolled <= 6:
            raise IllegalActionError(
                f"an initiative die shows 1–6, not {rolled}", rule="initiative.d6"
            )
    for seat in state.to_roll:
        state.init_dice[seat] = values[seat]
    dice = {seat: int(state.init_dice[seat] or 0) for seat in SEATS}
    if ones_are_rerolled(setup, state) and 1 in dice.values():
        state.to_roll = tuple(seat for seat in SEATS if dice[seat] == 1)
        why = "turn_1" if state.turn == 1 else "rule_430"
        return [said(f"ones_rerolled.{why}", seats=list(state.to_roll))]
    tie = dice["A"] == dice["B"]
    if tie and state.turn_wins["A"] == state.turn_wins["B"]:
        state.to_roll = SEATS
        return [said("tie_rerolled", die=dice["A"])]
    if tie:
        first = max(SEATS, key=lambda seat: state.turn_wins[seat])
        first_said = said("tie_turn_wins", die=dice["A"], seat=first)
    else:
        first = max(SEATS, key=lambda seat: dice[seat])
        first_said = said("first_player", seat=first, a=dice["A"], b=dice["B"])
    state.first_player = first
    state.spawn_sum = dice["A"] + dice["B"]
    state.to_roll = ()
    # a rerolled die's earlier result is ignored (FAQ, rerolls): only a 1 that stands counts
    # for rule 430 next turn
    state.ones_this_turn = 1 in dice.values()
    if state.ones_this_turn:  # any 1 skips both spawn phases; bonus points carry over
        ones = [seat for seat in SEATS if dice[seat] == 1]
        skipped = said("spawn_skipped", seats=ones)
        return [first_said, skipped, *start_action_phase(state, first, 1)]
    return [first_said, *start_spawn_phase(setup, state, first)]


def start_spawn_phase(setup: Setup, state: State, seat: str) -> list[Event]:
    state.phase, state.phase_seat = "spawn", seat
    state.spawn_points = spawning.spawn_points_at_start(state, seat)
    state.bonus_losses[seat] = 0
    state.spawned_into = {}
    state.abilities_used = frozenset()
    state.ally_cells_at_start = spawning.ally_cells(setup, state, seat)
    return [_phase_event(state), *effects.spawn_phase_started(setup, state, seat)]


def apply_spawn(setup: Setup, state: State, mini: str, cell: str) -> list[Event]:
    seat = state.phase_seat
    assert seat is not None
    cost = spawning.check_spawn(setup, state, seat, mini, cell, in_phase=True)
    state.spawn_points -= cost
    state.place(mini, cell)
    if setup.pieces[mini].is_creature:
        state.spawned_into[cell] = state.spawned_into.get(cell, 0) + 1
    events = [Event(ev.SPAWNED, {"mini": mini, "cell": cell, "seat": seat, "cost": cost})]
    return events + effects.spawned(setup, state, mini)


def spawn_ability_options(setup: Setup, state: State, seat: str) -> list[tuple[str, int, Ability]]:
    """Spawn abilities ``seat`` may still use this phase: its miniatures in play, each ability
    once per spawn phase (rulebook "spawn abilities"; FAQ: also on a creature spawned this
    phase)."""
    options = []
    for mini in board.in_play(setup, state, seat):
        for index, ability in enumerate(setup.pieces[mini].abilities):
            if ability.activation is Activation.SPAWN_COST:
                usable = ability.cost is None or ability.cost <= state.spawn_points
            else:  # Call
                usable = effects.spawn_action_open(setup, state, mini, ability)
            if usable and (mini, index) not in state.abilities_used:
                options.append((mini, index, ability))
    return options


def apply_ability(
    setup: Setup, state: State, mini: str, slug: str, x: int | None, args: tuple[str, ...] = ()
) -> list[Event]:
    seat = state.phase_seat
    assert seat is not None
    found = [
        (i, a)
        for m, i, a in spawn_ability_options(setup, state, seat)
        if m == mini and a.slug == slug
    ]
    if not found:
        raise IllegalActionError(
            f"{mini} has no spawn ability {slug!r} you can use now (once per spawn phase, "
            "paid in spawn points)",
            rule="spawn.ability",
        )
    index, ability = found[0]
    if ability.activation is not Activation.SPAWN_COST:  # Call pays its choice's cost itself
        if x is not None:
            raise IllegalActionError(f"{ability.text}: give no X", rule="spawn.ability")
        state.abilities_used = state.abilities_used | {(mini, index)}
        return effects.use_spawn_ability(setup, state, mini, ability, x, args, 0)
    if (ability.cost is None) != (x is not None):
        expected = "give the X you pay" if ability.cost is None else "this cost is fixed; give no X"
        raise IllegalActionError(f"{ability.text}: {expected}", rule="spawn.ability")
    cost = ability.cost if ability.cost is not None else int(x or 0)
    if cost > state.spawn_points:
        raise IllegalActionError(
            f"{ability.text} costs {cost}, {state.spawn_points} left", rule="spawn.points"
        )
    state.spawn_points -= cost
    state.abilities_used = state.abilities_used | {(mini, index)}
    return effects.use_spawn_ability(setup, state, mini, ability, x, args, cost)


def apply_relocation(setup: Setup, state: State, mini: str, cell: str) -> list[Event]:
    """A manual ability moves a creature (own or enemy) to another cell. Ability moves obey the
    stack limit too (rulebook "stack limit" under abilities) but not the shift rules."""
    piece = setup.pieces.get(mini)
    if piece is None or not piece.is_creature or not state.on_map(mini) or state.zone[mini] == cell:
        raise IllegalActionError(
            f"{mini} is not a creature in the dreamscape outside {cell}", rule="manual.relocate"
        )
    if (
        len(board.creatures_in(setup, state, cell, piece.owner))
        >= spawning.MAX_CREATURES_PER_SEAT_IN_CELL
    ):
        raise IllegalActionError(
            f"{cell} already holds 4 creatures of seat {piece.owner}", rule="stack_limit"
        )
    origin = state.zone[mini]
    state.place(mini, cell)
    moved = Event(ev.MOVED, {"mini": mini, "from": origin, "to": cell, "how": "ability"})
    return [moved, *effects.entered(setup, state, mini, cell)]  # Ambush, Charge (FAQ: any move)


def apply_manual_removal(
    setup: Setup, state: State, seat: str, mini: str, outcome: str
) -> list[Event]:
    """A manual ability of ``seat`` sacrifices or destroys one of its own miniatures."""
    piece = setup.pieces.get(mini)
    if piece is None or piece.owner != seat or not state.on_map(mini):
        raise IllegalActionError(
            f"{mini} is not one of your miniatures in the dreamscape", rule="manual.own_miniature"
        )
    return [removal.remove(setup, state, mini, outcome)]


def apply_move(setup: Setup, state: State, mini: str, cell: str) -> list[Event]:
    seat = state.phase_seat
    assert seat is not None
    movement.check_move(setup, state, seat, mini, cell)
    origin = state.zone[mini]
    state.place(mini, cell)
    state.moved = state.moved | {mini}
    moved = Event(ev.MOVED, {"mini": mini, "from": origin, "to": cell})
    return [moved, *effects.entered(setup, state, mini, cell)]


def end_phase(setup: Setup, state: State) -> list[Event]:
    """End the spawn or action phase in progress: unspent spawn points are lost, damage is
    cleared (it never survives a phase end), and the next phase begins."""
    seat = state.phase_seat
    assert seat is not None and state.first_player is not None
    state.damage.clear()
    keyword_state.end_of_phase(state)
    state.spawn_points = 0
    state.mode, state.moved, state.fought = None, frozenset(), frozenset()
    if state.phase == "spawn":
        if seat == state.first_player:
            return start_spawn_phase(setup, state, other(seat))
        return start_action_phase(state, state.first_player, 1)
    if state.action_round == 1:
        return start_action_phase(state, seat, 2)
    if seat == state.first_player:
        return start_action_phase(state, other(seat), 1)
    state.phase, state.phase_seat, state.action_round = "conquest", None, 0
    return [_phase_event(state)]


def start_action_phase(state: State, seat: str, round_: int) -> list[Event]:
    state.phase, state.phase_seat, state.action_round = "action", seat, round_
    return [_phase_event(state)]


def apply_value(setup: Setup, state: State, cell: str, value: int) -> list[Event]:
    """The judge gives (or corrects) a key cell's printed value, within the map's range."""
    if cell not in setup.dream_map.key_values:
        raise IllegalActionError(f"{cell} is not a key cell", rule="map.values")
    if not setup.dream_map.in_range(value):
        low, high = setup.dream_map.value_range
        raise IllegalActionError(
            f"a key cell's value on this map is {low}–{high}", rule="map.values"
        )
    if state.winner is not None:
        raise IllegalActionError(
            "the game is over: undo back before its end first", rule="map.values"
        )
    state.learned_values[cell] = value
    return [Event("dreamblade.cell_value", {"cell": cell, "value": value})]


def apply_confirm(setup: Setup, state: State) -> list[Event]:
    unknown = conquest.unknown_claimed(setup, state)
    if unknown:
        raise IllegalActionError(
            f"give the printed value of {', '.join(unknown)} first (value <cell> <points>)",
            rule="map.values",
        )
    claims = conquest.claims(setup, state)
    points = conquest.tally(setup, state)
    winner = conquest.turn_winner(points)
    events = [
        Event(
            ev.CELL_CLAIMED,
            {"cell": cell, "seat": seat, "points": conquest.key_value(setup, state, cell)},
        )
        for cell, seat in claims.items()
    ]
    state.results = (*state.results, TurnResult(state.turn, claims, points, winner))
    if winner is None:
        events.append(Event(ev.TURN_TIED, {"turn": state.turn, "tally": points}))
        events.append(said("turn_tied", turn=state.turn, points=points["A"]))
    else:
        state.turn_wins[winner] += 1
        events.append(Event(ev.TURN_WON, {"turn": state.turn, "seat": winner, "tally": points}))
        events.append(
            said(
                "turn_won",
                turn=state.turn,
                seat=winner,
                won=points[winner],
                lost=points[other(winner)],
                wins=state.turn_wins[winner],
            )
        )
        if state.turn_wins[winner] >= TURN_WINS_TO_WIN:
            state.winner, state.phase = winner, "game_over"
            return [
                *events,
                said("game_won", seat=winner, wins=state.turn_wins[winner]),
                Event(ev.GAME_WON, {"seat": winner, "turn_wins": dict(state.turn_wins)}),
            ]
    state.turn += 1
    state.phase, state.first_player, state.phase_seat = "initiative", None, None
    state.kills = {"A": 0, "B": 0}
    keyword_state.end_of_turn(state)
    state.ones_last_turn, state.ones_this_turn = state.ones_this_turn, False
    state.init_dice, state.to_roll = {"A": None, "B": None}, SEATS
    return [*events, _phase_event(state)]


def _phase_event(state: State) -> Event:
    return Event(
        ev.PHASE_STARTED,
        {
            "turn": state.turn,
            "phase": state.phase,
            "seat": state.phase_seat,
            "round": state.action_round,
        },
    )
