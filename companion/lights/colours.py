"""Colours of the LED scenes: RGB triples and the configurable palette.

The default seat pair is blue #0072B2 and orange #E69F00 from the Okabe–Ito palette, which stay
distinguishable with the common colour-vision deficiencies; contested cells are white, a third
colour no seat colour can be mistaken for, and illegal moves flash red.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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


def check_colour(colour: object) -> RGB:
    if (
        not isinstance(colour, tuple)
        or len(colour) != 3
        or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)
    ):
        raise ValueError(f"{colour!r} is not an RGB colour of three integers 0..255")
    return (colour[0], colour[1], colour[2])


def _default_seats() -> Mapping[str, RGB]:
    return MappingProxyType({"A": parse_hex("#0072B2"), "B": parse_hex("#E69F00")})


@dataclass(frozen=True)
class Palette:
    seats: Mapping[str, RGB] = field(default_factory=_default_seats)
    contested: RGB = WHITE
    illegal: RGB = RED
    neutral: RGB = (60, 60, 60)  # scoring cells nobody holds

    def seat(self, seat: str) -> RGB:
        if seat not in self.seats:
            raise ValueError(f"no colour for seat {seat!r} (have {', '.join(self.seats)})")
        return self.seats[seat]

    def with_seat_colours(self, colours: Mapping[str, str]) -> Palette:
        """A copy with some seat colours replaced, given as hex text."""
        seats = dict(self.seats)
        seats.update({seat: parse_hex(text) for seat, text in colours.items()})
        return Palette(MappingProxyType(seats), self.contested, self.illegal, self.neutral)
