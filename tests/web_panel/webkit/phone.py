"""A phone in WebKit, Safari's engine (every iPhone browser uses it): Debian's WebKitWebDriver
driving its MiniBrowser under Xvfb, through Selenium, with a viewport of 390×844 at a device
pixel ratio of 2, like the Chromium tests' phone (``tests/web_panel/browser.py``).

Every page reaches the panels through the test's proxy (``proxy.py``), which catches the pages'
errors. MiniBrowser's toolbar sits above the page; a GTK style of our own shrinks it so that the
window can be a phone's width.
"""

from __future__ import annotations

import glob
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tests.web_panel.browser import SCREENSHOTS

DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
# WebKitGTK's own test browser (libwebkit2gtk-4.1-0 ships it), in the machine's library folder
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))), "MiniBrowser")
PHONE = (390, 844)
SCALE = 2
# the toolbar's controls as small as GTK draws them: its smallest width is then below a phone's
TOOLBAR_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n"
WAIT_SECONDS = 15.0
SHOWN = """const e = arguments[0];
return e.getClientRects().length > 0 && getComputedStyle(e).visibility === "visible";"""

T = TypeVar("T")


class Xvfb:
    """An X server of its own (a free display number, which it says on a pipe)."""

    def __init__(self) -> None:
        width, height = PHONE[0] * SCALE, (PHONE[1] + 100) * SCALE
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write)
        with os.fdopen(read) as said:
            number = said.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def start_webkit(display: str, proxy: str, home: Path) -> webdriver.WebKitGTK:
    """A WebKit session on ``display`` whose every request goes through ``proxy``, sized as a
    phone."""
    (home / "gtk-3.0").mkdir(parents=True, exist_ok=True)
    (home / "gtk-3.0" / "gtk.css").write_text(TOOLBAR_CSS)
    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    options.set_capability("proxy", {"proxyType": "manual", "httpProxy": proxy})
    env = {
        **os.environ,
        "DISPLAY": display,
        "GDK_SCALE": str(SCALE),
        "XDG_CONFIG_HOME": str(home),
        "LANG": "en_US.UTF-8",  # the phone's own language: English (Accept-Language: en-US)
        "LANGUAGE": "en_US",
    }
    service = Service(DRIVER, log_output=str(home / "webkit.log"), env=env)
    driver = webdriver.WebKitGTK(options=options, service=service)
    _phone_size(driver)
    return driver


def _phone_size(driver: webdriver.WebKitGTK) -> None:
    """The page's viewport at a phone's size (the window also holds the toolbar)."""
    driver.set_window_size(*PHONE)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    driver.set_window_size(PHONE[0] * 2 - inner[0], PHONE[1] * 2 - inner[1])
    inner = driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")
    assert tuple(inner) == (*PHONE, SCALE), f"the phone's viewport is {inner}"


class Phone:
    """The WebKit phone, as a test taps and reads it."""

    def __init__(self, driver: webdriver.WebKitGTK) -> None:
        self.driver = driver

    def open(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def count(self, css: str) -> int:
        return len(self.driver.find_elements(By.CSS_SELECTOR, css))

    def until(self, check: Callable[[], T | None], what: str) -> T:
        """Wait until ``check`` gives something true (an element not there yet counts as not
        yet); returns it."""
        deadline = time.monotonic() + WAIT_SECONDS
        last: object = None
        while time.monotonic() < deadline:
            try:
                found = check()
            except (WebDriverException, StaleElementReferenceException) as error:
                found, last = None, error
            if found:
                return found
            time.sleep(0.05)
        shot = self.screenshot("failed")
        raise AssertionError(f"the WebKit phone never showed {what} (last: {last}; {shot})")

    def tap(self, css: str) -> None:
        """Tap what ``css`` finds once it is shown and enabled (found again if the page drew it
        anew between finding and tapping)."""
        self.until(lambda: self._tap(self._tappable(css)), f"{css} to tap")

    def tap_text(self, css: str, text: str) -> None:
        """Tap the element ``css`` finds that shows ``text``."""

        def found() -> WebElement | None:
            shown = self.driver.find_elements(By.CSS_SELECTOR, css)
            return next(
                (e for e in shown if self.js("return arguments[0].innerText", e) == text), None
            )

        self.until(lambda: self._tap(found()), f"{css} showing {text!r}")

    def _tap(self, element: WebElement | None) -> bool:
        """Scroll ``element`` to the middle of the screen, as a thumb does, and tap it (the page's
        sticky bar would cover it at the edge WebDriver scrolls it to); False when there is none.
        An element the page has since drawn anew raises, and ``until`` finds it again."""
        if element is None:
            return False
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return True

    def _tappable(self, css: str) -> WebElement | None:
        element = self.find(css)
        return element if self.shown(element) and element.is_enabled() else None

    def shown(self, element: WebElement) -> bool:
        """Laid out and visible (the page's own answer: WebKitWebDriver's displayedness check
        now and then says no for a shown button)."""
        return bool(self.js(SHOWN, element))

    def text(self, css: str) -> str:
        """What the page shows in ``css`` (its ``innerText``: WebKitWebDriver's element text is
        empty for some shown elements)."""
        return str(self.js("return arguments[0].innerText", self.find(css)))

    def wait_text(self, css: str, text: str) -> None:
        self.until(lambda: self.text(css) == text, f"{css} saying {text!r}")

    def wait_contains(self, css: str, text: str) -> None:
        self.until(lambda: text in self.text(css), f"{css} containing {text!r}")

    def wait_attribute(self, css: str, name: str, value: str) -> None:
        self.until(lambda: self.find(css).get_attribute(name) == value, f"{css}[{name}={value}]")

    def wait_version(self, version: int) -> None:
        self.wait_attribute("body", "data-version", str(version))

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"webkit-{name}.png"
        # the page as it is now: WebKit's snapshot is the last frame painted, which a loaded
        # machine paints late (one showed a decision two steps old)
        self.driver.execute_async_script(
            "requestAnimationFrame(() => requestAnimationFrame(arguments[0]))"
        )
        self.driver.save_screenshot(str(path))
        return path
