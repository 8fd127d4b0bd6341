import sys
import types
from pathlib import Path
from typing import ClassVar

import cv2
import numpy as np
import pytest

from vision import camera
from vision.camera import (
    CameraError,
    FileSource,
    OpenCVSource,
    Picamera2Source,
    ResilientCamera,
    SynthSource,
    source_from_spec,
)


class FakePicamera2:
    instances: ClassVar[list["FakePicamera2"]] = []

    sensor = "imx708"

    def __init__(self, camera_num: int = 0) -> None:
        self.camera_num = camera_num
        self.calls: list[str] = []
        self.camera_properties = {"Model": self.sensor}
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, main: dict, sensor: dict, controls: dict) -> dict:
        self.calls.append("config")
        self.sensor_config, self.controls = sensor, controls
        return {"main": main}

    def configure(self, config: dict) -> None:
        self.size = config["main"]["size"]
        self.format = config["main"]["format"]

    def start(self) -> None:
        self.calls.append("start")

    def capture_array(self, name: str = "main") -> np.ndarray:
        w, h = self.size
        if self.format == "YUV420":
            return np.vstack([np.full((h, w), 200, np.uint8), np.full((h // 2, w), 9, np.uint8)])
        return np.full((h, w, 4), 7, np.uint8)

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")


def test_picamera2_source_uses_the_documented_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=FakePicamera2))
    source = Picamera2Source(1, size=(64, 48))
    source.open()
    frame = source.read()
    source.close()
    fake = FakePicamera2.instances[-1]
    assert fake.camera_num == 1
    assert frame is not None and frame.shape == (48, 64, 3)
    assert fake.calls == ["config", "start", "stop", "close"]


def test_picamera2_grey_hands_over_the_y_plane(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=FakePicamera2))
    source = Picamera2Source(0, size=(64, 48), grey=True)
    source.open()
    frame = source.read()
    assert frame is not None and frame.shape == (48, 64)
    assert (frame == 200).all()


@pytest.mark.parametrize(
    ("sensor", "size", "fps"),
    [
        ("imx708", (4608, 2592), 14.35),
        ("imx477", (4056, 3040), 10.0),
        ("ov5647", (4056, 3040), None),
    ],
)
def test_picamera2_opens_the_mode_the_planner_recommends(
    monkeypatch: pytest.MonkeyPatch, sensor: str, size: tuple[int, int], fps: float | None
) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=FakePicamera2))
    monkeypatch.setattr(FakePicamera2, "sensor", sensor)
    source = Picamera2Source(0, grey=True)
    source.open()
    fake = FakePicamera2.instances[-1]
    assert source.mode == size and fake.size == size
    assert fake.sensor_config == {"output_size": size}
    assert fake.controls == ({"FrameRate": fps} if fps else {})
    assert source.read().shape == (size[1], size[0])  # type: ignore[union-attr]


def test_picamera2_missing_is_a_clear_camera_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraError, match="picamera2 is not installed"):
        Picamera2Source().open()


class FakeCapture:
    def __init__(self, frames: list[np.ndarray | None], opened: bool = True) -> None:
        self.frames = frames
        self.opened = opened
        self.released = False

    def isOpened(self) -> bool:
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        return True

    def read(self) -> tuple[bool, np.ndarray | None]:
        frame = self.frames.pop(0) if self.frames else None
        return frame is not None, frame

    def release(self) -> None:
        self.released = True


def test_opencv_source_reads_then_reports_an_unplugged_webcam(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    capture = FakeCapture([np.zeros((4, 4, 3), np.uint8)])
    monkeypatch.setattr(camera.cv2, "VideoCapture", lambda index: capture)
    source = OpenCVSource(0)
    source.open()
    assert source.read() is not None
    with pytest.raises(CameraError, match="unplugged"):
        source.read()
    source.close()
    assert capture.released


def test_opencv_source_without_a_device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(camera.cv2, "VideoCapture", lambda index: FakeCapture([], opened=False))
    with pytest.raises(CameraError, match="no webcam at index 3"):
        OpenCVSource(3).open()


def test_file_source_reads_a_folder_in_name_order(tmp_path: Path) -> None:
    for n in (2, 1, 3):
        cv2.imwrite(str(tmp_path / f"f{n}.png"), np.full((8, 8, 3), n * 10, np.uint8))
    (tmp_path / "notes.txt").write_text("not an image")
    source = FileSource(tmp_path)
    source.open()
    values = []
    while (frame := source.read()) is not None:
        values.append(int(frame[0, 0, 0]))
    assert values == [10, 20, 30]


def test_file_source_reads_a_video(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 5, (32, 24))
    for n in range(4):
        writer.write(np.full((24, 32, 3), n * 60, np.uint8))
    writer.release()
    source = FileSource(path)
    source.open()
    frames = []
    while (frame := source.read()) is not None:
        frames.append(frame)
    assert len(frames) == 4
    assert frames[0].shape == (24, 32, 3)


@pytest.mark.parametrize("name", ["missing", "empty-dir"])
def test_file_source_errors_name_the_path(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name == "empty-dir":
        path.mkdir()
    with pytest.raises(CameraError, match=name):
        FileSource(path).open()


class FlakySource:
    """Fails to open once, delivers two frames, disconnects, then works again."""

    name = "flaky"

    def __init__(self) -> None:
        self.script = ["open-fail", "frame", "frame", "read-fail", "frame"]
        self.opens = 0

    def open(self) -> None:
        self.opens += 1
        if self.script[0] == "open-fail":
            self.script.pop(0)
            raise CameraError("device busy")

    def read(self) -> np.ndarray | None:
        step = self.script.pop(0) if self.script else "end"
        if step == "read-fail":
            raise CameraError("disconnected")
        if step == "end":
            return None
        return np.zeros((2, 2, 3), np.uint8)

    def close(self) -> None:
        pass


def test_resilient_camera_reports_retries_and_never_raises() -> None:
    now = [0.0]
    source = FlakySource()
    cam = ResilientCamera(source, retry_seconds=2.0, clock=lambda: now[0])
    assert cam.read() is None and cam.status == "retrying" and cam.problem == "device busy"
    assert cam.read() is None and source.opens == 1  # waits before retrying
    now[0] = 2.5
    assert cam.read() is not None and cam.status == "live"
    assert cam.read() is not None
    assert cam.read() is None and cam.problem == "disconnected"
    now[0] = 5.0
    assert cam.read() is not None and cam.status == "live"
    assert cam.read() is None and cam.status == "ended"
    assert cam.failures == 2


def test_synth_source_plays_given_frames() -> None:
    frames = [np.zeros((2, 2, 3), np.uint8), np.ones((2, 2, 3), np.uint8)]
    source = SynthSource(frames)
    source.open()
    assert source.read() is frames[0]
    assert source.read() is frames[1]
    assert source.read() is None


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("picamera2", Picamera2Source),
        ("picamera2:1", Picamera2Source),
        ("opencv:0", OpenCVSource),
        ("file:/tmp/x", FileSource),
        ("synth:", SynthSource),
    ],
)
def test_specs_pick_their_source(spec: str, kind: type) -> None:
    assert isinstance(source_from_spec(spec), kind)


def test_auto_picks_picamera2_only_where_it_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(camera.importlib.util, "find_spec", lambda name: None)
    assert isinstance(source_from_spec("auto"), OpenCVSource)
    monkeypatch.setattr(camera.importlib.util, "find_spec", lambda name: object())
    assert isinstance(source_from_spec("auto"), Picamera2Source)


@pytest.mark.parametrize("spec", ["usb", "opencv:x", "file:"])
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        source_from_spec(spec)
