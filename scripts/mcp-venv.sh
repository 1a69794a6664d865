#!/usr/bin/env bash
# Creates .build/mcp-venv with the reference MCP servers from PyPI, which the MCP client tests
# start through an mcp.json (Tests/MCPClientTests). Versions pinned; idempotent: does nothing
# when the venv already has these versions.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/mcp-venv
packages=(mcp-server-time==2026.10.19 mcp-server-fetch==2026.10.24)
installed() {
  "$venv/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null | grep -qx "$1"
}
if [ -x "$venv/bin/python" ]; then
  missing=0
  for p in "${packages[@]}"; do installed "$p" || missing=1; done
  [ "$missing" = 0 ] && exit 0
fi
python3 -m venv --help >/dev/null 2>&1 || { echo "python3 with the venv module is needed (Debian: python3-venv)" >&2; exit 1; }
rm -rf "$venv"
mkdir -p .build
python3 -m venv "$venv"
echo "Installing ${packages[*]} into $venv ..." >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${packages[@]}"
"$venv/bin/mcp-server-time" --help >/dev/null
