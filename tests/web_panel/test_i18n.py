from __future__ import annotations

import re

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from web_panel.i18n import LANGUAGES, catalog, choose_language, translate


def test_both_catalogs_have_the_same_keys():
    assert set(catalog("en")) == set(catalog("ja"))


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_both_languages_fill_in_the_same_fields():
    """Every message's ``{field}``s are the same in each language (all mismatches listed at once:
    one test, not one per message, as the catalogs hold some 3,000)."""
    en, ja = catalog("en"), catalog("ja")
    mismatched = {key: (_fields(en[key]), _fields(ja[key])) for key in en if key in ja}
    assert {key: both for key, both in mismatched.items() if both[0] != both[1]} == {}
    assert len(mismatched) > 1000  # it looked at the catalogs


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


def test_a_count_takes_its_word_in_the_singular_for_one():
    assert translate("en", "ar.action.hits", n=1) == "1 hit"
    assert translate("en", "ar.action.hits", n=3) == "3 hits"
    assert translate("en", "ar.action.hits", n=0) == "0 hits"
    assert translate("en", "db.claim.points", value=1) == "1 point"
    assert translate("en", "dice.total", entered=0, expected=1) == "0 of 1 die entered"
    assert translate("en", "camsetup.figures", good=1, total=25, need=3) == (
        "1 of 25 cells reads well · carriers need 3 px a module"
    )
    assert translate("ja", "ar.action.hits", n=1) == catalog("ja")["ar.action.hits"].format(n=1)


# Words an English count takes in the plural: after a number field, within two words.
COUNTED = re.compile(
    r"\{(\w+)\}((?: [\w-]+){0,2}? (?:points|pts|dice|hits|shields|blades|planes|creatures|tags"
    r"|entries|copies|miniatures|markers|messages|views|cells|levels|things|parts|games))\b"
)


def _plural_mistakes(text: str) -> list[str]:
    mistakes = ["(s)"] if "(s)" in text else []
    return mistakes + [
        f"“{match.group(0)}” says 1 in the plural"
        for match in COUNTED.finditer(text)
        if f"{{{match.group(1)}:" not in text
    ]


def test_every_english_count_says_one_in_the_singular():
    """A number before a plural noun chooses its word (``{n} {n:hit|hits}``), never "1 points";
    no "(s)" either. Every message is read; all mistakes are listed at once."""
    en = catalog("en")
    mistakes = {key: found for key, text in en.items() if (found := _plural_mistakes(text))}
    assert mistakes == {}


def test_the_plural_check_catches_a_count_without_its_word():
    assert _plural_mistakes("{n} points left") == ["“{n} points” says 1 in the plural"]
    assert _plural_mistakes("{n} {n:point|points} left") == []
    assert _plural_mistakes("{n} card(s)") == ["(s)"]
