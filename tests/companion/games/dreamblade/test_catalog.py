from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import DataFileError
from companion.games.dreamblade import catalog
from companion.games.dreamblade.miniature import Aspect, Kind, Miniature


@pytest.fixture(scope="module")
def builtin() -> catalog.Catalog:
    return catalog.load_catalog(catalog.builtin_catalog_path())


def _entry(**change: object) -> dict:
    entry = {
        "id": "fixture-golem",
        "name": "Fixture Golem",
        "kind": "creature",
        "spawn_cost": 4,
        "aspects": "VF",
        "power": 3,
        "defense": 4,
        "life": 6,
        "lineage": "none",
        "abilities": ["blade: Crit 1"],
        "set": "B",
        "number": 7,
        "rarity": "common",
        "source": "test fixture (invented)",
    }
    entry.update(change)
    return entry


def _write(tmp_path: Path, entries: list, name: str = "catalog.yaml") -> Path:
    path = tmp_path / name
    document = {"format": "dreamblade-catalog", "version": 1, "source": "fixture"}
    path.write_text(yaml.safe_dump({**document, "miniatures": entries}), encoding="utf-8")
    return path


def test_builtin_holds_the_sample_warband_and_the_reviewed_miniatures(builtin):
    sample = [
        "spellbound-scissors", "runetagged-brawler", "pearlthorn-castle", "inspired-samurai",
        "twilight-scout", "mirrorman", "eagle-feather-warrior", "faceless-stalker",
        "savannah-dreamhunter", "saint-of-roses", "iron-thug", "windborne-blademaster",
        "noble-dragon",
    ]  # fmt: skip
    assert all(mini_id in builtin for mini_id in sample)
    # 27 reviewed miniatures, two of which (Noble Dragon, Spellbound Scissors) are in the sample.
    assert len(builtin) == len(sample) + 27 - 2
    assert all(m.source for m in builtin.values())


def test_screambent_lunatic_has_set_and_number_id(builtin):
    lunatic = builtin["B45"]
    assert lunatic.name == "Screambent Lunatic"
    assert (lunatic.spawn_cost, lunatic.aspects) == (9, (Aspect.MADNESS,) * 3)
    assert (lunatic.power, lunatic.defense, lunatic.life) == (4, 7, 12)
    assert (lunatic.set, lunatic.number, lunatic.rarity) == ("B", 45, "rare")
    assert "pojo.com" in lunatic.source


def test_sample_warband_power_is_unknown_but_defense_life_known(builtin):
    samurai = builtin["inspired-samurai"]
    assert samurai.power is None
    assert (samurai.defense, samurai.life) == (5, 8)
    assert samurai.unknown_fields == ("power",)
    assert samurai.abilities == ("Bodyguard",)
    assert samurai.lineage is None and "lineage" not in samurai.unknown


def test_conflicting_sources_are_noted(builtin):
    scissors = builtin["spellbound-scissors"]
    assert (scissors.power, scissors.defense, scissors.life) == (2, 2, 5)
    assert "rulebook" in scissors.source and "pojo" in scissors.source


def test_unknown_aspect_count_is_reported(builtin):
    ogre = builtin["dreadmorph-ogre"]
    assert ogre.aspects == ()
    assert "aspects" in ogre.unknown_fields
    assert "abilities" in ogre.unknown


def test_location_has_no_stats(builtin):
    castle = builtin["pearlthorn-castle"]
    assert castle.kind is Kind.LOCATION
    assert (castle.power, castle.defense, castle.life) == (None, None, None)
    assert castle.unknown_fields == ()


def test_search_by_name_or_id_case_insensitive(builtin):
    assert [m.id for m in builtin.search("OGRE")] == ["dreadmorph-ogre", "savage-ogre"]
    assert [m.name for m in builtin.search("b45")] == ["Screambent Lunatic"]
    assert builtin.search("no such thing") == []


def test_unknown_id_error_names_it(builtin):
    with pytest.raises(KeyError, match="no miniature 'Z99'"):
        builtin["Z99"]


def test_round_trip_of_every_builtin_entry(builtin):
    for mini in builtin.values():
        data = catalog.miniature_to_data(mini)
        assert catalog.miniature_from_data("rt", "entry", data) == mini


def test_write_then_load_is_identical(tmp_path, builtin):
    path = tmp_path / "out" / "catalog.yaml"
    catalog.write_catalog(path, builtin.values(), source="round trip")
    assert dict(catalog.load_catalog(path)) == dict(builtin)


def test_later_file_wins_on_equal_ids(tmp_path):
    first = _write(tmp_path, [_entry(), _entry(id="other", name="Other")], "a.yaml")
    second = _write(tmp_path, [_entry(life=9)], "b.yaml")
    merged = catalog.load_catalog(first, second)
    assert merged["fixture-golem"].life == 9
    assert set(merged) == {"fixture-golem", "other"}


def test_default_catalog_merges_the_user_file(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    assert catalog.user_catalog_path() == tmp_path / "catalog.yaml"
    assert "fixture-golem" not in catalog.default_catalog()
    _write(tmp_path, [_entry(), _entry(id="B45", name="Screambent Lunatic", life=30)])
    merged = catalog.default_catalog()
    assert merged["fixture-golem"].name == "Fixture Golem"
    assert merged["B45"].life == 30
    assert "noble-dragon" in merged


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"id": "has space"}, "miniatures[0].id"),
        ({"kind": "hero"}, "miniatures[0].kind"),
        ({"spawn_cost": -1}, "miniatures[0].spawn_cost"),
        ({"spawn_cost": "9"}, "miniatures[0].spawn_cost"),
        ({"aspects": "VX"}, "miniatures[0].aspects"),
        ({"power": 2.5}, "miniatures[0].power"),
        ({"set": "ZZ"}, "miniatures[0].set"),
        ({"number": 0}, "miniatures[0].number"),
        ({"abilities": "Crit 1"}, "miniatures[0].abilities"),
        ({"abilities": ["blade: Crit 1", ""]}, "miniatures[0].abilities[1]"),
        ({"abilities": ["blade: Crit 1", "Bodygaurd"]}, "miniatures[0].abilities[1]"),
        ({"name": ""}, "miniatures[0].name"),
        ({"source": None}, "miniatures[0].source"),
        ({"flavor": "prose"}, "miniatures[0].flavor"),
        ({"kind": "location"}, "miniatures[0].defense"),
    ],
)
def test_malformed_entry_names_file_and_field(tmp_path, change, field):
    path = _write(tmp_path, [_entry(**change)])
    with pytest.raises(DataFileError) as info:
        catalog.load_catalog(path)
    assert (info.value.path, info.value.field) == (str(path), field)


def test_missing_field_is_named(tmp_path):
    entry = _entry()
    del entry["life"]
    with pytest.raises(DataFileError) as info:
        catalog.load_catalog(_write(tmp_path, [entry]))
    assert info.value.field == "miniatures[0].life"


def test_duplicate_id_in_one_file(tmp_path):
    with pytest.raises(DataFileError) as info:
        catalog.load_catalog(_write(tmp_path, [_entry(), _entry()]))
    assert info.value.field == "miniatures[1].id"


def test_wrong_header(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(yaml.safe_dump({"format": "dreamblade-map", "version": 1}), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        catalog.load_catalog(path)
    assert info.value.field == "format"


def test_catalog_rejects_duplicate_ids_in_code():
    mini = catalog.miniature_from_data("x", "y", _entry())
    with pytest.raises(ValueError, match="appears twice"):
        catalog.Catalog([mini, mini])


_names = st.text(alphabet=st.characters(categories=("L", "N", "Zs")), min_size=1, max_size=20)
_stat = st.one_of(st.none(), st.integers(min_value=0, max_value=20))


@st.composite
def _miniatures(draw: st.DrawFn) -> Miniature:
    kind = draw(st.sampled_from(list(Kind)))
    creature = kind is Kind.CREATURE
    aspects_unknown = draw(st.booleans())
    optional = ("lineage", "abilities", "set", "number", "rarity")
    unknown = {f for f in optional if draw(st.booleans())} | (
        {"aspects"} if aspects_unknown else set()
    )
    return Miniature(
        id=draw(st.from_regex(r"[A-Za-z0-9._-]{1,24}", fullmatch=True)),
        name=draw(_names.filter(lambda n: n.strip() == n)),
        kind=kind,
        spawn_cost=draw(_stat),
        aspects=()
        if aspects_unknown
        else tuple(draw(st.lists(st.sampled_from(list(Aspect)), max_size=3))),
        power=draw(_stat) if creature else None,
        defense=draw(_stat) if creature else None,
        life=draw(_stat) if creature else None,
        lineage=None if "lineage" in unknown else draw(st.sampled_from([None, "Janus", "Lost"])),
        abilities=tuple(
            draw(st.lists(st.sampled_from(["Bodyguard", "blade: Crit 2"]), max_size=2))
        ),
        set=None if "set" in unknown else draw(st.sampled_from(sorted(catalog.SETS))),
        number=None if "number" in unknown else draw(st.integers(min_value=1, max_value=96)),
        rarity=None if "rarity" in unknown else draw(st.sampled_from(["common", "rare"])),
        source="generated by a property test",
        unknown=frozenset(unknown),
    )


@settings(max_examples=60, deadline=None)
@given(_miniatures())
def test_any_entry_round_trips_through_the_file_format(mini):
    data = yaml.safe_load(yaml.safe_dump(catalog.miniature_to_data(mini), allow_unicode=True))
    assert catalog.miniature_from_data("generated", "entry", data) == mini
