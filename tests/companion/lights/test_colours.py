from __future__ import annotations

import pytest

from companion.lights.colours import Palette, check_colour, parse_hex, scaled, to_hex


def test_hex_round_trip():
    assert parse_hex("#0072B2") == (0, 114, 178)
    assert parse_hex("e69f00") == (230, 159, 0)
    assert to_hex((0, 114, 178)) == "#0072B2"


@pytest.mark.parametrize("text", ["#12345", "blue", "#GG0000", ""])
def test_bad_hex_is_refused(text):
    with pytest.raises(ValueError, match="colour"):
        parse_hex(text)


def test_default_seat_pair_is_okabe_ito_blue_and_orange():
    palette = Palette()
    assert palette.seat("A") == (0, 114, 178)
    assert palette.seat("B") == (230, 159, 0)
    assert palette.contested not in palette.seats.values()


def test_seat_colours_are_configurable_without_touching_the_original():
    palette = Palette()
    custom = palette.with_seat_colours({"B": "#CC79A7"})
    assert custom.seat("B") == (204, 121, 167)
    assert custom.seat("A") == palette.seat("A")
    assert palette.seat("B") == (230, 159, 0)


def test_unknown_seat():
    with pytest.raises(ValueError, match="seat 'C'"):
        Palette().seat("C")


def test_scaled_clamps_and_rounds():
    assert scaled((200, 100, 0), 0.5) == (100, 50, 0)
    assert scaled((200, 100, 0), 2.0) == (200, 100, 0)
    assert scaled((200, 100, 0), -1) == (0, 0, 0)


@pytest.mark.parametrize("bad", [(256, 0, 0), (1, 2), (1.0, 2, 3), "red", (True, 0, 0)])
def test_check_colour_refuses_non_rgb(bad):
    with pytest.raises(ValueError):
        check_colour(bad)
