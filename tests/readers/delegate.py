"""delegate - what the planted-defect readers share.  Each reader first
looks at the file its own, defective way (the one bug it was written
with), then leaves the verdict to a correct reader, so that the bug is
its only defect.  The correct reader is correct-reader (correct.c), found
through TG_CORRECT_READER; it may be a sanitizer build, which cannot run
under the oracle's address-space cap, so the cap is lifted for it alone
(the oracle sets only the soft limit)."""
import os
import resource
import subprocess
import sys


def _uncapped():
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def correct_verdict(fmt, path):
    """Exit as the correct reader does on path."""
    r = subprocess.run([os.environ["TG_CORRECT_READER"], fmt, path],
                       preexec_fn=_uncapped, check=False)
    sys.exit(r.returncode)
