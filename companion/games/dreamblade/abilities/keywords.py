"""The keywords a Dreamblade ability line may name, as data: the ones the engine implements
(``KEYWORDS``: how each line is written — its parameter, its activations — and the rules it sets
that are plain facts, such as Bodyguard's guarding or Crit's damage) and the ones the rules sources
name while leaving the effect to the players (``MANUAL_KEYWORDS``).

This is the leaf of the abilities: it imports nothing of the game, so the miniatures and the
catalog can check their ability lines (``lines.parse_ability``) without loading a rule. What a
keyword does to a game in play — its hooks — lives in its own module of this package
(``hooks.register``), above the game's state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal


class Activation(StrEnum):
    BLADE = "blade"
    MULTI_BLADE = "multi-blade"
    DOUBLE_BLADE = "double-blade"
    DOUBLE_MULTI_BLADE = "double-multi-blade"
    SPAWN_COST = "spawn-cost"
    SCORING = "scoring"
    WHEN_SPAWNED = "when-spawned"
    STATIC = "static"


BLADE_ACTIVATIONS = frozenset(
    {
        Activation.BLADE,
        Activation.MULTI_BLADE,
        Activation.DOUBLE_BLADE,
        Activation.DOUBLE_MULTI_BLADE,
    }
)

# blades one activation takes, and whether the ability may be activated again in the same combat
BLADES_PER_USE = {
    Activation.BLADE: 1,
    Activation.MULTI_BLADE: 1,
    Activation.DOUBLE_BLADE: 2,
    Activation.DOUBLE_MULTI_BLADE: 2,
}
REPEATABLE = frozenset({Activation.MULTI_BLADE, Activation.DOUBLE_MULTI_BLADE})

# "number?" and "type?": the parameter may be left out (``Skirmish`` / ``Skirmish 2``,
# ``Nullify`` / ``Nullify Valor``); "type number": both (``Bolster Janus 2``)
Parameter = Literal["none", "number", "type", "number?", "type?", "type number"]


@dataclass(frozen=True)
class BladeEffect:
    """What one activation of a blade ability does to the attack it belongs to."""

    damage_bonus: int = 0


@dataclass(frozen=True)
class Keyword:
    """One keyword the engine implements: how its line is written and the rules it sets that are
    plain facts. Unset flags mean "not affected"; the keyword's hooks with the game are its
    module's (``hooks.Hooks``).

    - ``on_blade(value)`` — the effect of one activation of a blade ability with this keyword.
    - ``rerolls`` — the ability lets its creature reroll up to ``value`` attack dice per attack.
    - ``guards`` — damage may not go to non-guarding allies in the cell before every guard there
      has enough to be disrupted or destroyed.
    - ``regenerates`` — being destroyed returns the creature to its owner's reserve instead.
    - ``no_shift_into_enemies`` — it may not shift into a cell holding an enemy creature.
    - ``spawns_beside_type`` — it may be spawned into any cell holding an ally of the given type.
    - ``attacks_alone`` — it may not attack together with other creatures.
    - ``spawn_action`` — used in its owner's spawn phase like a spawn ability, once per phase,
      though printed without a cost: offered while its ``choices`` have any, and it pays its
      choice's cost itself (Call).
    """

    name: str
    parameter: Parameter
    activations: frozenset[Activation]
    # what the engine assumes where its source is thin, and how sure that source is
    # (docs/abilities.md lists it), and the same note in Japanese for the judge's phone
    assumed: str = ""
    assumed_ja: str = ""
    on_blade: Callable[[int], BladeEffect] | None = None
    rerolls: bool = False
    guards: bool = False
    regenerates: bool = False
    no_shift_into_enemies: bool = False
    spawns_beside_type: bool = False
    attacks_alone: bool = False
    spawn_action: bool = False


def _by_name(*keywords: Keyword) -> dict[str, Keyword]:
    return {keyword.name.lower(): keyword for keyword in keywords}


# every keyword the engine implements, by its name in lower case
KEYWORDS: dict[str, Keyword] = _by_name(
    Keyword("Advance", "none", BLADE_ACTIVATIONS | {Activation.SPAWN_COST}),
    Keyword("Ambition", "number", frozenset({Activation.SCORING, Activation.STATIC})),
    Keyword("Ambush", "number", frozenset({Activation.STATIC})),
    Keyword("Appease", "none", frozenset({Activation.WHEN_SPAWNED})),
    Keyword("Assault", "number?", BLADE_ACTIVATIONS | {Activation.SPAWN_COST}),
    Keyword("Bloodthirsty", "none", frozenset({Activation.STATIC})),
    # Bodyguard (static): no damage to a non-Bodyguard ally in its cell until every Bodyguard
    # there has enough to be disrupted or destroyed; applies to every kind of attack (FAQ,
    # Bodyguard).
    Keyword("Bodyguard", "none", frozenset({Activation.STATIC}), guards=True),
    Keyword(
        "Bolster",
        "type number",
        frozenset({Activation.STATIC}),
        assumed="LIKELY source (a review's summary of Sir Glorious: +2 defense to Janus "
        "allies): read as `Bolster <type> N`; every other creature of its controller of that "
        "type in the dreamscape, not itself; while both are in play; two add up.",
        assumed_ja="出典は確からしいという程度です(Sir Gloriousのレビューの要約に、Janusの味方の"
        "ディフェンスが2上がるとあります)。`Bolster <種類> N`として読み、同じコントローラーの"
        "ドリームスケープにいるその種類のほかのクリーチャーに効きます(自分自身には効きません)。"
        "両方がプレイ中のあいだだけ有効で、2つあれば足し合わせます。",
    ),
    Keyword("Bomb", "number", BLADE_ACTIVATIONS),
    Keyword(
        "Call",
        "none",
        frozenset({Activation.STATIC}),
        assumed="LIKELY source (a review of Baxar): used in its owner's spawn phase, once, on "
        "one of its owner's scoring cells; a graveyard creature (not a location) is spawned "
        "into an orthogonally adjacent cell for its full cost; stack and four-per-cell limits "
        "hold, the spawn-row rules do not.",
        assumed_ja="出典は確からしいという程度です(Baxarのレビュー)。持ち主のスポーンフェイズに"
        "1回、持ち主の得点マスのどれかにいるときに使えます。墓地のクリーチャー(ロケーションは"
        "除く)を、縦か横にとなり合うマスへ、コストを全額払ってスポーンします。スタックの制限と"
        "1マス4体までの制限は守られますが、スポーン列の決まりは当てはまりません。",
        spawn_action=True,
    ),
    Keyword("Charge", "number", frozenset({Activation.STATIC})),
    # Crit N (blade): adds N to this combat's damage (FAQ combat step 3: tallied now, assigned
    # with the rest of the damage at step 4).
    Keyword(
        "Crit", "number", BLADE_ACTIVATIONS, on_blade=lambda value: BladeEffect(damage_bonus=value)
    ),
    Keyword("Darkheart Cottage", "none", frozenset({Activation.STATIC})),
    # Defender (static): when its owner shifts, it may not move into a cell holding an enemy
    # creature; other movement may put it there (FAQ, Defender).
    Keyword("Defender", "none", frozenset({Activation.STATIC}), no_shift_into_enemies=True),
    Keyword("Demolish", "none", BLADE_ACTIVATIONS),
    Keyword("Dissipate", "none", BLADE_ACTIVATIONS),
    Keyword(
        "Energize",
        "number",
        frozenset({Activation.STATIC}),
        assumed="The FAQ names Energize as a source of bonus spawn points without its text: N "
        "points when its controller's spawn phase starts, from a miniature in the dreamscape "
        "only; none in a skipped spawn phase; two add up.",
        assumed_ja="FAQはEnergizeをボーナスのスポーンポイントの出どころとして挙げていますが、"
        "効果の文面は載せていません。コントローラーのスポーンフェイズが始まるとき、ドリームスケープ"
        "にいるミニチュアからだけNポイント得るものとします。スポーンフェイズを飛ばしたときは"
        "得られず、2つあれば足し合わせます。",
    ),
    Keyword("Enrage", "number", frozenset({Activation.STATIC})),
    Keyword("Expel", "none", BLADE_ACTIVATIONS),
    # Fortunate N (static): each time its creature attacks, reroll up to N attack dice; two
    # Fortunate abilities are two separate rerolls, one after the other (FAQ, Fortunate).
    Keyword("Fortunate", "number", frozenset({Activation.STATIC}), rerolls=True),
    Keyword("Fracture", "number", BLADE_ACTIVATIONS),
    # Fumble N (blade): subtracts N from this combat's damage; the total never goes below 0
    # (rulebook "minimums": damage ≥ 0 after all modifiers).
    Keyword(
        "Fumble",
        "number",
        BLADE_ACTIVATIONS,
        on_blade=lambda value: BladeEffect(damage_bonus=-value),
    ),
    Keyword("Inciter", "number", frozenset({Activation.STATIC})),
    Keyword("Lockdown", "none", frozenset({Activation.WHEN_SPAWNED})),
    Keyword(
        "Locus Drive",
        "none",
        frozenset({Activation.STATIC}),
        assumed="SOLID that it moves one cell toward the centre at the start of your spawn "
        "phase; assumed: one orthogonal step closer to c3 (the controller picks between two), "
        "the stack limit holds, not a shift (Lockdown and Defender do not stop it).",
        assumed_ja="あなたのスポーンフェイズの開始時に中央へ1マス動くことは確かです。ここからは"
        "推定です:c3に近づく縦か横の1マスの移動で(候補が2つあればコントローラーが選びます)、"
        "スタックの制限は守られます。シフトではないので、LockdownやDefenderでは止まりません。",
    ),
    # Loner (static): it may not attack together with other creatures; it may make a deathblow
    # only when it is the only creature making one in that attack (FAQ, Loner).
    Keyword("Loner", "none", frozenset({Activation.STATIC}), attacks_alone=True),
    Keyword("Lure", "none", BLADE_ACTIVATIONS),
    Keyword("Nullify", "type?", frozenset({Activation.STATIC})),
    Keyword("Petrify", "none", BLADE_ACTIVATIONS),
    # Regenerate (static): when destroyed it returns to its owner's reserve instead — no
    # deathblow, no bonus spawn points, no conquest point (FAQ, Regenerate). Sacrifice still sends
    # it to the graveyard.
    Keyword("Regenerate", "none", frozenset({Activation.STATIC}), regenerates=True),
    # Reinforce [type] (static): it may be spawned into a cell holding an ally of that type — an
    # aspect (Valor…) or a lineage; a location is not an ally (FAQ, spawning).
    Keyword("Reinforce", "type", frozenset({Activation.STATIC}), spawns_beside_type=True),
    Keyword("Scare", "none", BLADE_ACTIVATIONS),
    Keyword("Skirmish", "number?", BLADE_ACTIVATIONS),
    Keyword("Strikeback", "number", frozenset({Activation.STATIC})),
    Keyword("Suppress", "none", frozenset({Activation.SPAWN_COST, Activation.WHEN_SPAWNED})),
    Keyword("Swap", "none", BLADE_ACTIVATIONS),
    Keyword("Tantrum", "none", BLADE_ACTIVATIONS),
    Keyword("Teleport Self", "none", BLADE_ACTIVATIONS | {Activation.SPAWN_COST}),
    Keyword("Venom", "number", BLADE_ACTIVATIONS),
    Keyword("Wail", "none", BLADE_ACTIVATIONS),
    Keyword("Warpstrike", "number", BLADE_ACTIVATIONS),
    Keyword("Double Warpstrike", "number", BLADE_ACTIVATIONS),
)


@dataclass(frozen=True)
class ManualKeyword:
    """A keyword the rules sources name whose effect the engine leaves to the players.
    ``label`` names its row in ``docs/abilities.md``; ``name`` is the line's keyword (a leading
    ``*`` matches any words before the rest: ``* Drive``); ``bare``: only the line without a
    parameter (the parametrised line is implemented)."""

    label: str
    name: str
    why: str
    bare: bool = False

    def matches(self, name: str, has_parameter: bool) -> bool:
        if self.bare and has_parameter:
            return False
        key = name.lower()
        if self.name.startswith("* "):
            suffix = self.name[1:].lower()
            return key.endswith(suffix) and key != suffix.strip() and key not in KEYWORDS
        return key == self.name.lower()


MANUAL_KEYWORDS: tuple[ManualKeyword, ...] = (
    ManualKeyword("Payback", "Payback", "the sources give no formula (facts.md: UNCERTAIN)"),
    ManualKeyword(
        "Bolster (bare line)",
        "Bolster",
        "the printed line is not known (facts.md, LIKELY: +2 defense to Janus allies); "
        "`Bolster <type> N` is applied",
        bare=True,
    ),
    ManualKeyword("Panic", "Panic", "named by the FAQ without its text"),
    ManualKeyword("Phantom", "Phantom", "named by the FAQ without its text"),
    ManualKeyword("Soul Harrow", "Soul Harrow", "named by the FAQ without its text"),
    ManualKeyword(
        "Suppress (bare line)",
        "Suppress",
        "its activation symbol is not known (facts.md); "
        "`0: Suppress` or `when spawned: Suppress` is applied",
        bare=True,
    ),
    ManualKeyword(
        "Drive (other than Locus Drive)",
        "* Drive",
        "each Drive has its own movement; the sources give only Locus Drive's",
    ),
    ManualKeyword("Deathboon", "Deathboon", "facts.md: UNCERTAIN"),
    ManualKeyword("Haunt Gambit", "Haunt Gambit", "facts.md: text not given"),
    ManualKeyword("Skirmish Self", "Skirmish Self", "named by facts.md without its text"),
)


PARAMETER_SHAPES = {
    "number": " N",
    "type": " [type]",
    "number?": " [N]",
    "type?": " [type]",
    "type number": " [type] N",
}


def written(keyword: Keyword) -> str:
    """A keyword with its parameter, as lines write it: ``Crit N``, ``Bolster [type] N``."""
    return keyword.name + PARAMETER_SHAPES.get(keyword.parameter, "")
