from companion.games.arena.demo import demo_setup, run_demo


def test_the_demo_plays_to_a_winner_the_same_way_every_time():
    lines = run_demo()
    assert lines == run_demo()
    assert "  Red Walker is destroyed" in lines
    assert "Anna Weber wins" in lines[-2]


def test_the_demo_names_cards_figures_and_glyphs_never_their_ids():
    lines = run_demo()
    ids = set(demo_setup().display_names())
    words = [(word, line) for line in lines for word in line.replace(".", " ").split()]
    shown = [(word, line) for word, line in words if word in ids]
    assert not shown, shown
    assert "  Blue Walker takes the Glyph of Power" in lines
    assert "  Soldiers 1 is destroyed" in lines  # a squad's figures are numbered
    assert any("for Soldiers 2 and enter" in line for line in lines)
