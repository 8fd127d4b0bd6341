"""Ability lines parsed into activation kinds and keyword hooks (issue: ability framework)."""

from __future__ import annotations

import pytest

from companion.games.dreamblade.abilities.keywords import KEYWORDS, Activation
from companion.games.dreamblade.abilities.lines import AbilityLineError, parse_ability
from tests.companion.games.dreamblade.builders import creature


@pytest.mark.parametrize(
    ("text", "activation", "name", "value", "cost"),
    [
        ("blade: Crit 5", Activation.BLADE, "Crit", 5, None),
        ("multi-blade: Crit 1", Activation.MULTI_BLADE, "Crit", 1, None),
        ("double-blade: Crit 10", Activation.DOUBLE_BLADE, "Crit", 10, None),
        ("double-multi-blade: Advance", Activation.DOUBLE_MULTI_BLADE, "Advance", None, None),
        ("2: Advance", Activation.SPAWN_COST, "Advance", None, 2),
        ("X: Assault X", Activation.SPAWN_COST, "Assault", None, None),
        ("scoring: Ambition 1", Activation.SCORING, "Ambition", 1, None),
        ("when spawned: Appease", Activation.WHEN_SPAWNED, "Appease", None, None),
        ("Fortunate 2", Activation.STATIC, "Fortunate", 2, None),
        ("Bodyguard", Activation.STATIC, "Bodyguard", None, None),
    ],
)
def test_activation_kinds(
    text: str, activation: Activation, name: str, value: int | None, cost: int | None
) -> None:
    ability = parse_ability(text)
    assert (ability.activation, ability.name, ability.value, ability.cost) == (
        activation,
        name,
        value,
        cost,
    )


def test_the_eight_keywords_of_this_issue_are_implemented() -> None:
    assert {
        "crit",
        "fumble",
        "bodyguard",
        "regenerate",
        "defender",
        "reinforce",
        "fortunate",
        "loner",
    } <= set(KEYWORDS)
    for text in ("blade: Crit 5", "blade: Fumble 2", "Bodyguard", "Regenerate", "Defender",
                 "Reinforce Valor", "Fortunate 2", "Loner"):  # fmt: skip
        assert parse_ability(text).implemented, text


def test_reinforce_takes_a_type() -> None:
    ability = parse_ability("Reinforce Valor")
    assert (ability.name, ability.type) == ("Reinforce", "Valor")


@pytest.mark.parametrize(
    "text",
    [
        "blade: Payback",  # a real keyword whose text the sources do not give
        "Bolster",  # the bare line the sources do not give (Bolster <type> N is implemented)
        "Shadow Drive",  # a Drive other than Locus Drive
        "manual: Crit 2",  # Crit whose activation the source does not give, marked so
        "manual: 0: move a target adjacent ally into this cell",  # a card's own words
        "manual: Bolster (+2 Defense to Janus allies)",
    ],
)
def test_keywords_left_to_the_players_and_manual_lines_mark_the_miniature_manual(
    text: str,
) -> None:
    ability = parse_ability(text)
    assert not ability.implemented
    assert not ability.text.startswith("manual")
    from companion.games.dreamblade.pieces import Piece

    assert Piece("A:x#1", "A", creature("x", abilities=[text])).manual


@pytest.mark.parametrize(
    ("text", "closest"),
    [
        ("Crit5", "did you mean 'Crit'?"),
        ("blade: Crit5", "did you mean 'Crit'?"),
        ("Bodygaurd", "did you mean 'Bodyguard'?"),
        ("blade: Fumbel 2", "did you mean 'Fumble'?"),
        ("Regenrate", "did you mean 'Regenerate'?"),
        ("Crit 2", "Crit is written 'blade: Crit N'"),  # a blade keyword without its blade
        ("blade: Bodyguard", "Bodyguard is written 'Bodyguard'"),
        ("Fortunate", "Fortunate is written 'Fortunate N'"),  # missing its number
        ("Flux Ward", "'Flux Ward' is not a keyword the engine knows"),
    ],
)
def test_an_unknown_or_misspelt_line_is_an_error_naming_the_closest_keyword(
    text: str, closest: str
) -> None:
    with pytest.raises(AbilityLineError) as error:
        parse_ability(text)
    assert closest in str(error.value)
    assert f"'manual: {text}'" in str(error.value)  # how to leave it to the players
    with pytest.raises(ValueError, match=r"did you mean|is written|not a keyword"):
        creature("x", abilities=[text])  # nothing builds a miniature with it


def test_a_miniature_with_only_known_keywords_is_not_manual() -> None:
    from companion.games.dreamblade.pieces import Piece

    piece = Piece("A:x#1", "A", creature("x", abilities=["blade: Crit 5", "Bodyguard"]))
    assert not piece.manual
    assert [a.slug for a in piece.abilities] == ["crit", "bodyguard"]
