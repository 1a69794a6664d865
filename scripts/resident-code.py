#!/usr/bin/env python3
"""Which code and data of the aihelper binary are resident, by module (docs/performance.md).

usage: scripts/resident-code.py PID BINARY

Reads /proc/PID/pagemap (root) for the binary's mappings, marks each resident 4 KB page, and
charges every page to the symbols (nm -n) that lie on it: Swift symbols by their module
($s + length + name), C symbols by a few known prefixes (ICU, the Swift runtime, dispatch,
CoreFoundation). A page shared by two modules counts for both, so the sum can exceed the RSS.
"""
import bisect, re, struct, subprocess, sys
from collections import defaultdict

pid, binary = sys.argv[1], sys.argv[2]
maps = []
for line in open(f"/proc/{pid}/maps"):
    parts = line.split()
    if len(parts) >= 6 and parts[5] == binary or (len(parts) >= 6 and parts[5].endswith("/aihelper")):
        lo, hi = (int(x, 16) for x in parts[0].split("-"))
        maps.append((lo, hi, parts[1], int(parts[2], 16)))
base = min(m[0] - m[3] for m in maps if m[3] == 0)

def module(name):
    m = re.match(r"^_?\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", name)
    if m:
        n = int(m.group(1)); mod = m.group(2)[:n]
        return {"s": "Swift (stdlib)", "So": "C types", "SS": "Swift (stdlib)"}.get(mod, mod)
    if name.startswith("$s") or name.startswith("_$s"): return "Swift (stdlib)"
    for prefix, mod in [("icu", "ICU"), ("u_", "ICU"), ("ucol", "ICU"), ("ures", "ICU"), ("udata", "ICU"), ("uloc", "ICU"),
                        ("_ZN6icu", "ICU"), ("_ZN3icu", "ICU"), ("swift", "Swift runtime"), ("_ZN5swift", "Swift runtime"),
                        ("_swift", "Swift runtime"), ("dispatch", "dispatch"), ("_dispatch", "dispatch"), ("CF", "CoreFoundation"),
                        ("__CF", "CoreFoundation"), ("_CF", "CoreFoundation"), ("sqlite", "sqlite"), ("aih_", "CCurl"),
                        ("cmark", "cmark")]:
        if name.startswith(prefix): return mod
    if re.search(r"_7[0-9]$", name): return "ICU"
    return "other C/C++"

syms = []
for line in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    parts = line.split(maxsplit=2)
    if len(parts) == 3 and parts[1] in "tTrRdDbBvVwW":
        syms.append((int(parts[0], 16), parts[1].lower(), parts[2]))
addrs = [s[0] for s in syms]
pagemap = open(f"/proc/{pid}/pagemap", "rb")
usage = defaultdict(lambda: defaultdict(int))
for lo, hi, perms, off in maps:
    kind = {"r-xp": "text", "r--p": "read-only", "rw-p": "data"}.get(perms, perms)
    for page in range(lo, hi, 4096):
        pagemap.seek(page // 4096 * 8)
        entry = struct.unpack("<Q", pagemap.read(8))[0]
        if not entry >> 63 & 1: continue
        vaddr = page - base
        i = bisect.bisect_right(addrs, vaddr) - 1
        mods = set()
        j = max(i, 0)
        while j < len(syms) and syms[j][0] < vaddr + 4096:
            mods.add(module(syms[j][2])); j += 1
        if not mods: mods = {"(no symbol: tables, metadata)"}
        for m in mods: usage[kind][m] += 4
for kind, mods in usage.items():
    print(f"{kind}: {sum(mods.values())} KB charged")
    for m, kb in sorted(mods.items(), key=lambda kv: -kv[1])[:14]:
        print(f"   {m:32} {kb:7} KB")
