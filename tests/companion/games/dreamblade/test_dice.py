import itertools
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import DataFileError
from companion.games.dreamblade import dice

MODEL = ["1", "2", "3", "miss", "miss", "blade"]


@pytest.fixture(autouse=True)
def _no_user_dice_file(tmp_path, monkeypatch):
    """The user's own dice file (if a developer has one) must not change these tests."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))


def _enumerate(count: int, faces: list[str]) -> dict[tuple[int, int], Fraction]:
    """Brute force over every ordered outcome: the reference the convolution must match."""
    out: dict[tuple[int, int], Fraction] = {}
    share = Fraction(1, len(faces) ** count)
    for roll in itertools.product(faces, repeat=count):
        damage = sum(int(f) for f in roll if f.isdigit())
        blades = sum(f == "blade" for f in roll)
        out[(damage, blades)] = out.get((damage, blades), Fraction(0)) + share
    return out


def test_builtin_die_is_the_unconfirmed_working_model():
    data = dice.builtin_dice()
    assert [face.name for face in data.attack.faces] == MODEL
    assert data.attack.status == "unconfirmed"
    assert "dmingwithcharisma" in data.attack.source
    assert data.initiative_sides == 6


@pytest.mark.parametrize("count", [0, 1, 2, 4])
def test_odds_match_brute_force_enumeration(count):
    odds = dice.attack_odds(count)
    expected = _enumerate(count, MODEL)
    assert {k: v for k, v in odds.joint.items() if v} == expected


def test_odds_for_a_user_die_match_brute_force():
    faces = ["1", "1", "4", "blade", "blade", "miss", "2", "miss"]
    die = dice.attack_die_from_faces(faces)
    assert {k: v for k, v in dice.attack_odds(3, die).joint.items() if v} == _enumerate(3, faces)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=12))
def test_distributions_sum_to_one_and_mean_is_one_per_die(count):
    odds = dice.attack_odds(count)
    assert sum(odds.damage.values()) == 1
    assert sum(odds.blades.values()) == 1
    assert odds.expected_damage == count  # (1 + 2 + 3) / 6 per die
    assert odds.at_least(0) == 1


def test_one_die_values():
    odds = dice.attack_odds(1)
    assert odds.damage == {
        0: Fraction(1, 2),
        1: Fraction(1, 6),
        2: Fraction(1, 6),
        3: Fraction(1, 6),
    }
    assert odds.blades == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    assert odds.at_least(2) == Fraction(1, 3)


def test_against_splits_into_exclusive_results():
    odds = dice.attack_odds(3)
    result = odds.against(defense=3, life=4)
    parts = result["nothing"] + result["disrupt"] + result["destroy"] + result["choice"]
    assert parts == 1
    assert result["disrupt_or_better"] == odds.at_least(3)
    assert result["destroy_possible"] == odds.at_least(4)
    assert result["choice"] == odds.at_least(4)  # defense 3 < life 4: ≥ 4 allows either
    assert result["disrupt"] == odds.damage[3]


def test_multi_blade_crit_adds_per_blade():
    one = dice.attack_odds(1, crit=dice.Crit(1))
    # the blade face now deals 1 damage: 1 dmg from "1" or blade
    assert one.damage[1] == Fraction(2, 6)
    two = dice.attack_odds(2, crit=dice.Crit(5))
    assert two.damage[10] == Fraction(1, 36)  # two blades, both spent on Crit 5


def test_single_and_double_blade_crit_limits():
    single = dice.attack_odds(2, crit=dice.Crit(5, max_uses=1))
    assert 10 not in single.damage
    # two blades (one spent), blade + miss, or 2 + 3
    assert single.damage[5] == Fraction(1, 36) + Fraction(4, 36) + Fraction(2, 36)
    double = dice.attack_odds(2, crit=dice.Crit(10, blades_per_use=2, max_uses=1))
    assert double.damage[10] == Fraction(1, 36)
    assert double.damage[0] == Fraction(4, 36) + Fraction(2 * 2, 36)  # misses / one blade + miss


def test_crit_rejects_nonsense():
    with pytest.raises(ValueError, match="Crit needs"):
        dice.Crit(0)


def test_odds_reject_bad_dice_counts():
    with pytest.raises(ValueError, match="number of dice"):
        dice.attack_odds(-1)
    with pytest.raises(ValueError, match="number of dice"):
        dice.attack_odds(dice.MAX_ODDS_DICE + 1)


def test_seeded_dice_repeat():
    first = dice.Dice(seed=42)
    second = dice.Dice(seed=42)
    assert first.roll_attack(20) == second.roll_attack(20)
    assert [first.roll_initiative() for _ in range(5)] == [
        second.roll_initiative() for _ in range(5)
    ]


def test_virtual_rolls_only_show_faces_of_the_die():
    service = dice.Dice(seed=3)
    faces = service.roll_attack(200)
    assert len(faces) == 200
    assert {face.name for face in faces} == set(MODEL)
    rolls = [service.roll_initiative() for _ in range(200)]
    assert {value for pair in rolls for value in pair} == set(range(1, 7))
    with pytest.raises(ValueError):
        service.roll_attack(-1)


@pytest.mark.parametrize(
    ("text", "name"), [("1", "1"), (3, "3"), (" Miss ", "miss"), ("BLADE", "blade")]
)
def test_parse_attack_face(text, name):
    face = dice.parse_attack_face(text)
    assert face.name == name


@pytest.mark.parametrize("bad", ["4", "0", "hit", "", None, True, 2.0])
def test_parse_attack_face_rejects_unknown_faces(bad):
    with pytest.raises(ValueError, match="face"):
        dice.parse_attack_face(bad)


def test_parse_attack_roll():
    faces = dice.parse_attack_roll(["3", "blade", "miss"])
    assert [f.damage for f in faces] == [3, 0, 0]
    assert [f.is_blade for f in faces] == [False, True, False]


@pytest.mark.parametrize(("value", "result"), [(1, 1), ("6", 6), (" 4 ", 4)])
def test_parse_initiative(value, result):
    assert dice.parse_initiative(value) == result


@pytest.mark.parametrize("bad", [7, 0, "x", "", True, None, -1, "2.5"])
def test_parse_initiative_rejects(bad):
    with pytest.raises(ValueError, match="initiative die result"):
        dice.parse_initiative(bad)


def test_user_face_list_validation():
    with pytest.raises(ValueError, match="at least 2 faces"):
        dice.attack_die_from_faces(["1"])
    with pytest.raises(ValueError, match="at least 2 faces"):
        dice.attack_die_from_faces("123")
    with pytest.raises(ValueError, match="not an attack-die face"):
        dice.attack_die_from_faces(["1", "crit"])


def _dice_file(tmp_path: Path, **change: object) -> Path:
    data = yaml.safe_load((Path(dice.__file__).parent / "data" / "dice.yaml").read_text())
    for dotted, value in change.items():
        part, key = dotted.split("__")
        data[part][key] = value
    path = tmp_path / "dice.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"attack_die__faces": ["1", "7x"]}, "attack_die.faces"),
        ({"attack_die__faces": "123456"}, "attack_die.faces"),
        ({"attack_die__status": "maybe"}, "attack_die.status"),
        ({"initiative_die__sides": 1}, "initiative_die.sides"),
        ({"initiative_die__colour": "red"}, "initiative_die.colour"),
    ],
)
def test_malformed_dice_file(tmp_path, change, field):
    path = _dice_file(tmp_path, **change)
    with pytest.raises(DataFileError) as info:
        dice.load_dice(path)
    assert (info.value.path, info.value.field) == (str(path), field)


def test_odds_as_data_is_exact_and_complete():
    data = dice.odds_as_data(dice.attack_odds(2, crit=dice.Crit(2)), defense=2, life=5)
    assert data["dice"] == 2
    assert sum(Fraction(row["equal"]["exact"]) for row in data["damage"]) == 1
    assert data["crit"] == {"amount": 2, "blades_per_use": 1, "max_uses": None}
    assert set(data["target"]) >= {"defense", "life", "disrupt_or_better", "destroy_possible"}


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(["1", "2", "3", "4", "miss", "blade"]), min_size=2, max_size=6),
    st.integers(min_value=0, max_value=3),
)
def test_any_face_list_matches_brute_force(faces, count):
    die = dice.attack_die_from_faces(faces)
    assert {k: v for k, v in dice.attack_odds(count, die).joint.items() if v} == _enumerate(
        count, faces
    )


def test_user_dice_file_replaces_the_builtin_faces(tmp_path):
    assert dice.user_dice_path() == tmp_path / "dice.yaml"
    assert dice.default_dice() == dice.builtin_dice()
    owned = _dice_file(tmp_path, attack_die__faces=["1", "2", "3", "miss", "blade", "blade"])
    assert owned == dice.user_dice_path()
    assert [f.name for f in dice.default_dice().attack.faces].count("blade") == 2
    assert dice.attack_odds(1).blades[1] == Fraction(1, 3)
    assert dice.parse_attack_face("blade").is_blade
