# The camera reconcilers of the other games play on the games' own test positions.
from tests.companion.games.arena.conftest import duel  # noqa: F401
from tests.companion.games.dungeon_command.conftest import battle, game  # noqa: F401

# `companion labels check` reads the vision tests' small synthetic table.
from tests.vision.conftest import table_frame, table_scene  # noqa: F401
