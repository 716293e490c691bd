"""A TraceLog reader that hangs (sleeps on) every file holding more than
a few lines, the way a reader with a quadratic loop does on real
captures: most of a corpus hangs it.  The oracle must keep such a run
inside its time: a hang is shrunk under a shorter timeout, within
--shrink-time, and confirmed at the full one."""
import sys
import time

from delegate import correct_verdict

path = sys.argv[1]
lines = open(path, "rb").read().count(b"\n")
if lines > 3:
    time.sleep(3600)  # the bug
correct_verdict("tracelog", path)
