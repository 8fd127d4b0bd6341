"""Energize N (static): N bonus spawn points to this miniature's controller at the start of their
spawn phase.

Source: the FAQ's answer on how a spawn phase goes names Energize as an ability of a miniature
that gives the phase player bonus spawn points, added to the initiative sum and the +2 per
destroyed miniature; it does not give the ability's text. Assumed here (not stated by the
source):
- the N points come from a miniature in the dreamscape (abilities are those of miniatures in
  play; one in the reserve or the graveyard gives nothing);
- they are counted once, when the spawn phase starts, so a miniature spawned during the phase
  adds nothing until its controller's next spawn phase;
- a skipped spawn phase (a 1 at initiative) gives none, and unspent points are lost at the end
  of the phase like the rest (FAQ: unused spawn points are lost, bonus points included);
- two Energize abilities add up.
"""

from __future__ import annotations

from companion.games.dreamblade.abilities.hooks import Hooks, register

ENERGIZE = register("Energize", Hooks(spawn_bonus=lambda use: use.value))
