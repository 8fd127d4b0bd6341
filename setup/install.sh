#!/usr/bin/env bash
# Install the Tabletop Companion on Raspberry Pi OS (Bookworm; Pi 3, 4, Zero 2 W or 5).
# Run from a checkout of the repository:  sudo bash setup/install.sh
# The organizer's station of a tournament (a Pi or a laptop running Debian):
#                                          sudo bash setup/install.sh --hub
# A table that is its own Wi-Fi hotspot (no store network needed; see docs/hardware.md):
#                                          sudo bash setup/install.sh --hotspot
# A root without systemd (CI's emulated arm64 root, setup/ci_arm64.sh; a container):
#                                          sudo bash setup/install.sh --no-systemd
#   installs everything and the unit file, but skips (and says so) what needs a running systemd:
#   setting the hostname (hostnamectl) and enabling or starting services (systemctl).
# Safe to run again: every step checks before it changes anything.
#
#   LED_BACKEND=ws281x|ws2812-pio|pi5|virtual
#       default: ws2812-pio on a Pi 5 (the kernel's overlay, /dev/leds0 after the reboot; the
#       pi5 user-space PIO library stays installed as its fallback), ws281x on older Pis
#   HOSTNAME_MDNS=companion          (phones then open http://companion.local:8000; hub: "hub")
#   HUB_TABLES=8                     (--hub: how many tables get a broker account)
set -euo pipefail

HUB=0
HOTSPOT=0
SYSTEMD=1
for arg in "$@"; do
  case "$arg" in
    --hub) HUB=1 ;;
    --hotspot) HOTSPOT=1 ;;
    --no-systemd) SYSTEMD=0 ;;
    *) echo "unknown option $arg (known: --hub, --hotspot, --no-systemd)" >&2; exit 2 ;;
  esac
done

SRC=$(cd "$(dirname "$0")/.." && pwd)
DEST=/opt/companion
CONF=/etc/companion/table.yaml
DATA=/var/lib/companion
if [ "$HUB" -eq 1 ]; then HOSTNAME_MDNS=${HOSTNAME_MDNS:-hub}; else HOSTNAME_MDNS=${HOSTNAME_MDNS:-companion}; fi
HUB_TABLES=${HUB_TABLES:-8}

say() { printf '\n== %s\n' "$*"; }
# systemctl/hostnamectl need a running systemd: with --no-systemd they are skipped, said aloud.
systemd_only() {
  if [ "$SYSTEMD" -eq 1 ]; then "$@"; else echo "skipped (--no-systemd: no running systemd): $*" >&2; fi
}
[ "$(id -u)" -eq 0 ] || { echo "run as root: sudo bash setup/install.sh" >&2; exit 1; }

MODEL=$(tr -d '\0' 2>/dev/null </proc/device-tree/model || echo "not a Raspberry Pi")
echo "machine: $MODEL"
case "$MODEL" in
  *"Raspberry Pi 5"*) DEFAULT_BACKEND=ws2812-pio ;;
  *"Raspberry Pi"*) DEFAULT_BACKEND=ws281x ;;
  *) DEFAULT_BACKEND=virtual; echo "warning: not a Raspberry Pi; LEDs will be simulated" >&2 ;;
esac
LED_BACKEND=${LED_BACKEND:-$DEFAULT_BACKEND}

say "system packages"
apt-get update -qq
# python3-picamera2 comes from Raspberry Pi OS (not pip): the venv sees it through
# --system-site-packages. libzbar0 serves the optional pyzbar decoder; avahi gives companion.local.
PKGS=(python3-venv python3-dev git libzbar0 avahi-daemon rsync)
# The hub runs its own Mosquitto (with the generated accounts and ACLs): not the distro's service.
[ "$HUB" -eq 0 ] || PKGS+=(mosquitto)
# The hotspot is a NetworkManager connection (Raspberry Pi OS Bookworm has it already).
[ "$HOTSPOT" -eq 0 ] || PKGS+=(network-manager)
# rpi_ws281x (the pi extra) is built from source: it needs a C compiler.
[ "$LED_BACKEND" = virtual ] || PKGS+=(build-essential)
if apt-cache show python3-picamera2 >/dev/null 2>&1; then PKGS+=(python3-picamera2); fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PKGS[@]}"

say "code in $DEST"
mkdir -p "$DEST"
rsync -a --delete --exclude .venv --exclude .git "$SRC/" "$DEST/"

say "virtual environment (with system site-packages, for picamera2)"
if [ ! -x "$DEST/.venv/bin/python" ]; then
  python3 -m venv --system-site-packages "$DEST/.venv"
fi
"$DEST/.venv/bin/pip" install --quiet --upgrade pip
EXTRAS=""
[ "$LED_BACKEND" = virtual ] || EXTRAS="[pi]"
"$DEST/.venv/bin/pip" install --quiet -e "$DEST$EXTRAS" || {
  echo "install.sh: pip could not install the companion${EXTRAS:+ with its $EXTRAS extras} on" \
    "this $(uname -m) machine (pip says which package above)" >&2
  exit 1
}

if [ "$HUB" -eq 1 ]; then
  say "the hub's own broker replaces the distro's mosquitto service"
  systemd_only systemctl disable --now mosquitto >/dev/null 2>&1 || true
  id companion >/dev/null 2>&1 || useradd --system --home-dir "$DATA" --shell /usr/sbin/nologin companion
  mkdir -p "$DATA/hub"
  chown -R companion: "$DATA"
  # The tables' hub: sections name no address: they find the hub by mDNS (else as hub.local),
  # unless the hub has another name.
  PUBLIC_HOST=()
  [ "$HOSTNAME_MDNS" = hub ] || PUBLIC_HOST=(--public-host "$HOSTNAME_MDNS.local")
  sudo -u companion "$DEST/.venv/bin/companion" hub broker --tables "$HUB_TABLES" \
    --folder "$DATA/hub/broker" "${PUBLIC_HOST[@]}" >/dev/null
else
  say "configuration"
  mkdir -p "$(dirname "$CONF")" "$DATA"
  if [ ! -f "$CONF" ]; then
    sed "s/^  backend: auto .*/  backend: $LED_BACKEND/" "$DEST/setup/table.example.yaml" >"$CONF"
    echo "wrote $CONF (edit it, then: sudo systemctl restart companion)"
  else
    echo "keeping the existing $CONF"
  fi

  if [ "$LED_BACKEND" != virtual ]; then
    say "boot configuration for the $LED_BACKEND LED backend"
    BOOT=/boot/firmware; [ -d "$BOOT" ] || BOOT=/boot
    "$DEST/.venv/bin/python" -m companion.table.pi_boot --backend "$LED_BACKEND" \
      --config "$BOOT/config.txt" --cmdline "$BOOT/cmdline.txt" --table-config "$CONF"
    echo "a reboot is needed if the boot files changed"
  fi
fi

say "mDNS name $HOSTNAME_MDNS.local"
if [ "$SYSTEMD" -eq 0 ]; then
  echo "skipped (--no-systemd: no running systemd): hostnamectl set-hostname $HOSTNAME_MDNS"
elif [ "$(hostname)" != "$HOSTNAME_MDNS" ]; then
  hostnamectl set-hostname "$HOSTNAME_MDNS"
  sed -i "s/127.0.1.1.*/127.0.1.1\t$HOSTNAME_MDNS/" /etc/hosts
fi
systemd_only systemctl enable --now avahi-daemon >/dev/null

if [ "$HOTSPOT" -eq 1 ]; then
  say "Wi-Fi hotspot"
  bash "$DEST/setup/hotspot.sh"
fi

say "service"
if [ "$HUB" -eq 1 ]; then
  sed -e "s/--tables 8/--tables $HUB_TABLES/" -e "s|--data /var/lib/companion/hub|& ${PUBLIC_HOST[*]}|" \
    "$DEST/setup/companion-hub.service" \
    >/etc/systemd/system/companion-hub.service
  systemd_only systemctl daemon-reload
  systemd_only systemctl enable companion-hub >/dev/null
  systemd_only systemctl restart companion-hub
  echo
  echo "done: the organizer page is http://$HOSTNAME_MDNS.local:8080"
  echo "each table's hub: section is in $DATA/hub/broker/tables/<table>.yaml (see docs/tournament.md)"
  exit 0
fi
install -m 0644 "$DEST/setup/companion.service" /etc/systemd/system/companion.service
systemd_only systemctl daemon-reload
systemd_only systemctl enable companion >/dev/null
systemd_only systemctl restart companion
"$DEST/.venv/bin/companion" doctor --config "$CONF" || true
echo
echo "done: open http://$HOSTNAME_MDNS.local:8000 on a phone on the same network"
