#!/usr/bin/env bash
# scripts/venv.sh VENV CHECK PACKAGE...: the Python venv of a test peer, under .build, made once.
# Does nothing when the venv exists, every pinned PACKAGE (NAME==VERSION) is installed at its
# version and CHECK (a shell command, run with the venv's bin first on PATH) succeeds; else makes
# the venv anew, installs the packages and runs CHECK to prove it works.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$1 check=$2
case $venv in .build/?*) ;; *) echo "venv.sh: the venv must be under .build: $venv" >&2; exit 2 ;; esac
shift 2
ready() {
  [ -x "$venv/bin/python" ] || return 1
  local frozen
  frozen=$("$venv/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null) || return 1
  for p in "$@"; do
    case $p in *==*) grep -qxiF -- "$p" <<<"$frozen" || return 1 ;; esac
  done
  PATH="$PWD/$venv/bin:$PATH" bash -c "$check" >/dev/null 2>&1
}
ready "$@" && exit 0
python3 -m venv --help >/dev/null 2>&1 || { echo "python3 with the venv module is needed (Debian: python3-venv)" >&2; exit 1; }
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
python3 -m venv "$venv"
echo "Installing $* into $venv ..." >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
PATH="$PWD/$venv/bin:$PATH" bash -c "$check" >/dev/null || { echo "venv.sh: $venv does not pass its check: $check" >&2; exit 1; }
