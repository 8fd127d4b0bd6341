"""Dungeon Command's view: each warband's morale and leadership, the levels it has on the
battlefield against its leadership (the deploy check), its creatures in play (by the names on their
cards, each with its hit points, damage, tapping, conditions and the melee and ranged damage on its
card) and destroyed, the turn's phase and the creature being activated, and what refusing damage
costs each warband — all read from the engine."""

from __future__ import annotations

from typing import Any

from companion.games.dungeon_command import prompts
from companion.games.dungeon_command.actions import Destroyed
from companion.games.dungeon_command.data_files import commanders, conditions
from companion.games.dungeon_command.game import (
    MORALE_PER_COWERED_DAMAGE,
    PHASES,
    DungeonCommand,
)
from companion.games.protocol import Game
from web_panel.camera_prompts import CameraPrompt
from web_panel.game_views.prompts import engine_prompts


def _warband(game: DungeonCommand, seat: str) -> dict[str, Any]:
    band = game.setup.band(seat)
    state = game.state
    card = commanders().get(band.commander)
    return {
        "seat": seat,
        "commander": card.name if card else band.commander,
        "morale": game.morale(seat),
        "leadership": game.leadership(seat),
        "levels_in_play": game.levels_in_play(seat),
        "room": game.deploy_room(seat),
        "creature_hand": band.creature_hand,
        "battlefield": [_in_play(game, label) for label in state.battlefield[seat]],
        "destroyed": [_creature(game, label) for label in state.destroyed[seat]],
        "creatures": len(band.creatures),
        # morale lost per 10 damage refused, plus what the opposing commander's power adds
        "cower_extra": game.setup.band(game.opponent(seat)).cowering_opponent_extra_loss,
    }


def _creature(game: DungeonCommand, label: str) -> dict[str, Any]:
    return {"label": label, "name": game.setup.creature_name(label), "level": game.level(label)}


def _in_play(game: DungeonCommand, label: str) -> dict[str, Any]:
    """A creature on the battlefield: its card's numbers (``None``: not typed in) and its state."""
    return {
        **_creature(game, label),
        "hit_points": game.hit_points(label),
        "damage": game.damage(label),
        "tapped": game.is_tapped(label),
        "conditions": game.conditions(label),
        "attacks": game.attack_numbers(label),
    }


def dungeon_command_view(game: Game) -> dict[str, Any]:
    assert isinstance(game, DungeonCommand)
    state = game.state
    pending = game.pending()
    return {
        "prompt": engine_prompts(
            prompts.prompt,
            prompts.LANGUAGES,
            pending,
            seat_fields=("winner",),
            seat_keyed=("morale",),
        ),
        "turn": state.turn,
        "phase": state.phase,
        "phases": list(PHASES),
        "active": state.active,
        "warbands": [_warband(game, seat) for seat in game.seats],
        "levels": {
            label: level for band in game.setup.warbands for label, level in band.creatures.items()
        },
        "names": {
            label: band.name(label) for band in game.setup.warbands for label in band.creatures
        },
        "owners": {label: band.seat for band in game.setup.warbands for label in band.creatures},
        "damage_step": MORALE_PER_COWERED_DAMAGE,
        "activating": state.activating,
        "activated": list(state.activated),
        "conditions": list(conditions()),
    }


def camera_prompt_view(game: Game, prompt: CameraPrompt) -> dict[str, Any] | None:
    """A creature the camera no longer sees, while the engine still has it on the battlefield:
    the action that settles it, whether the engine takes it now, what it would cost (read from
    a trial push on a copy) and the seat the table lets push it (the one the game waits for)."""
    assert isinstance(game, DungeonCommand)
    label = prompt.subject
    if label not in game.on_battlefield():
        return None
    owner = game.setup.owner(label)
    assert owner is not None
    action = Destroyed(label)
    legal = action in game.legal_actions()
    loss = None
    if legal:
        trial = game.copy()
        assert isinstance(trial, DungeonCommand)
        trial.push(action)
        loss = game.morale(owner) - trial.morale(owner)
    return {
        "owner": owner,
        "name": game.setup.creature_name(label),
        "level": game.level(label),
        "loss": loss,
        "actions": [game.describe(action).to_json()],
        "legal": legal,
        "seat": game.pending().seat,
    }


phone_view = dungeon_command_view  # what the panel asks of the game's screens
