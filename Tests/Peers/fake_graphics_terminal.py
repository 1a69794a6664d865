"""A terminal played by a script, for the image preview tests: runs the app in a pty of 100 x 30
cells (10 x 20 pixels each), answers its graphics query as the mode says, attaches a picture with
/image and sends a message, then quits with Ctrl-Q. Everything the app wrote goes to OUTPUT.

  fake_graphics_terminal.py MODE BINARY HOME IMAGE OUTPUT

  kitty    answers the kitty query OK, and DA1 (62;22)
  sixel    answers DA1 with 4 (63;1;2;4;22)
  none     answers DA1 without 4 (62;22)
  silent   answers nothing
Every wait is bounded; the exit status is 0 once the app quit.
"""

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

mode, binary, home, image, output = sys.argv[1:6]
ANSWERS = {"kitty": b"\x1b_Gi=31;OK\x1b\\\x1b[?62;22c", "sixel": b"\x1b[?63;1;2;4;22c", "none": b"\x1b[?62;22c", "silent": b""}

pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 1000, 600))
    env = {"AIHELPER_HOME": home, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "AIHELPER_NO_WIZARD": "1",
           "PATH": "/usr/bin:/bin"}
    os.execve(binary, [binary], env)

seen = b""
answered = typed = sent = False
end = time.monotonic() + 25
settle_until = None


def write(data):
    os.write(fd, data)


while time.monotonic() < end:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    if not answered and b"\x1b_Gi=31" in seen:
        answered = True
        write(ANSWERS[mode])
    if not typed and b"Enter sends" in seen:
        typed = True
        write(("/image " + image + "\r").encode())
    if typed and not sent and os.path.basename(image).encode() in seen:
        sent = True
        time.sleep(0.2)
        write(b"look\r")
    if sent and settle_until is None and ("▣ " + os.path.basename(image)).encode() in seen[seen.find(b"look"):]:
        # The placeholder is drawn; the answers' wait (2 s) and a preview's frame come within 3 s.
        settle_until = time.monotonic() + 3
    if settle_until is not None and time.monotonic() > settle_until:
        break

write(b"\x11")
status = None
quit_by = time.monotonic() + 5
while time.monotonic() < quit_by:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        try:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += chunk
        except OSError:
            break
done = 0
while done == 0 and time.monotonic() < quit_by + 3:  # the pty closes a moment before the process ends
    done, status = os.waitpid(pid, os.WNOHANG)
    if done == 0:
        time.sleep(0.05)
if done == 0:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    status = 1
with open(output, "wb") as f:
    f.write(seen)
sys.exit(0 if status == 0 else 1)
