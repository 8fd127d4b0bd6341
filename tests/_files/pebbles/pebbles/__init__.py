"""Pebbles: seven pebbles on the table; the two seats take one or two in turn, and whoever takes
the last one wins. Its kit (``kit``) and its screens (``screens``) make it a companion game."""
