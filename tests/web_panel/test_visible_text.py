from tests.web_panel.visible_text import internal_ids


def test_internal_ids_are_found_in_text():
    text = "Spawn A:spellbound-scissors#1 in a1 · choose_action · walker-a · State 49 · {'x': None}"
    assert internal_ids(text) == [
        "A:spellbound-scissors#1", "choose_action", "walker-a", "State 49", "{'", "None",
    ]  # fmt: skip


def test_player_words_pass():
    assert internal_ids("Spawn Spellbound Scissors #1 in a1 · shift or strike · Turn 1") == []
