import pytest

from companion.errors import DataFileError
from companion.games import find_entry_kind
from companion.games.dreamblade.catalog import default_catalog, miniature_to_data
from companion.games.dreamblade.table_entries import catalog_with_entries, check_miniature
from tests.companion.entries import hound_entry


def test_dreamblade_takes_miniature_entries_checked_like_its_catalog_file():
    kind = find_entry_kind("dreamblade", "miniature")
    assert kind.checked(hound_entry()) == check_miniature(hound_entry())
    with pytest.raises(DataFileError, match=r"miniature\.life"):
        kind.checked(hound_entry(life="many"))
    with pytest.raises(DataFileError, match=r"miniature\.rarity"):
        kind.checked({k: v for k, v in hound_entry().items() if k != "rarity"})


def test_entries_are_merged_over_the_catalog_and_win_on_equal_ids(tmp_path):
    catalog = default_catalog(tmp_path / "no-user-catalog.yaml")
    assert catalog["runetagged-brawler"].power is None
    brawler = check_miniature({**miniature_to_data(catalog["runetagged-brawler"]), "power": 4})
    merged = catalog_with_entries(catalog, [hound_entry(), brawler])
    assert merged["glass-hound"].name == "Glass Hound"
    assert merged["runetagged-brawler"].power == 4
    assert len(merged) == len(catalog) + 1
