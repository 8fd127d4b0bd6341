"""Why a creature's stats are what they are now: the printed number, then each thing that changes
it (an aura of another miniature in play — Bolster, Inciter, Enrage — and the judge's modifier),
as the engine adds them (``effects.creature_power`` and friends), so a phone can say "Defense 8
(6 printed, +2 Bolster from Sir Glorious)". Also how much damage disrupts and destroys it, and
what an ability line's numbers and names are, for its help text.
"""

from __future__ import annotations

from typing import Any

from companion.games.dreamblade import effects, modifiers, spawning
from companion.games.dreamblade.abilities.lines import Ability
from companion.games.dreamblade.state import Setup, State

# stat → the keyword hook whose auras change it (life has none)
AURA_HOOKS = {"power": "power_aura", "defense": "defense_aura"}
EFFECTIVE = {
    "power": effects.creature_power,
    "defense": effects.creature_defense,
    "life": effects.creature_life,
}


def stat_reasons(setup: Setup, state: State, mini: str, stat: str) -> dict[str, Any]:
    """``stat`` (power, defense, life) of ``mini`` in play: its ``value`` now (the engine's),
    ``printed``, and the ``changes`` that make the difference, each ``{"amount", "keyword",
    "source"}`` (``source``: the miniature whose ability it is; the judge's modifier has keyword
    ``judge`` and no source). A minimum the rulebook imposes is the rest of any difference."""
    printed = getattr(setup.pieces[mini].mini, stat)
    changes: list[dict[str, Any]] = []
    hook = AURA_HOOKS.get(stat)
    if hook is not None:
        for use in effects.in_play_with(setup, state, hook):
            aura = getattr(use.hooks, hook)
            amount = aura(use, mini) if aura is not None else 0
            if amount:
                changes.append({"amount": amount, "keyword": use.ability.name, "source": use.mini})
    judge = modifiers.of(state, mini, stat)
    if judge:
        changes.append({"amount": judge, "keyword": "judge", "source": None})
    return {"value": EFFECTIVE[stat](setup, state, mini), "printed": printed, "changes": changes}


def creature_reasons(setup: Setup, state: State, mini: str) -> dict[str, Any]:
    """A creature on the map: its power, defense and life with their reasons, the damage it has
    taken in this combat and the damage that disrupts it (its defense) and destroys it (its
    life)."""
    stats = {stat: stat_reasons(setup, state, mini, stat) for stat in EFFECTIVE}
    return {
        **stats,
        "damage": state.damage.get(mini, 0),
        "disrupted_at": stats["defense"]["value"],
        "destroyed_at": stats["life"]["value"],
    }


def cost_reasons(setup: Setup, state: State, seat: str, mini: str) -> dict[str, Any]:
    """What spawning ``mini`` costs ``seat`` now (the engine's ``spawn_cost``), ``printed``, and
    the ``changes``: the aspects ``seat`` lacks (keyword ``aspects``) and the judge's modifier.
    ``IllegalActionError`` as ``spawn_cost`` (not ``seat``'s, unknown stats)."""
    value = spawning.spawn_cost(setup, state, seat, mini)
    changes: list[dict[str, Any]] = []
    shortfall = spawning.aspect_shortfall(setup, state, seat, mini)
    if shortfall:
        changes.append({"amount": shortfall, "keyword": "aspects", "source": None})
    judge = modifiers.of(state, mini, "cost")
    if judge:
        changes.append({"amount": judge, "keyword": "judge", "source": None})
    return {"value": value, "printed": setup.pieces[mini].mini.spawn_cost, "changes": changes}


def ability_help(ability: Ability) -> dict[str, Any]:
    """What an ability's help text needs: the message of its keyword (``ability.<first word of
    the keyword>``; ``ability.manual`` when the engine leaves it to the players) and the line's
    number ``n`` and type ``type`` (``Bolster Janus 2`` → 2 and "Janus")."""
    if not ability.implemented:
        return {"key": "ability.manual", "n": "", "type": ""}
    word = ability.name.split(" ")[0].lower()
    number = ability.value if ability.value is not None else ability.cost
    return {
        "key": f"ability.{word}",
        "n": "" if number is None else number,
        "type": ability.type or "",
    }
