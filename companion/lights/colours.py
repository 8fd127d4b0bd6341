"""Colours of the LED scenes: RGB triples and the configurable palette.

The default seat pair is blue #0072B2 and orange #E69F00 from the Okabe–Ito palette, which stay
distinguishable with the common colour-vision deficiencies; contested cells are white, a third
colour no seat colour can be mistaken for, and illegal moves flash red.

The other games' seats (``p1``, ``p2``… or the names the players gave) take the colours of
:data:`TURN_ORDER_COLOURS` by their place in the turn order unless the palette names them: blue and
orange (as seats A and B), then bluish green and reddish purple, the next Okabe–Ito colours
that stay apart from white (prompts) and red (illegal).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

RGB = tuple[int, int, int]

OFF: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
RED: RGB = (255, 0, 0)
GREEN: RGB = (0, 158, 115)  # Okabe–Ito bluish green


def parse_hex(text: str) -> RGB:
    """``"#0072B2"`` or ``"0072b2"`` → ``(0, 114, 178)``; ``ValueError`` otherwise."""
    digits = text.strip().removeprefix("#")
    if len(digits) != 6 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise ValueError(f"{text!r} is not a colour like #0072B2")
    return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))


def to_hex(colour: RGB) -> str:
    return "#{:02X}{:02X}{:02X}".format(*colour)


def scaled(colour: RGB, level: float) -> RGB:
    """``colour`` at ``level`` (0–1) of its intensity."""
    level = min(1.0, max(0.0, level))
    return (round(colour[0] * level), round(colour[1] * level), round(colour[2] * level))


def mixed(colour: RGB, other: RGB, share: float) -> RGB:
    """``colour`` with ``share`` (0–1) of ``other`` mixed in."""
    share = min(1.0, max(0.0, share))
    return (
        round(colour[0] + (other[0] - colour[0]) * share),
        round(colour[1] + (other[1] - colour[1]) * share),
        round(colour[2] + (other[2] - colour[2]) * share),
    )


def check_colour(colour: object) -> RGB:
    if (
        not isinstance(colour, tuple)
        or len(colour) != 3
        or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)
    ):
        raise ValueError(f"{colour!r} is not an RGB colour of three integers 0..255")
    return (colour[0], colour[1], colour[2])


TURN_ORDER_COLOURS: tuple[RGB, ...] = (
    parse_hex("#0072B2"),  # blue
    parse_hex("#E69F00"),  # orange
    parse_hex("#009E73"),  # bluish green
    parse_hex("#CC79A7"),  # reddish purple
)


def _default_seats() -> Mapping[str, RGB]:
    return MappingProxyType({"A": parse_hex("#0072B2"), "B": parse_hex("#E69F00")})


@dataclass(frozen=True)
class Palette:
    seats: Mapping[str, RGB] = field(default_factory=_default_seats)
    contested: RGB = WHITE
    illegal: RGB = RED
    neutral: RGB = (60, 60, 60)  # scoring cells or glyphs nobody holds
    prompt: RGB = WHITE  # a cell the camera asks the players about

    def seat(self, seat: str) -> RGB:
        if seat not in self.seats:
            raise ValueError(f"no colour for seat {seat!r} (have {', '.join(self.seats)})")
        return self.seats[seat]

    def seat_in_turn(self, seat: str, turn_order: tuple[str, ...]) -> RGB:
        """``seat``'s own colour if the palette names it, else the colour of its place in
        ``turn_order`` (:data:`TURN_ORDER_COLOURS`, repeating after four seats)."""
        if seat in self.seats:
            return self.seats[seat]
        if seat not in turn_order:
            raise ValueError(f"no colour for seat {seat!r} (seats {', '.join(turn_order)})")
        return TURN_ORDER_COLOURS[turn_order.index(seat) % len(TURN_ORDER_COLOURS)]

    def with_seat_colours(self, colours: Mapping[str, str]) -> Palette:
        """A copy with some seat colours replaced, given as hex text."""
        seats = dict(self.seats)
        seats.update({seat: parse_hex(text) for seat, text in colours.items()})
        return replace(self, seats=MappingProxyType(seats))
