"""modelcli - a model of a reader (model_*.py) as a reader under the
oracle's contract: it reads the file named on the command line, prints
its word, and exits 0 when it reads the file, 4 when it misreads it
(--misread-exit 4), 1 for any other error; a crash dies of SIGSEGV, as
the modelled reader does."""
import os
import signal
import sys


def run(read):
    """read(bytes) -> (outcome, detail): exit as the reader would"""
    with open(sys.argv[1], "rb") as f:
        outcome, detail = read(f.read())
    print(("%s %s" % (outcome, detail)).strip())
    if outcome == "crashes":
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    sys.exit({"read": 0, "misreads": 4}.get(outcome, 1))
