#!/usr/bin/env bash
# Creates .build/peers-venv with the official `openai` and `anthropic` Python SDKs, which the
# HTTP tests use to prove that our loopback provider server speaks the real wire formats.
# Idempotent: does nothing when the venv already imports both.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/peers-venv
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import openai, anthropic' >/dev/null 2>&1; then
  exit 0
fi
python3 -m venv --help >/dev/null 2>&1 || { echo "python3 with the venv module is needed (Debian: python3-venv)" >&2; exit 1; }
rm -rf "$venv"
mkdir -p .build
python3 -m venv "$venv"
echo "Installing the openai and anthropic SDKs into $venv ..." >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check openai anthropic
"$venv/bin/python" -c 'import openai, anthropic'
