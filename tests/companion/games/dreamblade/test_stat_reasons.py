"""Why a creature's stats are what they are (``stat_reasons``), and every keyword of
docs/abilities.md rendered with sample parameters in English and Japanese: its numbers and names
appear where they belong, nothing of the line is run together, no field is left unfilled."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.dreamblade.abilities.lines import parse_ability
from companion.games.dreamblade.stat_reasons import ability_help, creature_reasons
from tests.companion.games.dreamblade.builders import at, creature, play
from web_panel.i18n import LANGUAGES, catalog, translate

DOC = Path(__file__).parents[4] / "docs" / "abilities.md"
HERO = creature("hero", power=4, defense=9, life=9)
GLORIOUS = creature("glorious", defense=3, life=6, lineage="Janus", abilities=["Bolster Janus 2"])
KNIGHT = creature("knight", defense=6, life=8, lineage="Janus")

PREFIX = {
    "blade (any kind)": "blade: ",
    "spawn cost": "2: ",
    "scoring": "scoring: ",
    "when spawned": "when spawned: ",
    "static": "",
    "—": "manual: ",
}


def documented_lines() -> list[tuple[str, str]]:
    """Each keyword row of docs/abilities.md as a sample line: (the row's keyword, the line),
    with 3 for its number and Janus for its type, activated the first way the row lists."""
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("Keyword", "---") or set(cells[0]) <= {"-"}:
            continue
        keyword, activations = cells[0], cells[1].split(", ")[0]
        body = re.sub(r"\s*\(.*\)", "", keyword)
        body = body.replace("[type]", "Janus").replace("[N]", "3").replace(" N", " 3")
        rows.append((keyword, PREFIX[activations] + body))
    return rows


LINES = documented_lines()


def test_the_document_lists_the_keywords():
    assert len(LINES) > 40
    assert ("Bolster [type] N", "Bolster Janus 3") in LINES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("keyword", "line"), LINES, ids=[k for k, _ in LINES])
def test_every_keyword_renders_its_numbers_and_names(keyword: str, line: str, language: str):
    ability = parse_ability(line)
    help_ = ability_help(ability)
    assert help_["key"] in catalog(language), help_
    text = translate(language, help_["key"], n=help_["n"], type=help_["type"])
    assert "{" not in text and "}" not in text
    if not ability.implemented:
        assert help_["key"] == "ability.manual"
        return
    assert "Janus 3" not in text  # the type and the number never run together
    if "N" in keyword.split():
        assert "3" in text, text  # its number, where the text says what it does
    if "[type]" in keyword:
        assert "Janus" in text, text


def test_bolster_says_its_bonus_and_its_kind_apart():
    help_ = ability_help(parse_ability("Bolster Janus 2"))
    assert (help_["n"], help_["type"]) == (2, "Janus")
    assert "Janus kind get +2 defense" in translate("en", help_["key"], **_fields(help_))
    assert "Janusのクリーチャーのディフェンスが+2" in translate(
        "ja", help_["key"], **_fields(help_)
    )


def _fields(help_: dict[str, object]) -> dict[str, object]:
    return {"n": help_["n"], "type": help_["type"]}


def test_a_bolstered_creature_says_its_defense_now_and_why():
    zones = {"A:hero#1": "c3", "B:glorious#1": "e5", "B:knight#1": "c3"}
    game = at([HERO], [GLORIOUS, KNIGHT], zones, mode="strike")
    play(game, "cell c3", "dice 3,1,miss,miss", "damage B:knight#1=4")
    now = creature_reasons(game.setup, game.state, "B:knight#1")
    assert now["defense"] == {
        "value": 8,
        "printed": 6,
        "changes": [{"amount": 2, "keyword": "Bolster", "source": "B:glorious#1"}],
    }
    assert now["life"] == {"value": 8, "printed": 8, "changes": []}
    assert (now["disrupted_at"], now["destroyed_at"]) == (8, 8)
    assert now["power"]["value"] == now["power"]["printed"]
    glorious = creature_reasons(game.setup, game.state, "B:glorious#1")
    assert glorious["defense"]["changes"] == []  # a creature is not its own ally


def test_the_judges_modifier_is_a_reason_too():
    game = at([HERO], [KNIGHT], {"A:hero#1": "c3", "B:knight#1": "c3"}, mode="strike")
    play(game, "correct modifier B:knight#1 defense -2")
    now = creature_reasons(game.setup, game.state, "B:knight#1")
    assert now["defense"] == {
        "value": 4,
        "printed": 6,
        "changes": [{"amount": -2, "keyword": "judge", "source": None}],
    }


def test_a_spawn_cost_says_the_aspects_and_the_judge_it_adds():
    from companion.games.dreamblade.stat_reasons import cost_reasons

    valor = creature("valor", defense=3, life=6, cost=4, aspects="VV")
    game = at([HERO, valor], [KNIGHT], {"A:hero#1": "c3"}, mode="strike")
    play(game, "correct modifier A:valor#1 cost -1")
    why = cost_reasons(game.setup, game.state, "A", "A:valor#1")
    assert why["printed"] == 4
    assert why["changes"][-1] == {"amount": -1, "keyword": "judge", "source": None}
    assert why["changes"][0] == {"amount": 2, "keyword": "aspects", "source": None}  # no Valor
    assert why["value"] == 4 + 2 - 1
