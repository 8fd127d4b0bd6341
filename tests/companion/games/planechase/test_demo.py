from companion.games.planechase.demo import run_demo


def test_the_demo_plays_to_a_winner_the_same_way_every_time():
    lines = run_demo()
    assert lines == run_demo()
    assert any("rolls planeswalk" in line for line in lines)
    assert lines[-2].endswith("wins.")
