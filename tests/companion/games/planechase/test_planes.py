import pytest

from companion.errors import DataFileError
from companion.games.planechase.planes import catalog, load_planes, user_planes


def test_the_forty_original_planes_are_listed_once_with_their_numbers():
    """facts.md §6: 40 planes, collector numbers 1..40, all names different."""
    planes = load_planes()
    assert [plane.number for plane in planes] == list(range(1, 41))
    assert len({plane.name for plane in planes}) == 40
    assert all(plane.set == "OHOP" and plane.text is None for plane in planes)


def test_numbers_confirmed_by_card_pages_are_marked_confirmed():
    """facts.md §6: #1, 6, 7, 13, 16, 23, 24, 25, 27, 33, 40 are confirmed; the rest likely."""
    by_number = {plane.number: plane for plane in load_planes()}
    assert by_number[1].name == "Academy at Tolaria West"
    assert by_number[40].name == "Velis Vel"
    confirmed = {n for n, plane in by_number.items() if plane.status == "confirmed"}
    assert confirmed == {1, 6, 7, 13, 16, 23, 24, 25, 27, 33, 40}
    assert "Tazeem" not in {plane.name for plane in by_number.values()}


def test_users_add_planes_with_their_own_text():
    added = user_planes([{"id": "my-home", "name": "My Home", "text": "Draw a card."}])
    planes = catalog(added)
    assert planes["my-home"].text == "Draw a card."
    assert planes["my-home"].status == "user"
    assert len(planes) == 41


@pytest.mark.parametrize(
    ("entries", "field"),
    [
        ("not a list", "planes"),
        ([{"id": "Bad Id", "name": "x"}], "planes[0].id"),
        ([{"id": "ok", "name": ""}], "planes[0].name"),
        ([{"id": "ok", "name": "x", "number": 0}], "planes[0].number"),
        ([{"id": "a", "name": "x"}, {"id": "b", "name": "X"}], "planes"),
    ],
)
def test_bad_user_planes_name_the_field(entries, field):
    with pytest.raises(DataFileError) as caught:
        user_planes(entries)
    assert caught.value.field == field


def test_an_added_plane_may_not_reuse_a_built_in_name():
    with pytest.raises(DataFileError, match="Bant"):
        catalog(user_planes([{"id": "bant-2", "name": "Bant"}]))


def test_a_broken_planes_file_names_the_file(tmp_path):
    path = tmp_path / "planes.yaml"
    path.write_text("planes: {not: a list}\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        load_planes(path)
    assert caught.value.path == str(path)
    assert caught.value.field == "planes"
