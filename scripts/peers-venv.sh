#!/usr/bin/env bash
# Creates .build/peers-venv with the official `openai` and `anthropic` Python SDKs, which the
# HTTP tests use to prove that our loopback provider server speaks the real wire formats.
# Idempotent: does nothing when the venv already imports both.
set -euo pipefail
exec "$(dirname "$0")/venv.sh" .build/peers-venv "python -c 'import openai, anthropic'" openai anthropic
