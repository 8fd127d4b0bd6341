"""Frame sources behind one interface, chosen by a spec string:

- ``picamera2`` / ``picamera2:N`` — Raspberry Pi camera modules through picamera2 (a system
  package: the venv needs ``--system-site-packages``);
- ``opencv:N`` — a USB webcam through ``cv2.VideoCapture(N)``;
- ``file:PATH`` — a folder of images (name order) or a video file;
- ``synth:`` — frames from our synthetic table renderer (a scripted move);
- ``auto`` — picamera2 where it is installed, else ``opencv:0``.

The spec comes from the table config (``camera.source``; ``companion/settings.py`` lets the
``COMPANION_CAMERA`` environment variable override it). :class:`ResilientCamera` wraps any
source: a source that fails to open, errors or disconnects is reported and retried later; reading
never raises.

OpenCV's own log (its "[ WARN:0@0.5] global cap_v4l.cpp … can't open camera by index" lines on
stderr) is silenced when this module loads: a camera that does not open is said in our words
(:class:`CameraError`, then the table's or the command's sentence). ``OPENCV_LOG_LEVEL`` set in
the environment (``WARNING``, ``DEBUG``…) keeps OpenCV's lines, for diagnosing a camera.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

log = logging.getLogger(__name__)

if "OPENCV_LOG_LEVEL" not in os.environ:  # its lines are for diagnosing, when asked for
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")
PI_STILL_SIZE = (4056, 3040)  # HQ camera full resolution; the binned mode is 2028×1520


class CameraError(RuntimeError):
    """A source cannot deliver frames (missing library, no device, unreadable file)."""


class FrameSource(Protocol):
    name: str

    def open(self) -> None: ...

    def read(self) -> np.ndarray | None:
        """The next BGR frame; ``None`` at the end of a finite source. Raises CameraError."""
        ...

    def close(self) -> None: ...


class Picamera2Source:
    """A Raspberry Pi camera module. Without a ``size`` it opens the sensor mode the planner
    recommends for the printed carriers (``vision/planner.py``: the fastest full-view mode that
    reads them, e.g. 4608×2592 at 14 fps on a Camera Module 3), found from the sensor picamera2
    reports; an unknown sensor gets :data:`PI_STILL_SIZE`.

    ``grey=True`` captures YUV420 and hands over the Y plane: the pipeline reads grey frames,
    and this skips a colour conversion of the whole frame (about 10 ms at 12 MP)."""

    def __init__(
        self, camera_num: int = 0, size: tuple[int, int] | None = None, grey: bool = False
    ) -> None:
        self.name = f"picamera2:{camera_num}"
        self._num = camera_num
        self._size = size
        self._grey = grey
        self._camera: Any = None  # a picamera2.Picamera2
        self.mode: tuple[int, int] | None = None  # the size opened

    def _mode(self, camera: Any) -> tuple[tuple[int, int], float | None]:
        """(size, frame rate) to open: the given size, else the planner's mode for the sensor."""
        if self._size is not None:
            return self._size, None
        from vision.carrier import DEFAULT_CARRIER
        from vision.planner import camera_for_sensor, map_view_mm, recommend_mode

        model = camera_for_sensor(str(camera.camera_properties.get("Model", "")))
        plan = recommend_mode(model, map_view_mm(), DEFAULT_CARRIER.module_mm) if model else None
        if plan is None:
            return PI_STILL_SIZE, None
        return (plan.mode.width, plan.mode.height), plan.mode.fps

    def open(self) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError as error:
            raise CameraError(
                "picamera2 is not installed (apt install python3-picamera2, and create the venv "
                "with --system-site-packages)"
            ) from error
        try:
            camera = Picamera2(self._num)
            size, fps = self._mode(camera)
            # "RGB888" is laid out B, G, R in memory: what OpenCV expects.
            pixel_format = "YUV420" if self._grey else "RGB888"
            # a video configuration streams at the sensor mode's rate; `sensor` picks the mode
            config = camera.create_video_configuration(
                main={"size": size, "format": pixel_format},
                sensor={"output_size": size},
                controls={"FrameRate": fps} if fps else {},
            )
            camera.configure(config)
            camera.start()
        except Exception as error:  # the library raises plain RuntimeError/IndexError
            raise CameraError(f"camera {self._num} did not start: {error}") from error
        self._camera = camera
        self.mode = size

    def read(self) -> np.ndarray | None:
        if self._camera is None:
            raise CameraError("camera not open")
        try:
            frame = self._camera.capture_array("main")
        except Exception as error:
            raise CameraError(f"capture failed: {error}") from error
        array = np.asarray(frame)
        if self._grey and self.mode is not None:  # YUV420: the Y plane is the first rows
            return array[: self.mode[1], : self.mode[0]]
        return array[..., :3]

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            try:
                camera.stop()
                camera.close()
            except Exception as error:
                log.warning("closing %s: %s", self.name, error)


class OpenCVSource:
    def __init__(self, index: int, size: tuple[int, int] | None = None) -> None:
        self.name = f"opencv:{index}"
        self._index = index
        self._size = size
        self._capture: cv2.VideoCapture | None = None

    def open(self) -> None:
        capture = cv2.VideoCapture(self._index)
        if not capture.isOpened():
            capture.release()
            raise CameraError(f"no webcam at index {self._index}")
        if self._size is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self._size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self._size[1])
        self._capture = capture

    def read(self) -> np.ndarray | None:
        if self._capture is None:
            raise CameraError("webcam not open")
        ok, frame = self._capture.read()
        if not ok or frame is None:
            raise CameraError(f"webcam {self._index} gave no frame (unplugged?)")
        return np.asarray(frame)

    def close(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()


class FileSource:
    """A folder of images in name order, or a video file; ends (``None``) after the last frame."""

    def __init__(self, path: Path) -> None:
        self.name = f"file:{path}"
        self._path = path
        self._images: Iterator[Path] | None = None
        self._video: cv2.VideoCapture | None = None

    def open(self) -> None:
        if self._path.is_dir():
            files = sorted(p for p in self._path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not files:
                raise CameraError(f"no images in {self._path}")
            self._images = iter(files)
            return
        if not self._path.is_file():
            raise CameraError(f"{self._path} does not exist")
        video = cv2.VideoCapture(str(self._path))
        if not video.isOpened():
            video.release()
            raise CameraError(f"{self._path} is not a readable video")
        self._video = video

    def read(self) -> np.ndarray | None:
        if self._images is not None:
            path = next(self._images, None)
            if path is None:
                return None
            frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if frame is None:
                raise CameraError(f"{path} is not a readable image")
            return np.asarray(frame)
        if self._video is None:
            raise CameraError("file source not open")
        ok, frame = self._video.read()
        return np.asarray(frame) if ok and frame is not None else None

    def close(self) -> None:
        self._images = None
        video, self._video = self._video, None
        if video is not None:
            video.release()


class SynthSource:
    """Rendered frames: by default a scripted move of one miniature on a small table."""

    def __init__(self, frames: Sequence[np.ndarray] | None = None) -> None:
        self.name = "synth:"
        self._given = frames
        self._frames: Iterator[np.ndarray] | None = None

    def open(self) -> None:
        frames = self._given if self._given is not None else demo_frames()
        self._frames = iter(frames)

    def read(self) -> np.ndarray | None:
        if self._frames is None:
            raise CameraError("synthetic source not open")
        return next(self._frames, None)

    def close(self) -> None:
        self._frames = None


def demo_frames() -> list[np.ndarray]:
    """A hand moves one of three miniatures (large tags, 1200×1200 frames)."""
    from vision.board_change import TagId
    from vision.synth import Piece, Scene, View, move_sequence, render

    pieces = (
        Piece(TagId("db", "B1", 1), 45.0, 45.0, "A", 15.0),
        Piece(TagId("db", "B2", 1), 225.0, 135.0, "A", 100.0),
        Piece(TagId("db", "B3", 1), 405.0, 405.0, "B", 200.0),
    )
    scene = Scene(pieces=pieces, tag_mm=40.0, base_mm=50.0, seed=5)
    view = View(1200, 1200, 2.0, 3.0, 0.03)
    steps = move_sequence(scene, pieces[1].tag, (225.0, 225.0))
    return [render(step.scene, view, seed=i) for i, step in enumerate(steps)]


def detect_camera() -> str | None:
    """The camera this machine has: a Pi camera module, else the first USB webcam, else none."""
    try:
        from picamera2 import Picamera2

        if Picamera2.global_camera_info():
            return "picamera2"
    except Exception:  # not a Pi, or libcamera missing: look for a webcam
        pass
    return "opencv:0" if Path("/dev/video0").exists() else None


def source_from_spec(spec: str) -> FrameSource:
    """The source a spec names; ``auto`` is picamera2 where it is installed, else ``opencv:0``."""
    kind, _, arg = spec.partition(":")
    if kind == "auto":
        kind, arg = ("picamera2", "") if importlib.util.find_spec("picamera2") else ("opencv", "0")
    if kind == "picamera2":
        return Picamera2Source(int(arg) if arg else 0)
    if kind == "opencv":
        if not arg.isdigit():
            raise ValueError(f"camera {spec!r}: expected opencv:N with N a device index")
        return OpenCVSource(int(arg))
    if kind == "file":
        if not arg:
            raise ValueError("camera 'file:' needs a path (file:/path/to/folder-or-video)")
        return FileSource(Path(arg))
    if kind == "synth":
        return SynthSource()
    raise ValueError(
        f"unknown camera {spec!r}; expected picamera2[:N], opencv:N, file:PATH, synth:"
    )


class ResilientCamera:
    """Reads from a source, reopening it after failures; never raises from :meth:`read`.

    ``status`` is ``"live"``, ``"retrying"`` (with ``problem`` saying why) or ``"ended"``.
    """

    def __init__(
        self,
        source: FrameSource,
        retry_seconds: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.source = source
        self.retry_seconds = retry_seconds
        self._clock = clock
        self._open = False
        self._next_try = 0.0
        self.status = "retrying"
        self.problem = "not opened yet"
        self.failures = 0

    def _fail(self, error: Exception) -> None:
        self.failures += 1
        if self.status != "retrying" or self.problem != str(error):
            log.warning(
                "camera %s: %s (retrying every %.0f s)", self.source.name, error, self.retry_seconds
            )
        self.status, self.problem = "retrying", str(error)
        self._next_try = self._clock() + self.retry_seconds
        if self._open:
            self._open = False
            try:
                self.source.close()
            except Exception as close_error:
                log.warning("camera %s: close failed: %s", self.source.name, close_error)

    def read(self) -> np.ndarray | None:
        if self.status == "ended":
            return None
        if not self._open:
            if self._clock() < self._next_try:
                return None
            try:
                self.source.open()
            except Exception as error:
                self._fail(error)
                return None
            self._open = True
        try:
            frame = self.source.read()
        except Exception as error:
            self._fail(error)
            return None
        if frame is None:
            self.status, self.problem = "ended", ""
            self.close()
            return None
        if self.status != "live":
            log.info("camera %s is live", self.source.name)
        self.status, self.problem = "live", ""
        return frame

    def close(self) -> None:
        if self._open:
            self._open = False
            self.source.close()
