"""Miniature abilities, in two rooms so that nothing imports what imports it back:

- the leaf, which knows no game in play: ``keywords`` (the keywords a line may name, as data:
  how each implemented one is written and the plain facts it sets, and those left to the
  players) and ``lines`` (a printed line parsed into an ``Ability``; the miniatures and the
  catalogs check their lines with it);
- the hooks, above the game's state: ``hooks`` (``Use``, ``Hooks``, the registry the rules ask
  through ``hooks_of``) and one module per keyword whose effect needs the game (``advance``,
  ``venom``…), each registering its hooks; ``every_keyword`` loads them all (the engine imports
  it).

This package's face imports nothing: importing one of its modules loads only what that module
needs.
"""
