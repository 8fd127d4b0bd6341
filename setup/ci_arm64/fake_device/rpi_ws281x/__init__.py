"""A fake LED device behind the real rpi_ws281x (CI's arm64 root; setup/ci_arm64.sh).

Found first on PYTHONPATH, this package loads the installed rpi_ws281x (built from source for
aarch64) and re-exports its documented API: the real ``Color``, constants and ``PixelStrip``
constructor (which checks the arguments' types in the library's C wrapper). Only what needs a
Pi's DMA/PWM hardware is replaced: ``begin`` opens nothing, ``setPixelColor`` keeps the colour,
``show`` appends the frame (lit LED index -> 0xRRGGBB) as a JSON line to ``$FAKE_WS281X_LOG``, and
the exit handler frees the struct without ``ws2811_fini`` (nothing was set up to stop).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any


def _load_real() -> Any:
    here = str(Path(__file__).resolve().parent.parent)
    for entry in sys.path:
        folder = Path(entry or ".") / "rpi_ws281x"
        if str(Path(entry or ".").resolve()) == here or not (folder / "__init__.py").is_file():
            continue
        spec = importlib.util.spec_from_file_location(
            "rpi_ws281x_real", folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["rpi_ws281x_real"] = module
        spec.loader.exec_module(module)
        return module
    raise ImportError("the real rpi_ws281x is not installed")


_real = _load_real()
Color = _real.Color
WS2811_STRIP_RGB = _real.WS2811_STRIP_RGB


class PixelStrip(_real.PixelStrip):  # type: ignore[misc]
    def begin(self) -> None:
        self._pixels: dict[int, int] = {}
        self._log = Path(os.environ["FAKE_WS281X_LOG"])
        self._log.write_text("", encoding="utf-8")

    def setPixelColor(self, n: int, color: int) -> None:  # the library's own name
        if not 0 <= n < self.numPixels():
            raise IndexError(f"LED {n} is outside the strip of {self.numPixels()}")
        self._pixels[n] = color

    def _cleanup(self) -> None:
        # The library registers this with atexit; its own calls ws2811_fini, which stops the DMA and
        # PWM ws2811_init set up and, on a strip where ws2811_init never ran (as here), dereferences
        # a NULL device: a segmentation fault after the last frame. Only the struct is freed.
        if self._leds is not None:
            _real.ws.delete_ws2811_t(self._leds)
            self._leds = None

    def show(self) -> None:
        lit = {n: color for n, color in self._pixels.items() if color}
        with self._log.open("a", encoding="utf-8") as log:
            log.write(json.dumps(lit) + "\n")
