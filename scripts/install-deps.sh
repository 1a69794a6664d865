#!/usr/bin/env bash
# Installs the Debian packages that are missing (nothing when all are there).
# Usage: scripts/install-deps.sh PACKAGE...
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "aihelper needs these packages, and this system has no apt-get: ${missing[*]}" >&2
  echo "Install the equivalents with your package manager (ncurses with wide characters and the extra terminfo entries, SQLite 3, libcurl, cmark-gfm with its extensions, stb_image and libwebp; with headers), then run make again." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "Installing ${missing[*]} needs root: run as root, or install sudo." >&2; exit 1
  fi
fi
echo "Installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
