import pytest

from vision.planner import CameraSpec, plan, recommend

HQ_AT_600 = CameraSpec(4056, 3040, 63.0, 600.0)


def test_footprint_follows_the_field_of_view() -> None:
    camera = CameraSpec(1000, 500, 90.0, 300.0)
    assert camera.footprint_mm == pytest.approx((600.0, 300.0))


def test_pixels_per_module_for_a_qr_tag() -> None:
    camera = CameraSpec(1000, 1000, 90.0, 250.0)  # 500 mm across → 2 px/mm
    p = plan(450.0, 21.0, camera, "qr")  # 21 mm over 21 modules → 1 mm per module
    assert p.px_per_mm == pytest.approx(2.0)
    assert p.px_per_module == pytest.approx(2.0)
    assert p.map_fits and not p.reliable


def test_a_map_wider_than_the_view_is_never_reliable() -> None:
    camera = CameraSpec(4000, 4000, 90.0, 200.0)  # 400 mm across, dense but too small
    p = plan(450.0, 13.0, camera, "aruco4x4")
    assert not p.map_fits and not p.reliable


def test_hq_camera_at_600_mm_reads_13_mm_qr() -> None:
    assert plan(518.0, 13.0, HQ_AT_600).reliable
    assert recommend(518.0, 13.0, HQ_AT_600) == "qr"


def test_1080p_recommends_a_marker_family_where_qr_cannot_read() -> None:
    camera = CameraSpec(1920, 1080, 63.0, 800.0)
    assert not plan(518.0, 13.0, camera, "qr").reliable
    assert recommend(518.0, 13.0, camera) in ("aruco4x4", "apriltag36h11")


@pytest.mark.parametrize(
    "args", [(0, 100, 60.0, 500.0), (100, 100, 0.5, 500.0), (100, 100, 60.0, 0.0)]
)
def test_bad_cameras_are_refused(args: tuple[int, int, float, float]) -> None:
    with pytest.raises(ValueError):
        CameraSpec(*args)


def test_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="family"):
        plan(450.0, 13.0, HQ_AT_600, "datamatrix")


def test_each_camera_gets_its_fastest_mode_that_reads_the_printed_carriers() -> None:
    from vision.carrier import DEFAULT_CARRIER
    from vision.planner import CAMERAS, map_view_mm, plan_modes, recommend_mode

    seen, module = map_view_mm(), DEFAULT_CARRIER.module_mm
    cm3 = recommend_mode(CAMERAS["camera-module-3"], seen, module)
    assert cm3 is not None and (cm3.mode.width, cm3.mode.height) == (4608, 2592)
    hq = recommend_mode(CAMERAS["hq-camera"], seen, module)
    assert hq is not None and str(hq.mode) == "4056x3040"
    assert recommend_mode(CAMERAS["usb-1080p"], seen, module) is None
    binned = plan_modes(CAMERAS["camera-module-3"], seen, module)[1]
    assert binned.px_per_module == pytest.approx(cm3.px_per_module / 2)
    assert not binned.reliable


def test_a_bigger_module_lets_a_faster_mode_read() -> None:
    from vision.planner import CAMERAS, map_view_mm, recommend_mode

    plan = recommend_mode(CAMERAS["camera-module-3"], map_view_mm(), 2.0)
    assert plan is not None and plan.mode.fps > 50


def test_the_planner_judges_the_printed_sticker_a_version_1_qr_code() -> None:
    from vision.planner import MODULES

    assert MODULES["qr"] == 21  # 21 × 21 modules: every sticker fits QR version 1
