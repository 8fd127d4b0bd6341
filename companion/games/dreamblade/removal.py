"""Taking a miniature out of the dreamscape, with the scoring each way of leaving carries
(rulebook "destroying your own miniatures"; FAQ Regenerate, Demolish):

- ``destroy``: by the opponent — graveyard, +1 conquest point to the opponent this turn, +2 bonus
  spawn points to the owner at its next spawn phase;
- ``self_destroy``: by the owner's own ability — graveyard, no conquest point, +2 bonus;
- ``sacrifice``: graveyard, no conquest point, no bonus (even with Regenerate);
- ``return``: back to the owner's reserve (Regenerate) — nothing scores.

A miniature that leaves play and comes back is a new one, so its spawn abilities may be used
again (FAQ, spawn abilities).
"""

from __future__ import annotations

from companion import events as ev
from companion.events import Event
from companion.games.dreamblade import modifiers
from companion.games.dreamblade.keyword_state import note_removed
from companion.games.dreamblade.state import GRAVEYARD, RESERVE, Setup, State, other


def remove(setup: Setup, state: State, mini: str, outcome: str) -> Event:
    owner, cell = setup.pieces[mini].owner, state.zone[mini]
    state.damage.pop(mini, None)
    state.abilities_used = frozenset(used for used in state.abilities_used if used[0] != mini)
    note_removed(state, mini, outcome)
    modifiers.forget(state, mini)
    if outcome == "return":
        state.place(mini, RESERVE)
        return Event(ev.RETURNED_TO_RESERVE, {"mini": mini, "cell": cell})
    state.place(mini, GRAVEYARD)
    if outcome in ("destroy", "self_destroy"):
        state.bonus_losses[owner] += 1
    if outcome == "destroy":
        state.kills[other(owner)] += 1
    by = other(owner) if outcome == "destroy" else owner
    return Event(ev.DESTROYED, {"mini": mini, "cell": cell, "by": by, "how": outcome})
