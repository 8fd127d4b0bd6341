"""The judge's answers in words (web_panel/judge_text.py): both languages, every question,
miniatures named by name, seat and copy, never by engine id."""

from __future__ import annotations

import re

import pytest

from companion.games.dreamblade import questions
from companion.games.dreamblade.abilities.keywords import KEYWORDS
from companion.games.dreamblade.catalog import default_catalog
from companion.games.dreamblade.editor import EditError, PositionEditor
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.maps import map_from_setting
from companion.games.dreamblade.state import Settings
from web_panel.judge_text import problem_text, sentences

FACES = ("1", "2", "3", "miss", "miss", "blade")


def fight(die_confirmed: bool = False) -> DreambladeGame:
    editor = PositionEditor.empty(
        map_from_setting("default"), FACES, Settings(die_confirmed=die_confirmed)
    )
    editor.apply_all(
        ["add A sir-glorious c3", "add A noble-dragon c3", "add B B45 c3",
         "add B spellbound-scissors d3", "add A noble-dragon", "phase action A 1 strike"],
        default_catalog(),
    )  # fmt: skip
    return DreambladeGame.from_parts(editor.setup, editor.state)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_question_has_sentences_without_engine_ids(language: str) -> None:
    game = fight()
    answers = [
        questions.spawn(game, "A"),
        questions.shifts(game),
        questions.engaged(game),
        questions.claims(game),
        questions.odds(game, "c3"),
        questions.odds(game, "a5"),
        questions.keyword("Venom"),
        questions.keyword("Payback"),
        questions.keyword("Crit5"),
    ]
    for answer in answers:
        lines = sentences(answer, language)
        assert lines, answer["question"]
        for line in lines:
            assert not re.search(r"\b[AB]:[\w.-]+#\d", line) and "{" not in line, line
            assert "judge." not in line and "ability." not in line, line


def test_the_die_reads_confirmed_at_this_table_once_confirmed_at_set_up() -> None:
    assert "unconfirmed" in " ".join(sentences(questions.odds(fight(), "c3"), "en"))
    confirmed = " ".join(sentences(questions.odds(fight(die_confirmed=True), "c3"), "en"))
    assert "confirmed at this table" in confirmed and "unconfirmed" not in confirmed
    assert "このテーブルで確認済み" in " ".join(
        sentences(questions.odds(fight(die_confirmed=True), "c3"), "ja")
    )


def test_a_keyword_answer_gives_the_summary_and_the_rulings_it_follows() -> None:
    lines = sentences(questions.keyword("Venom"), "en")
    assert lines[0].startswith("Venom: ")
    assert any(line.startswith("Q: My Venom destroyed my own creature") for line in lines)
    ja = sentences(questions.keyword("venom"), "ja")
    assert any(line.startswith("問:") for line in ja)


@pytest.mark.parametrize("name", ["Energize", "Bolster", "Call", "Locus Drive"])
def test_what_the_engine_assumes_is_said_in_each_language(name: str) -> None:
    found = KEYWORDS[name.lower()]
    en = sentences(questions.keyword(name), "en")
    ja = sentences(questions.keyword(name), "ja")
    assert en[-1] == f"Where its source is thin, the engine assumes: {found.assumed}"
    assert ja[-1] == f"出典が薄い点について、エンジンは次のように扱います:{found.assumed_ja}"
    assert not any(found.assumed in line for line in ja)  # no English note in Japanese


def test_a_keyword_without_a_note_says_nothing_assumed() -> None:
    for language, words in (("en", "assumes"), ("ja", "次のように扱います")):
        assert not any(words in line for line in sentences(questions.keyword("Venom"), language))


def test_editor_problems_in_both_languages() -> None:
    editor = PositionEditor.empty(map_from_setting("default"), FACES)
    editor.apply("add A medusa", default_catalog())
    with pytest.raises(EditError) as error:
        editor.apply("add A medusa", default_catalog())
    (problem,) = error.value.problems
    assert "unique" in problem_text(problem.to_json(), "en")
    assert "ユニーク" in problem_text(problem.to_json(), "ja")
