#!/usr/bin/env python3
"""Resident memory of a running process by mapping (docs/performance.md, Where memory goes).

usage: scripts/smaps-summary.py PID

Reads /proc/PID/smaps and sums Rss per file and permission (text r-xp, read-only r--p,
data rw-p), the heap, anonymous mappings (malloc arenas of other threads, Swift's and
SQLite's own allocations) and stacks. Figures in KB.
"""
import re, sys
from collections import defaultdict

pid = sys.argv[1]
rows = defaultdict(lambda: [0, 0, 0])  # rss, anonymous, count
current = None
for line in open(f"/proc/{pid}/smaps"):
    head = re.match(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$", line)
    if head:
        start, end, perms, name = head.groups()
        size = (int(end, 16) - int(start, 16)) // 1024
        name = name.strip() or "[anonymous]"
        if name.startswith("/"):
            name = name.split("/")[-1]
        if name == "[anonymous]":
            name = f"[anonymous {'≥ 1 MB' if size >= 1024 else '< 1 MB'}]"
        current = (name, perms)
        rows[current][2] += 1
    elif line.startswith("Rss:") and current:
        rows[current][0] += int(line.split()[1])
    elif line.startswith("Anonymous:") and current:
        rows[current][1] += int(line.split()[1])
total = sum(r[0] for r in rows.values())
print(f"{'mapping':40} {'perm':5} {'Rss KB':>8} {'anon KB':>8} {'maps':>5}")
for (name, perms), (rss, anon, count) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
    if rss >= 64:
        print(f"{name[:40]:40} {perms:5} {rss:8} {anon:8} {count:5}")
print(f"{'total':40} {'':5} {total:8}")
