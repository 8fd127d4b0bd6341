from companion.games.dungeon_command.demo import SCRIPT, run_demo


def test_the_demo_plays_to_a_winner_the_same_way_every_time():
    lines = run_demo()
    assert lines == run_demo()
    assert any("loses 2 morale" in line for line in lines)  # the cowering elf archer
    assert any(line.endswith("Goblin 1 of Ben Sato is destroyed") for line in lines)  # by damage
    assert not any(line.startswith("destroyed") for line in SCRIPT)
    assert lines[-2].endswith("Anna Weber has the highest morale and wins.")
