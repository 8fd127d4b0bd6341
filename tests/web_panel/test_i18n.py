from __future__ import annotations

import re

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from web_panel.i18n import LANGUAGES, catalog, choose_language, translate


def test_both_catalogs_have_the_same_keys():
    assert set(catalog("en")) == set(catalog("ja"))


@pytest.mark.parametrize("key", sorted(catalog("en")))
def test_both_languages_fill_in_the_same_fields(key: str):
    fields = [set(re.findall(r"\{(\w+)\}", catalog(lang)[key])) for lang in LANGUAGES]
    assert fields[0] == fields[1]


def test_japanese_texts_are_translated_not_copied():
    en, ja = catalog("en"), catalog("ja")
    same = [k for k in en if en[k] == ja[k] and re.search(r"[A-Za-z]{3}", en[k])]
    assert same == []


def test_translate_fills_fields_and_falls_back_to_the_key():
    assert translate("en", "viewer.seat", seat="B") == "Seat B"
    assert translate("ja", "viewer.seat", seat="B") == "席 B"
    assert translate("en", "no.such.key") == "no.such.key"
    with pytest.raises(KeyError, match="unknown language"):
        catalog("fr")


def _request(headers: dict[str, str]) -> Request:
    return Request(EnvironBuilder(headers=headers).get_environ())


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        ({}, "en"),
        ({"Accept-Language": "ja"}, "ja"),
        ({"Accept-Language": "fr, ja;q=0.3"}, "ja"),
        ({"Accept-Language": "de"}, "en"),
        ({"Accept-Language": "ja", "Cookie": "lang=en"}, "en"),
        ({"Cookie": "lang=xx"}, "en"),
    ],
)
def test_a_phones_language(headers: dict[str, str], language: str):
    assert choose_language(_request(headers)) == language


def test_every_shipped_map_has_a_name_in_each_language():
    from companion.games.dreamblade.maps import builtin_map_names

    for language in LANGUAGES:
        for name in builtin_map_names():
            assert f"setup.builtin_map.{name}" in catalog(language), (language, name)
