#!/usr/bin/env bash
# System packages beside the Python ones, for `make run` (argument `run`) or `make test` (`test`):
#   libzbar0  - the zbar library behind pyzbar (the optional QR decoder)          run, test
#   chromium-headless-shell - Chromium without its windows, which the panel's
#               end-to-end tests drive (Playwright)                               test
#   webkit2gtk-driver, xvfb - WebKit (Safari's engine) and the X server it draws on,
#               for the phone's journeys in WebKit (tests/web_panel/webkit)       test
#   nodejs    - Node's test runner, for the phone's scripts where a browser adds nothing
#               (tests/web_panel/js)                                              test
#   mosquitto - the MQTT broker the many-tables hub tests talk to                 test
#   fonts-ipafont-gothic - a Japanese font, so the panel's Japanese screenshots are readable  test
# Installs what is missing when run as root; otherwise says what to install.
set -euo pipefail
purpose="${1:-test}"
need=()
dpkg -s libzbar0 >/dev/null 2>&1 || need+=(libzbar0)
if [ "$purpose" = "test" ]; then
  command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
  command -v WebKitWebDriver >/dev/null 2>&1 || need+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
  command -v node >/dev/null 2>&1 || command -v nodejs >/dev/null 2>&1 || need+=(nodejs)
  command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || need+=(mosquitto)
  dpkg -s fonts-ipafont-gothic >/dev/null 2>&1 || need+=(fonts-ipafont-gothic)
fi
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "==> installing system packages: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "warning: missing system packages: ${need[*]} (install them with: sudo apt-get install ${need[*]})" >&2
fi
