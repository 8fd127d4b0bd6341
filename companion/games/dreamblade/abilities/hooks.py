"""What each implemented keyword does to a game in play: its hooks, registered by its own module
of this package (``register``) and asked by the rules (``effects``, ``combat``) through
``hooks_of``. The keyword's line and its plain facts are ``keywords``'s; every keyword module is
loaded by ``every_keyword``, which the engine imports.

Hooks are called with a ``Use``: the game, the miniature holding the ability and the ability line.

- ``choices(use)`` — the legal argument lists (targets, cells) of one activation of a blade or
  spawn ability; ``[()]`` when it takes none. ``resolve(use, args)`` applies it.
- ``power_aura(use, creature)`` — power the holder adds to a creature's strike attacks and
  deathblows (Inciter, Enrage).
- ``attack_bonus(use, seat, cell)`` — power added to every attack ``seat`` makes in ``cell``
  (Darkheart Cottage).
- ``nullifies(use, mini)`` — the blade abilities of ``mini`` can take no blade.
- ``on_enter(use, mover, cell)`` — effects when ``mover`` enters ``cell`` by any movement but
  spawning (Ambush, Charge).
- ``on_spawned(use)`` — when the miniature is spawned (Appease, Lockdown).
- ``end_of_combat(use)`` — once per combat, at its step 10: what happens at once and the effects
  it triggers, queued with the other players' step-10 effects (Bloodthirsty, Strikeback).
- ``conquest_bonus(use)`` — conquest points for the holder's owner this turn (Ambition).
- ``spawn_bonus(use)`` — bonus spawn points to the holder's owner at the start of their spawn
  phase, while it is in the dreamscape (Energize).
- ``spawn_phase_start(use)`` — effects triggered by the start of the holder's owner's spawn
  phase, while it is in the dreamscape (Locus Drive).
- ``defense_aura(use, creature)`` — defense the holder adds to a creature (Bolster).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.events import Event
from companion.games.dreamblade.abilities.keywords import KEYWORDS
from companion.games.dreamblade.abilities.lines import Ability
from companion.games.dreamblade.keyword_state import Effect

if TYPE_CHECKING:
    from companion.games.dreamblade.state import Setup, State


@dataclass(frozen=True)
class Use:
    """One activation of an ability: the game, the miniature using it, the ability line and, for
    an ``X`` spawn cost, the X paid."""

    setup: Setup
    state: State
    mini: str
    ability: Ability
    x: int | None = None

    @property
    def value(self) -> int:
        """The ability's number: its printed N, or the X paid for ``X: Assault X``."""
        return self.ability.value if self.ability.value is not None else int(self.x or 0)

    @property
    def hooks(self) -> Hooks:
        return hooks_of(self.ability)


@dataclass(frozen=True)
class Hooks:
    """One keyword's hooks with the game (see the module docstring). Unset: not affected."""

    choices: Callable[[Use], list[tuple[str, ...]]] | None = None
    resolve: Callable[[Use, tuple[str, ...]], list[Event]] | None = None
    power_aura: Callable[[Use, str], int] | None = None
    attack_bonus: Callable[[Use, str, str], int] | None = None
    nullifies: Callable[[Use, str], bool] | None = None
    on_enter: Callable[[Use, str, str], list[Effect]] | None = None
    on_spawned: Callable[[Use], list[Event]] | None = None
    end_of_combat: Callable[[Use], tuple[list[Event], list[Effect]]] | None = None
    conquest_bonus: Callable[[Use], int] | None = None
    spawn_bonus: Callable[[Use], int] | None = None
    spawn_phase_start: Callable[[Use], list[Effect]] | None = None
    defense_aura: Callable[[Use, str], int] | None = None


NO_HOOKS = Hooks()
HOOKS: dict[str, Hooks] = {}


def register(name: str, hooks: Hooks) -> Hooks:
    """The hooks of the implemented keyword ``name`` (``KeyError`` for a keyword the engine does
    not list in ``keywords.KEYWORDS``)."""
    key = name.lower()
    if key not in KEYWORDS:
        raise KeyError(f"{name!r} is not a keyword of abilities.keywords.KEYWORDS")
    HOOKS[key] = hooks
    return hooks


def hooks_of(ability: Ability) -> Hooks:
    """The hooks of the ability's keyword; none for a line the players apply themselves or a
    keyword whose rules are all plain facts (``keywords.Keyword``'s flags)."""
    if ability.keyword is None:
        return NO_HOOKS
    return HOOKS.get(ability.keyword.name.lower(), NO_HOOKS)
