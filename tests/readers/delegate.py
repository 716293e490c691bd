"""delegate - what the planted-defect readers share.  Each reader first
looks at the file its own, defective way (the one bug it was written
with), then leaves the verdict to a correct reader, so that the bug is
its only defect.  The correct reader is correct-reader (correct.c), found
through TG_CORRECT_READER; it may be a sanitizer build, which cannot run
under the oracle's address-space cap, so the cap is lifted for it alone
(the oracle sets only the soft limit).  It replaces the Python process
(exec), which costs less than starting it as a child."""
import os
import resource
import sys


def correct_verdict(fmt, path):
    """Exit as the correct reader does on path."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    reader = os.environ["TG_CORRECT_READER"]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(reader, [reader, fmt, path])
