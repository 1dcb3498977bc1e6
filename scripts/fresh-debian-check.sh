#!/usr/bin/env bash
# fresh-debian-check.sh: prove the README's two commands work on a fresh
# Debian 12: debootstrap a minimal bookworm into a folder, add only `make`,
# clone this repository into it and run `make demo` and `make test` there.
# Needs root and the network to Debian's mirror; takes a few minutes.
# Usage: scripts/fresh-debian-check.sh [FOLDER]   (default /tmp/cardc-fresh-debian)
set -euo pipefail
root=${1:-/tmp/cardc-fresh-debian}
repo=$(cd "$(dirname "$0")/.." && pwd)
command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap; }
if [ ! -x "$root/bin/bash" ]; then
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
cleanup() { umount "$root/dev/pts" "$root/dev" "$root/proc" 2>/dev/null || true; }
trap cleanup EXIT
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
rm -rf "$root/root/cardc"
git clone -q "$repo" "$root/root/cardc"
chroot "$root" /bin/bash -c '
  set -e
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq make >/dev/null     # the only thing added by hand
  cd /root/cardc
  make demo
  make test'
echo "fresh-debian-check: make demo and make test passed on a fresh Debian 12"
