#!/usr/bin/env bash
# install-deps.sh: install the Debian packages cardc needs, only those missing.
# Runs as root on Debian 12 (as CI does); prints what it installs.
set -euo pipefail

# libclang-rt-14-dev: libFuzzer's runtime, for clang -fsanitize=fuzzer (make test, make fuzz).
packages=(
  gcc clang libclang-rt-14-dev make flex bison pkg-config
  libyaml-dev libcriterion-dev
  libcairo2-dev libpango1.0-dev librsvg2-dev fonts-dejavu-core
  poppler-utils python3
  openmpi-bin libopenmpi-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
