"""The camera's open prompts for a table: what the camera noticed that only the players can
settle (a creature gone from the map, a figure that left an engagement or stopped on a face-down
glyph).

:class:`PromptList` is fed by the table's bus: the reconcilers' prompt events open a prompt (one per
subject, however many syncs repeat it); a prompt is settled when its action is applied, when the
camera sees the subject back (``*.camera_seen``), when a player dismisses it, or when another game
starts. A dismissed prompt stays hidden until its subject is seen again or settled, so the next
sync does not bring it straight back. Which prompts are still open, the actions that settle each
and whether the engine takes them now are asked of the game when the view is built
(``game_views/<game>.py``: ``camera_prompt_view``), never decided here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion import events as ev
from companion.events import Event, EventBus
from companion.games import kits
from companion.games.kit import CameraReading
from companion.games.protocol import Game
from web_panel.game_views import view_module

DESTROY = "destroy"
DISENGAGE = "disengage"
REVEAL_GLYPH = "reveal_glyph"
# Prompts the reconciler repeats on every sync while nothing changed: a dismissal must stick.
REPEATED = {DESTROY, REVEAL_GLYPH}


def _readings() -> tuple[dict[str, CameraReading], dict[str, CameraReading]]:
    """Every game's camera reading by its prompt event, and by its seen event (their kits)."""
    readings = [kit.camera for kit in kits() if kit.camera is not None]
    return {r.prompt_event: r for r in readings}, {r.seen_event: r for r in readings}


@dataclass(frozen=True)
class CameraPrompt:
    """``subject``: the creature's label or the figure's id; ``where``: the square or hex."""

    kind: str
    subject: str
    where: str | None = None
    enemy: str | None = None  # disengage: the enemy figure left
    spot: str | None = None  # reveal_glyph: the glyph spot

    @property
    def id(self) -> str:
        return ":".join(part for part in (self.kind, self.subject, self.enemy) if part)

    def settled_by(self, action: str) -> bool:
        """Whether the applied ``action`` (its notation) is what this prompt asked for."""
        if self.kind == DESTROY:
            return action == f"destroyed {self.subject}"
        if self.kind == DISENGAGE:
            return action.startswith(f"disengage {self.subject} {self.enemy} ")
        return action.startswith(f"move {self.subject} ")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "subject": self.subject,
            "where": self.where,
            "enemy": self.enemy,
            "spot": self.spot,
        }


def prompt_from_event(event: Event) -> CameraPrompt:
    """The prompt a reconciler's prompt event carries (its game's ``open_prompt``)."""
    by_prompt, _ = _readings()
    return CameraPrompt(**by_prompt[event.kind].open_prompt(event.data))


PromptView = Callable[[Game, CameraPrompt], "dict[str, Any] | None"]


def _prompt_view(game_name: str) -> PromptView | None:
    """The game's ``camera_prompt_view`` (its phone view module's, see ``game_views``), giving a
    prompt's view from the engine (``None``: no longer open); ``None`` for a game without one."""
    module = view_module(game_name)
    view: PromptView | None = getattr(module, "camera_prompt_view", None)
    return view


class PromptList:
    """The open camera prompts of one table, fed by its bus. Thread-safe."""

    def __init__(self, bus: EventBus, on_change: Callable[[], None]) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, CameraPrompt] = {}
        self._dismissed: dict[str, CameraPrompt] = {}
        self._on_change = on_change
        self._by_prompt, self._by_seen = _readings()
        kinds = {*self._by_prompt, *self._by_seen, ev.ACTION_APPLIED, ev.GAME_STARTED}
        self._unsubscribe = bus.subscribe(self._on_event, kinds=kinds)

    def _on_event(self, event: Event) -> None:
        with self._lock:
            before = dict(self._open)
            if event.kind == ev.GAME_STARTED:
                self._open.clear()
                self._dismissed.clear()
            elif event.kind in self._by_prompt:
                self._add(prompt_from_event(event))
            elif event.kind == ev.ACTION_APPLIED:
                self._settle(lambda p: p.settled_by(str(event.data.get("action", ""))))
            elif event.kind in self._by_seen:
                cleared = self._by_seen[event.kind].cleared
                self._settle(lambda p: cleared(p.to_json(), event.data))
            changed = before != self._open
        if changed:
            self._on_change()

    def _add(self, prompt: CameraPrompt) -> None:
        if prompt.id in self._dismissed:
            return
        known = self._open.get(prompt.id)
        if known is not None and prompt.where is None:
            prompt = known  # a repeat no longer knows the square it was last seen on
        self._open[prompt.id] = prompt

    def _settle(self, settles: Callable[[CameraPrompt], bool]) -> None:
        """Close the prompts ``settles``; a dismissed one settled may be prompted anew."""
        for prompts in (self._open, self._dismissed):
            for prompt_id, prompt in list(prompts.items()):
                if settles(prompt):
                    del prompts[prompt_id]

    def dismiss(self, prompt_id: str) -> None:
        """A player says the camera was wrong (or the thing is handled). ``KeyError`` if no such
        prompt is open; nothing changes then."""
        with self._lock:
            prompt = self._open.pop(prompt_id)
            if prompt.kind in REPEATED:
                self._dismissed[prompt_id] = prompt
        self._on_change()

    def view(self, game: Game) -> list[dict[str, Any]]:
        """The open prompts as the engine sees them now (the game is read, never changed)."""
        build = _prompt_view(game.name)
        with self._lock:
            prompts = list(self._open.values())
        if build is None:
            return []
        shown = []
        for prompt in prompts:
            extra = build(game, prompt)
            if extra is not None:
                shown.append({**prompt.to_json(), **extra})
        return shown

    def close(self) -> None:
        self._unsubscribe()
