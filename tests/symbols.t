#!/usr/bin/python3
"""symbols.t - the shared library exports the public API and nothing
else: the dynamic symbols libtracegate.so defines are exactly the
functions tracegate.h declares with TG_API, and its soname carries the
header's TG_ABI. Failure: an internal symbol exported, an API function
missing, or another soname."""
import os
import re
import subprocess

from taplib import ROOT, Tap

t = Tap()
build = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
lib = os.path.join(build, "libtracegate.so")
with open(os.path.join(ROOT, "validators", "include", "tracegate.h")) as f:
    header = f.read()
declared = set(re.findall(r"^TG_API [^(;]*?\b(tg_\w+)\(", header, re.M))
abi = re.search(r"^#define TG_ABI\s+(\d+)", header, re.M).group(1)
if not os.path.exists(lib):
    t.skip("exported symbols", "no %s" % lib)
    t.done()
out = subprocess.run(["nm", "-D", "--defined-only", lib],
                     stdout=subprocess.PIPE, check=True).stdout.decode()
exported = {line.split()[-1] for line in out.splitlines() if line.strip()}
t.ok(len(declared) > 30, "tracegate.h declares %d TG_API functions"
     % len(declared))
t.eq(sorted(exported - declared), [], "nothing but the API is exported")
t.eq(sorted(declared - exported), [], "every API function is exported")
out = subprocess.run(["objdump", "-p", lib], stdout=subprocess.PIPE,
                     check=True).stdout.decode()
t.eq(re.search(r"SONAME\s+(\S+)", out).group(1), "libtracegate.so." + abi,
     "the soname is libtracegate.so.%s (TG_ABI)" % abi)
t.done()
