"""One table: the game in play and who may act on it (``table``), what starting a game changes,
written in one store transaction (``start_request``), the SQLite store that keeps every
acknowledged action (``store``), the table's session in that store — who plays, the phones holding
their seats, who may set up a game, the seats' names, the round clock (``session``, ``clock``) and
the label registrations of the players a tournament seats here (``seated_labels``) — the entries
its players typed in for every game's catalog (``catalog``, and its ``companion catalog`` commands
in ``catalog_cli``), the values its players read off their printed maps (``printed_maps``), opening
a table from the settings (``setup``), the hardware buttons (``controls``), the Pi's boot settings
(``pi_boot``), the shared virtual dice (``dice_roll``) and which seats a remote game plays at the
other table (``seats_here``).

May import: the shared contracts, ``companion.games``, ``firmware_config`` and
``vision.registration`` (label registration files, no OpenCV). Never the camera, lights, hub,
panel or app.

Loads no: OpenCV, Flask, segno, paho.
"""
