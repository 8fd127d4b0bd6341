"""Arena of the Planeswalkers' view: the turn track, each army's cards and figures with their
damage and place, the glyphs and who holds them, the combat in progress and the scenario's
scores — all read from the engine."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from companion.games.arena import prompts
from companion.games.arena.data_files import glyphs
from companion.games.arena.game import Arena
from companion.games.protocol import Game
from web_panel.camera_prompts import DISENGAGE, CameraPrompt
from web_panel.game_views.prompts import engine_prompts

STATS = ("power", "toughness", "move")


def _army(game: Arena, seat: str) -> dict[str, Any]:
    army = game.setup.army(seat)
    cards = []
    for card in army.cards:
        figures = []
        for fid in card.figure_ids():
            figure = game.figure(fid)
            figures.append({"id": fid, "place": figure.place, "damage": figure.damage})
        cards.append({**asdict(card), "figure_ids": card.figure_ids(), "figures": figures})
    return {
        "seat": seat,
        "team": army.team,
        "side": game.setup.side(seat),
        "planeswalker_alive": game.planeswalker_alive(seat),
        "glyph_bonus": {stat: game.glyph_bonus(seat, stat) for stat in STATS},
        "cards": cards,
    }


def _glyph_spots(game: Arena) -> list[dict[str, Any]]:
    state = game.state
    holder = {fig.place: fid for fid, fig in state.figures.items()}
    table = glyphs()
    return [
        {
            "spot": spot,
            "glyph": glyph,
            "name": table[glyph].name if glyph else None,
            "kind": table[glyph].kind if glyph else None,
            "gone": spot in state.gone,
            "holder": holder.get(spot),
        }
        for spot, glyph in state.glyphs.items()
    ]


def owners(game: Arena) -> dict[str, str]:
    """Card id or figure id → the seat whose army it is in."""
    return {
        key: army.seat
        for army in game.setup.armies
        for card in army.cards
        for key in (card.id, *card.figure_ids())
    }


def arena_view(game: Game) -> dict[str, Any]:
    assert isinstance(game, Arena)
    state = game.state
    pending = game.pending()
    rules = game.setup.rules
    names = game.setup.display_names()
    return {
        "prompt": engine_prompts(
            prompts.prompt,
            prompts.LANGUAGES,
            prompts.with_names(pending, names),
            seat_fields=("winner", "opponent"),
            seat_keyed=("scores",),
        ),
        "names": names,
        "owners": owners(game),
        "scenario": game.setup.scenario,
        "goal": rules.goal,
        "scoring": rules.scoring,
        "turn": game.turn,
        "turns": game.setup.turns,
        "active": state.active,
        "step": state.step,
        "d20": state.d20,  # the first-player rolls, round by round (seed 003)
        "chosen": state.chosen,
        "combat": asdict(state.combat) if state.combat else None,
        "armies": [_army(game, seat) for seat in game.seats],
        "glyphs": _glyph_spots(game),
        "scores": game.scores(),
    }


def camera_prompt_view(game: Game, prompt: CameraPrompt) -> dict[str, Any] | None:
    """A leaving-engagement roll or a face-down glyph the camera saw, while the engine still
    takes an action settling it: those actions (hit or no hit; each glyph it may turn out to be,
    on the hex seen, each as an ``Offer``), whose figures they are and the seat the table lets
    push them."""
    assert isinstance(game, Arena)
    legal = {str(a) for a in game.legal_actions()}
    figure = prompt.subject
    at = f" {prompt.where}" if prompt.where else ""
    if prompt.kind == DISENGAGE:
        options = [f"disengage {figure} {prompt.enemy} {hits}" for hits in (1, 0)]
        actions = [text for text in options if text in legal]
    else:
        reveals = sorted(text for text in legal if text.startswith(f"move {figure} {prompt.spot}="))
        actions = [text + at for text in reveals]
    if not actions:
        return None
    return {
        "owner": game.figure(figure).owner,
        "enemy_owner": game.figure(prompt.enemy).owner if prompt.enemy else None,
        "actions": [game.describe(game.parse_action(text)).to_json() for text in actions],
        "legal": True,
        "seat": game.pending().seat,
    }


phone_view = arena_view  # what the panel asks of the game's screens
