#!/usr/bin/env bash
# System packages a development or CI machine needs beside the Python ones:
#   libzbar0  - the zbar library behind pyzbar (optional QR decoder)
#   chromium  - the headless browser the panel's end-to-end tests drive
#   mosquitto - the MQTT broker the many-tables hub tests talk to
#   fonts-ipafont-gothic - a Japanese font, so the panel's Japanese screenshots are readable
# Installs what is missing when run as root; otherwise says what to install.
set -euo pipefail
need=()
dpkg -s libzbar0 >/dev/null 2>&1 || need+=(libzbar0)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || need+=(mosquitto)
dpkg -s fonts-ipafont-gothic >/dev/null 2>&1 || need+=(fonts-ipafont-gothic)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing system packages: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "warning: missing system packages: ${need[*]} (install them with: sudo apt-get install ${need[*]})" >&2
fi
