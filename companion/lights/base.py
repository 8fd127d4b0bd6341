"""The one interface every LED backend implements."""

from __future__ import annotations

from abc import ABC, abstractmethod

from companion.lights.frame import Frame
from companion.lights.render import Rendered, render
from firmware_config.layout import CompiledLayout


class Lights(ABC):
    """An LED chain laid out by ``layout``. ``show_frame`` renders and pushes one frame."""

    name: str

    def __init__(self, layout: CompiledLayout) -> None:
        self.layout = layout

    @abstractmethod
    def show(self, pixels: bytes) -> None:
        """Push 3 bytes per LED, already in the layout's colour order, to the chain."""

    def close(self) -> None:
        """Leave the chain dark; backends holding a device release it after this."""
        self.off()

    def show_frame(self, frame: Frame) -> Rendered:
        rendered = render(frame, self.layout)
        self.show(rendered.pixels)
        return rendered

    def off(self) -> None:
        self.show(bytes(3 * self.layout.led_count))

    def check_length(self, pixels: bytes) -> None:
        expected = 3 * self.layout.led_count
        if len(pixels) != expected:
            raise ValueError(
                f"{len(pixels)} bytes for {self.layout.led_count} LEDs (expected {expected})"
            )
