"""LED output: the Lights interface, its backends, and scenes from the game state."""
