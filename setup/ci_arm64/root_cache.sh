# Sourced by setup/ci_arm64.sh: the emulated root's tarball, cached between runs on one machine.
#
# cached_root CACHE PREFIX KEY BUILD...
#   Prints the path of CACHE/PREFIX-KEY.tar once it is there and sound. A tarball whose checksum
#   (PREFIX-KEY.tar.sha256, written when it was built) is missing or does not match is corrupt: it
#   is deleted and built again. It is built by running BUILD... with the file to write appended;
#   a build that fails, or writes something tar cannot read, leaves nothing in the cache and
#   returns non-zero. Tarballs of other keys (an older recipe) are deleted. Says what it did on
#   stderr.
cached_root() {
  local cache=$1 prefix=$2 key=$3
  shift 3
  local tarball="$cache/$prefix-$key.tar"
  local sum="$tarball.sha256"
  mkdir -p "$cache"
  if [ -f "$tarball" ]; then
    if [ -f "$sum" ] && (cd "$cache" && sha256sum --check --status "$(basename "$sum")"); then
      echo "cached: $tarball (checksum verified)" >&2
    else
      echo "the cached root $tarball is corrupt (its checksum is missing or does not match):" \
        "building it again" >&2
      rm -f "$tarball" "$sum"
    fi
  fi
  if [ ! -f "$tarball" ]; then
    echo "building $tarball (first run of this recipe on this machine: several minutes)" >&2
    local started=$SECONDS
    rm -f "$tarball.part" "$sum"
    if ! "$@" "$tarball.part" >&2 || ! tar -tf "$tarball.part" >/dev/null; then
      rm -f "$tarball.part"
      echo "building the root failed: nothing cached" >&2
      return 1
    fi
    (cd "$cache" && sha256sum "$(basename "$tarball").part") | sed 's/\.part$//' >"$sum.part"
    mv "$tarball.part" "$tarball"
    mv "$sum.part" "$sum"
    echo "built in $((SECONDS - started)) s" >&2
  fi
  local other
  for other in "$cache/$prefix"-*.tar; do
    if [ -f "$other" ] && [ "$other" != "$tarball" ]; then
      echo "deleting a root of an older recipe: $other" >&2
      rm -f "$other" "$other.sha256"
    fi
  done
  printf '%s\n' "$tarball"
}
