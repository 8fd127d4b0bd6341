#!/usr/bin/env bash
# CI step (run by .ci/run after `make test`): the Pi's operating system, emulated.
# Builds an arm64 Debian Bookworm root (mmdebstrap, qemu-user-static through binfmt_misc), cached
# under $CACHE keyed by a hash of what goes into it (a corrupt or older one is built again:
# ci_arm64/root_cache.sh); then, in a fresh copy of that root:
#   1. setup/install.sh --no-systemd with LED_BACKEND=ws281x (the `pi` extras: rpi_ws281x built
#      from source, the Pi 5 NeoPixel library; OpenCV's aarch64 wheel),
#   2. checks the compiled libraries load on aarch64 and install.sh wrote the boot lines,
#   3. `systemd-analyze verify` on the unit files (Debian's systemd, inside the root),
#   4. `companion demo --headless`,
#   5. `companion leds test --backend ws281x` against a fake device (setup/ci_arm64/fake_device:
#      the real rpi_ws281x with the hardware calls replaced), every frame checked.
# Where this machine cannot run arm64 programs at all (no binfmt_misc and it cannot be mounted, or
# no qemu-aarch64 and it cannot be installed) it says so loudly and exits 0; any other failure
# fails CI. Needs root (chroot, mounts, apt-get).
#   CACHE=/var/cache/companion-ci   the root's tarball and pip's cache (wheels built once)
#   KEEP_ROOT=1                     leave the root in place after the run (its path is printed)
#   CI_ARM64_BINFMT=/proc/sys/fs/binfmt_misc, CI_ARM64_QEMU=/usr/bin/qemu-aarch64-static
#                                   where emulation is looked for (tests/setup/test_ci_arm64.py
#                                   points them nowhere to see the step skip)
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
HERE="$SRC/setup/ci_arm64"
# shellcheck source=ci_arm64/root_cache.sh
source "$HERE/root_cache.sh"
CACHE=${CACHE:-/var/cache/companion-ci}
BINFMT=${CI_ARM64_BINFMT:-/proc/sys/fs/binfmt_misc}
QEMU=${CI_ARM64_QEMU:-/usr/bin/qemu-aarch64-static}
SUITE=bookworm
# What Raspberry Pi OS Lite brings that install.sh relies on (systemd, a C compiler for
# rpi_ws281x's source build, CA certificates for PyPI), plus install.sh's own packages so the
# cached root makes its apt step quick.
ROOT_PKGS=(ca-certificates systemd build-essential python3-venv python3-dev git libzbar0
  avahi-daemon rsync)
RECIPE=3  # bump when the root's recipe changes in a way the key below cannot see

say() { printf '\n== arm64: %s\n' "$*"; }
fail() { printf '\nFAILED (arm64 CI step): %s\n' "$*" >&2; exit 1; }
skip_loudly() {
  local line='!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!'
  printf '\n%s\n!!! SKIPPED: the arm64 step (the Pi'"'"'s operating system) did NOT run.\n' "$line" >&2
  printf '!!! %s\n!!! Nothing about the Pi was proven by this CI run.\n%s\n\n' "$*" "$line" >&2
  exit 0
}
started=$SECONDS

[ "$(id -u)" -eq 0 ] || fail "needs root (chroot, mounts, apt-get): sudo bash setup/ci_arm64.sh"

apt_install() {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "$@" >/dev/null
}

if [ "$(uname -m)" != aarch64 ]; then
  say "can this $(uname -m) machine run arm64 programs? (binfmt_misc + qemu-aarch64)"
  need=()
  [ -x "$QEMU" ] || need+=(qemu-user-static)
  command -v update-binfmts >/dev/null 2>&1 || need+=(binfmt-support)
  if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]}"
    apt_install "${need[@]}" && [ -x "$QEMU" ] ||
      skip_loudly "this machine has no $QEMU and apt-get could not install ${need[*]}: it cannot run arm64 programs."
  fi
  if [ ! -e "$BINFMT/status" ]; then
    mount -t binfmt_misc binfmt_misc "$BINFMT" 2>/dev/null ||
      skip_loudly "this machine has no binfmt_misc ($BINFMT; mount -t binfmt_misc failed): it cannot run arm64 programs."
  fi
  [ -e "$BINFMT/qemu-aarch64" ] || update-binfmts --enable qemu-aarch64 ||
    fail "binfmt_misc is there but qemu-aarch64 did not register (update-binfmts --enable qemu-aarch64)"
  grep -qx enabled "$BINFMT/qemu-aarch64" || fail "the qemu-aarch64 handler is disabled"
  grep -q '^flags:.*F' "$BINFMT/qemu-aarch64" ||
    fail "the qemu-aarch64 handler lacks the F flag (a chroot could not find the emulator)"
  echo "yes: $(head -1 "$BINFMT/qemu-aarch64"), $(grep '^interpreter' "$BINFMT/qemu-aarch64")"
fi

say "tools"
need=()
command -v mmdebstrap >/dev/null 2>&1 || need+=(mmdebstrap)
command -v arch-test >/dev/null 2>&1 || need+=(arch-test)  # mmdebstrap's foreign-arch check
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt_install "${need[@]}" || fail "could not install ${need[*]} (apt-get)"
fi
echo "mmdebstrap $(mmdebstrap --version | cut -d' ' -f2)"

say "the root: Debian $SUITE arm64 from this machine's own apt mirror"
SOURCES=$(python3 "$HERE/debian_sources.py" "$SUITE")
[ -n "$SOURCES" ] || fail "no Debian $SUITE entry in /etc/apt/sources.list(.d): no mirror to use"
echo "$SOURCES"
MMDEBSTRAP=(mmdebstrap --quiet --architectures=arm64 --variant=apt --format=tar
  "--include=$(IFS=,; echo "${ROOT_PKGS[*]}")" "$SUITE")
# The cache's key: everything the root is built from (a corrupt tarball is caught by its checksum).
KEY=$(printf '%s\n' "$RECIPE" "${MMDEBSTRAP[*]}" "$SOURCES" | sha256sum | cut -c1-16)
build_root() { printf '%s\n' "$SOURCES" | "${MMDEBSTRAP[@]}" "$1" -; }
TARBALL=$(cached_root "$CACHE" "debian-$SUITE-arm64" "$KEY" build_root) ||
  fail "mmdebstrap could not build the arm64 root"
mkdir -p "$CACHE/pip-arm64"

ROOT=$(mktemp -d /var/tmp/companion-arm64.XXXXXX)
MOUNTS=()
cleanup() {
  local i
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do umount -l "${MOUNTS[i]}" 2>/dev/null || true; done
  if [ "${KEEP_ROOT:-0}" = 1 ]; then echo "root kept: $ROOT"; else rm -rf --one-file-system "$ROOT"; fi
}
trap cleanup EXIT
tar -C "$ROOT" -xf "$TARBALL" || fail "could not unpack $TARBALL"
mkdir -p "$ROOT/root/.cache/pip" "$ROOT/src" "$ROOT/boot/firmware"
for mount in "proc:$ROOT/proc" "/dev:$ROOT/dev" "$CACHE/pip-arm64:$ROOT/root/.cache/pip"; do
  from=${mount%%:*} to=${mount#*:}
  if [ "$from" = proc ]; then mount -t proc proc "$to"; else mount --bind "$from" "$to"; fi
  MOUNTS+=("$to")
done
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# Raspberry Pi OS's boot partition: install.sh adds the LED backend's lines to these files.
printf '# Raspberry Pi OS boot configuration (stand-in)\n[all]\n' >"$ROOT/boot/firmware/config.txt"
echo "console=serial0,115200 console=tty1 root=PARTUUID=00000000-02 rootwait" \
  >"$ROOT/boot/firmware/cmdline.txt"
tar -C "$SRC" --exclude ./.venv --exclude ./.git --exclude __pycache__ --exclude '.*_cache' \
  --exclude node_modules -cf - . | tar -C "$ROOT/src" -xf -
cp -r "$HERE" "$ROOT/ci_arm64"

in_root() {
  chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT=180 "$@"
}
[ "$(in_root uname -m)" = aarch64 ] || fail "the root does not run as aarch64"
# The root trusts the CAs this machine added (a CI network's TLS proxy, if any); pip is pointed at
# the system's bundle (PIP_CERT above), not its own copy of certifi.
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  in_root update-ca-certificates >/dev/null
fi

say "setup/install.sh --no-systemd (LED_BACKEND=ws281x: the pi extras)"
t0=$SECONDS
in_root LED_BACKEND=ws281x bash /src/setup/install.sh --no-systemd ||
  fail "setup/install.sh failed in the arm64 root"
echo "install.sh took $((SECONDS - t0)) s"

VENV=/opt/companion/.venv
say "the pi extras on aarch64"
in_root "$VENV/bin/python" /ci_arm64/check_pi_extras.py || fail "a pi extra does not load on aarch64"
grep -qx 'dtparam=audio=off' "$ROOT/boot/firmware/config.txt" ||
  fail "install.sh did not add the ws281x boot line (dtparam=audio=off) to config.txt"
echo "config.txt has install.sh's ws281x lines"

say "systemd-analyze verify (the unit files, in the Pi's root)"
cp "$ROOT/opt/companion/setup/companion-hub.service" "$ROOT/etc/systemd/system/"
verify=$(in_root systemd-analyze verify /etc/systemd/system/companion.service \
  /etc/systemd/system/companion-hub.service 2>&1) || { echo "$verify"; fail "systemd-analyze verify"; }
# verify exits 0 on some warnings: any line naming our units is a finding
if grep -i 'companion' <<<"$verify"; then fail "systemd-analyze verify found problems (above)"; fi
echo "companion.service, companion-hub.service: no findings"

say "companion demo --headless"
demo=$(in_root COMPANION_HOME=/tmp/demo-home "$VENV/bin/companion" demo --headless) ||
  { echo "$demo"; fail "companion demo --headless"; }
echo "$demo" | tail -3
grep -q 'wins the game' <<<"$demo" || fail "the headless demo did not finish a game"

say "companion leds test --backend ws281x (fake device)"
leds=$(in_root PYTHONPATH=/ci_arm64/fake_device FAKE_WS281X_LOG=/tmp/ws281x.jsonl \
  "$VENV/bin/companion" leds test --backend ws281x --layout matrix16x16 --delay 0 2>&1) ||
  { echo "$leds"; fail "companion leds test"; }
echo "$leds" | head -3
in_root "$VENV/bin/python" /ci_arm64/check_leds_log.py /tmp/ws281x.jsonl matrix16x16 <<<"$leds" ||
  fail "the ws281x frames do not match the cells the test named"

say "passed in $((SECONDS - started)) s"
