"""What people read for each Planechase action: a message key and its parameters."""

from __future__ import annotations

from companion.games.planechase import actions as a
from companion.games.protocol import Action, Label, ref

ACTION_TYPES: tuple[type[Action], ...] = (a.Reveal, a.Roll, a.EndTurn, a.Leave)


def label(action: Action) -> Label:
    match action:
        case a.Reveal(plane=plane):
            return Label("pc.action.reveal", {"plane": ref("plane", plane)})
        case a.Roll(face=face):
            return Label("pc.action.roll", {"face": ref("planar_face", str(face))})
        case a.EndTurn():
            return Label("pc.action.end")
        case a.Leave(seat=seat):
            return Label("pc.action.leave", {"name": ref("seat", seat)})
    raise ValueError(f"no label for {action!r}")
