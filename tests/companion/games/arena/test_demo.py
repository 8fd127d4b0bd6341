from companion.games.arena.demo import run_demo


def test_the_demo_plays_to_a_winner_the_same_way_every_time():
    lines = run_demo()
    assert lines == run_demo()
    assert "  walker-b is destroyed" in lines
    assert "Anna Weber wins" in lines[-2]
