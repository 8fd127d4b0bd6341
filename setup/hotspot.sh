#!/usr/bin/env bash
# The Pi as its own Wi-Fi hotspot (NetworkManager), for a table with no store network: phones
# join the Pi's Wi-Fi and open the table at http://10.42.0.1:8000 (the join QR codes carry it).
# Run by `sudo bash setup/install.sh --hotspot`, or alone: sudo bash setup/hotspot.sh
# Safe to run again: the connection is made once, then only updated.
#
#   HOTSPOT_SSID=Companion           the network's name
#   HOTSPOT_PASSWORD=…               8 to 63 characters (default: the one set before, else a new
#                                    random one, printed at the end)
#   HOTSPOT_IFACE=wlan0              the Wi-Fi interface
set -euo pipefail

CON=companion-hotspot
SSID=${HOTSPOT_SSID:-Companion}
IFACE=${HOTSPOT_IFACE:-wlan0}
ADDRESS=10.42.0.1 # NetworkManager's own for a shared connection; its DHCP hands out 10.42.0.x
PORT=${COMPANION_PORT:-8000}

[ "$(id -u)" -eq 0 ] || { echo "run as root: sudo bash setup/hotspot.sh" >&2; exit 1; }
command -v nmcli >/dev/null || {
  echo "NetworkManager (nmcli) is missing: sudo apt-get install network-manager" >&2
  exit 1
}

PASSWORD=${HOTSPOT_PASSWORD:-}
if [ -n "$PASSWORD" ] && { [ ${#PASSWORD} -lt 8 ] || [ ${#PASSWORD} -gt 63 ]; }; then
  echo "HOTSPOT_PASSWORD must have 8 to 63 characters" >&2
  exit 2
fi

if nmcli -t -f NAME connection show | grep -xF "$CON" >/dev/null; then  # no -q: pipefail
  echo "updating the hotspot connection $CON"
  [ -n "$PASSWORD" ] || PASSWORD=$(nmcli -s -g 802-11-wireless-security.psk connection show "$CON")
else
  echo "making the hotspot connection $CON"
  [ -n "$PASSWORD" ] || PASSWORD=$(tr -dc 'a-km-z2-9' </dev/urandom | head -c 12 || true)
  nmcli connection add type wifi ifname "$IFACE" con-name "$CON" ssid "$SSID"
fi
nmcli connection modify "$CON" \
  connection.interface-name "$IFACE" \
  connection.autoconnect yes \
  connection.autoconnect-priority 100 \
  802-11-wireless.ssid "$SSID" \
  802-11-wireless.mode ap \
  802-11-wireless.band bg \
  ipv4.method shared \
  ipv4.addresses "$ADDRESS/24" \
  ipv6.method disabled \
  wifi-sec.key-mgmt wpa-psk \
  wifi-sec.psk "$PASSWORD"
nmcli connection up "$CON"

echo
echo "hotspot on: phones join the Wi-Fi \"$SSID\" (password: $PASSWORD)"
echo "and open http://$ADDRESS:$PORT (the table screen's QR codes carry this address)"
