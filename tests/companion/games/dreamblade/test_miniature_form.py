import pytest

from companion.errors import DataFileError
from companion.games.dreamblade.abilities.keywords import KEYWORDS
from companion.games.dreamblade.abilities.lines import parse_ability
from companion.games.dreamblade.catalog import default_catalog
from companion.games.dreamblade.miniature_form import ability_line, entry_from_form, keyword_choices
from companion.games.dreamblade.table_entries import entry_miniature


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    return default_catalog(tmp_path_factory.mktemp("home") / "catalog.yaml")


HOUND = {
    "name": "Glass Hound",
    "kind": "creature",
    "spawn_cost": 3,
    "aspects": "FF",
    "power": 2,
    "defense": 3,
    "life": 5,
    "lineage": "Lost",
    "abilities": [
        {"keyword": "Crit", "activation": "blade", "value": 2},
        {"keyword": "Advance", "activation": "spawn-cost", "cost": 1},
        {"keyword": "Reinforce", "type": "Fear"},
        {"text": "Howls at  the moon"},
    ],
}


def test_a_new_miniature_from_its_base(catalog):
    entry = entry_from_form(HOUND, catalog, "Aiko (seat A)")
    mini = entry_miniature(entry)
    assert (mini.id, mini.name, mini.spawn_cost, mini.power, mini.defense, mini.life) == (
        "glass-hound", "Glass Hound", 3, 2, 3, 5,
    )  # fmt: skip
    assert [a.value for a in mini.aspects] == ["F", "F"]
    assert mini.lineage == "Lost"
    assert mini.abilities == (
        "blade: Crit 2", "1: Advance", "Reinforce Fear", "manual: Howls at the moon",
    )  # fmt: skip
    assert [parse_ability(line).implemented for line in mini.abilities] == [True] * 3 + [False]
    assert "entered at the table by Aiko (seat A)" in mini.source
    assert mini.unknown == {"set", "number", "rarity"}


def test_values_left_empty_stay_unknown(catalog):
    mini = entry_miniature(entry_from_form({"name": "Half Seen", "power": ""}, catalog, "Ben"))
    assert (mini.spawn_cost, mini.power) == (None, None)
    assert {"aspects", "lineage", "abilities"} <= mini.unknown


def test_a_location_has_no_stats(catalog):
    tower = entry_from_form(
        {"name": "Odd Tower", "kind": "location", "spawn_cost": 2}, catalog, "A"
    )
    assert "power" not in tower
    with pytest.raises(DataFileError) as refused:
        entry_from_form({"name": "Odd Tower", "kind": "location", "power": 2}, catalog, "A")
    assert refused.value.field == "power"


def test_completing_fills_in_unknown_values_only(catalog):
    brawler = catalog["runetagged-brawler"]
    assert brawler.power is None
    entry = entry_from_form({"id": brawler.id, "power": 4, "defense": 5}, catalog, "Ben")
    assert (entry["power"], entry["defense"], entry["life"]) == (4, 5, 5)
    assert entry["source"].startswith(brawler.source)
    with pytest.raises(DataFileError) as refused:
        entry_from_form({"id": brawler.id, "defense": 4}, catalog, "Ben")
    assert (refused.value.field, refused.value.code, refused.value.params) == (
        "defense", "known", {"known": "5"},
    )  # fmt: skip


def test_a_new_miniature_named_like_one_in_the_catalog_is_refused(catalog):
    with pytest.raises(DataFileError) as refused:
        entry_from_form({"name": "Spellbound Scissors"}, catalog, "A")
    assert refused.value.code == "exists"
    with pytest.raises(DataFileError, match="a miniature of the catalog"):
        entry_from_form({"id": "no-such-mini", "power": 1}, catalog, "A")


@pytest.mark.parametrize(
    ("pick", "field", "code"),
    [
        ({"keyword": "Frobnicate", "value": 2}, "keyword", "keyword"),
        ({"keyword": "Crit", "activation": "static", "value": 2}, "keyword", "shape"),
        ({"keyword": "Crit", "activation": "blade"}, "keyword", "shape"),
        ({"keyword": "Crit", "activation": "sometimes", "value": 2}, "activation", "choice"),
        ({"keyword": "Advance", "activation": "spawn-cost", "cost": 99}, "cost", "range"),
        ({"keyword": "Crit", "activation": "blade", "value": 77}, "value", "range"),
        ({"text": "  "}, "text", "text"),
    ],
)
def test_a_bad_ability_is_refused(pick, field, code):
    with pytest.raises(DataFileError) as refused:
        ability_line(pick)
    assert (refused.value.field, refused.value.code) == (field, code)


def test_a_stat_out_of_range_is_refused(catalog):
    with pytest.raises(DataFileError) as refused:
        entry_from_form({**HOUND, "life": 41}, catalog, "A")
    assert (refused.value.code, refused.value.params["maximum"]) == ("range", 40)


def test_the_form_offers_every_keyword_with_its_uses():
    choices = {choice["name"]: choice for choice in keyword_choices()}
    assert len(choices) == len(KEYWORDS)
    assert choices["Crit"]["parameter"] == "number"
    assert "blade" in choices["Crit"]["activations"]
    assert choices["Reinforce"]["activations"] == ["static"]
