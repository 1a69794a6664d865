#!/bin/bash
# Writes scripts/startup.order: the functions of the release binary that start-up, the work after
# the first frame and a streamed chat turn run, in that order. The release link places them first
# and together (lld --symbol-ordering-file, Package.swift), so the code they need is a few MB of
# pages instead of most of the binary's 24 MB (docs/performance.md, "session 10").
#
# usage: scripts/startup-order.sh [BENCH_HOME]   (after a release build; needs valgrind, tmux)
#   BENCH_HOME: a home with data, default $TMPDIR/aihelper-bench (`Bench --startup-only` makes it)
#   AIHELPER_BINARY: the binary to profile, default .build/release/aihelper
# Then relink: rm .build/release/aihelper and build the release product again (SwiftPM does not
# see the list change, and a touched source whose IR is the same does not relink).
# Functions renamed since the last run are ignored by the linker; rerun when start-up changes.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-${TMPDIR:-/tmp}/aihelper-bench}
work=$(mktemp -d)
trap 'tmux -L startup-order kill-server 2>/dev/null || true; [ -n "${peer:-}" ] && kill "$peer" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 the toolchain writes; the symbol table is enough.
objcopy --strip-debug "${AIHELPER_BINARY:-.build/release/aihelper}" "$work/aihelper"

wait_for() {  # wait_for TEXT SECONDS: until the pane shows TEXT
    for _ in $(seq 1 $(($2 * 2))); do
        tmux -L startup-order capture-pane -p 2>/dev/null | grep -qF -- "$1" && return 0
        sleep 0.5
    done
    echo "startup-order: '$1' did not show within $2 s" >&2; return 1
}
wait_gone() {  # wait_gone TEXT SECONDS: until the pane no longer shows TEXT
    for _ in $(seq 1 $(($2 * 2))); do
        tmux -L startup-order capture-pane -p 2>/dev/null | grep -qF -- "$1" || return 0
        sleep 0.5
    done
    echo "startup-order: '$1' still shows after $2 s" >&2; return 1
}
dump() { callgrind_control -d "$1" "$(cat "$work/pid")" > /dev/null; sleep 1; }
run() {  # run NAME ENV...: the app under callgrind in tmux
    tmux -L startup-order kill-server 2>/dev/null || true
    local name=$1; shift
    tmux -L startup-order new-session -d -x 120 -y 40 \
        "echo \$\$ > $work/pid; exec env $* TERM=xterm-256color LANG=C.UTF-8 AIHELPER_NO_WIZARD=1 \
         valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/$name.%p $work/aihelper 2>$work/$name.log"
    sleep 1
}

# 1. Start-up on the benchmark's data: to the first frame, then until the loads after it are done.
run start AIHELPER_HOME="$data" HOME="$data"
wait_for "Ctrl-Q quit" 120; dump frame
sleep 20; dump idle
tmux -L startup-order send-keys C-q; sleep 3

# 2. A streamed Markdown answer from the loopback peer over the OpenAI format (as Bench --stream).
coproc PEER { python3 Tests/Peers/provider_server.py; }  # it exits when its stdin closes
peer=$PEER_PID
read -r line <&"${PEER[0]}"; port=${line#PORT }
home="$work/home"; mkdir -p "$home"
printf 'provider = "openai"\nmodel = "gpt-4.1-mini"\n' > "$home/config.toml"
run stream AIHELPER_HOME="$home" HOME="$home" OPENAI_BASE_URL="http://127.0.0.1:$port/v1" OPENAI_API_KEY=order
wait_for " OpenAI " 120; dump frame
tmux -L startup-order send-keys "stream [script:mdheavy]" Enter
wait_for "Esc cancel" 60; wait_gone "Esc cancel" 300; dump answer
tmux -L startup-order send-keys C-q; sleep 3

# Names defined more than once (a generic specialization each module keeps a local copy of) are
# left out: the linker would pull every copy's section forward, and a copy inside a library's
# one large .text (the Swift runtime's libraries are not split by function) drags all of it along.
nm "$work/aihelper" | awk '$2 ~ /^[tTwW]$/ {print $3}' | sort | uniq -d > "$work/duplicates"
nm -S "$work/aihelper" | awk '$3 ~ /^[tTwW]$/ {print $1, $2, $4}' > "$work/symbols"
python3 - "$work" > scripts/startup.order <<'EOF'
import bisect, glob, re, sys
work = sys.argv[1]
duplicates = set(open(f"{work}/duplicates").read().split())
# callgrind names code it entered other than at a symbol by its address ("0x…"): the function
# holding that address is the one to place (code without any symbol, LLVM's .L__unnamed_N, cannot be).
symbols = sorted((int(a, 16), int(s, 16), n) for a, s, n in (l.split() for l in open(f"{work}/symbols")))
starts = [s[0] for s in symbols]
def holder(address):
    i = bisect.bisect_right(starts, address) - 1
    if i >= 0 and symbols[i][0] <= address < symbols[i][0] + symbols[i][1]:
        return symbols[i][2]
    return None
def parts(name):  # the dumps of one run, in the order they were taken
    return sorted(glob.glob(f"{work}/{name}.*.[0-9]*"), key=lambda p: int(p.rsplit(".", 1)[1]))
seen, order = set(), []
for path in parts("start") + parts("stream"):
    objects, functions, current = {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        called, kind, number, name = m.groups()
        table = objects if kind == "ob" else functions
        if name is not None:
            table[number] = name
        if called:
            continue
        if kind == "ob":
            current = objects[number]
        elif current and current.endswith("/aihelper"):
            function = re.sub(r"'\d+$", "", functions[number])  # callgrind's recursion marks
            if function.startswith("0x"):
                function = holder(int(function, 16))
            if function and function not in seen and function not in duplicates:
                seen.add(function); order.append(function)
print("\n".join(order))
EOF
echo "scripts/startup.order: $(wc -l < scripts/startup.order) functions"
