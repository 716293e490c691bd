#!/usr/bin/python3
"""symbols.t - both libraries export the public API and nothing else:
the dynamic symbols libtracegate.so defines, and the global symbols
libtracegate.a defines, are exactly the functions the two public headers
(tracegate.h, tracegate_corpus.h) declare with TG_API, each declared in
one of them and documented there (a /*! comment names it) (an embedder that links the archive next to code of its own
named nt_* or mu_* gets no clash: that is linked here too). The shared
library's file is libtracegate.so.ABI.MINOR.PATCH and its soname
libtracegate.so.ABI (docs/library.md, "Versions"). Failure: an internal symbol
exported by either, an API function missing, a clash, or another name."""
# build.sh test runs this against the checker-only build too
import os
import re
import subprocess
import tempfile

from taplib import ROOT, Tap, build_cc

t = Tap()
build = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
lib = os.path.join(build, "libtracegate.so")
headers = {}
for name in ("tracegate.h", "tracegate_corpus.h"):
    with open(os.path.join(ROOT, "include", name)) as f:
        headers[name] = f.read()
header = headers["tracegate.h"]
per_header = {name: set(re.findall(r"^TG_API [^(;]*?\b(tg_\w+)\(", text, re.M))
              for name, text in headers.items()}
declared = per_header["tracegate.h"] | per_header["tracegate_corpus.h"]
documented = set()
for text in headers.values():
    for head in re.findall(r"^/\*! ([^:]*):", text, re.M):
        documented |= set(re.findall(r"\b(tg_\w+)\(\)", head))
abi = re.search(r"^#define TG_ABI\s+(\d+)", header, re.M).group(1)
major, minor, patch = (
    re.search(r"^#define TG_VERSION_%s\s+(\d+)" % k, header, re.M).group(1)
    for k in ("MAJOR", "MINOR", "PATCH"))
if not os.path.exists(lib):
    t.skip("exported symbols", "no %s" % lib)
    t.done()
out = subprocess.run(["nm", "-D", "--defined-only", lib],
                     stdout=subprocess.PIPE, check=True).stdout.decode()
exported = {line.split()[-1] for line in out.splitlines() if line.strip()}
t.ok(len(declared) > 30, "the headers declare %d TG_API functions"
     % len(declared))
t.eq(sorted(per_header["tracegate.h"] & per_header["tracegate_corpus.h"]),
     [], "no function is declared in both headers")
t.eq(sorted(declared - documented), [], "every API function is documented")
t.ok(not re.search(r"\btg_validator|TG_NLIMITS|TG_USAGE|tg_utf8_length",
                   header + headers["tracegate_corpus.h"]),
     "the old surface is gone: no validator, TG_NLIMITS, TG_USAGE, "
     "tg_utf8_length")
t.eq(sorted(exported - declared), [], "nothing but the API is exported")
t.eq(sorted(declared - exported), [], "every API function is exported")
out = subprocess.run(["objdump", "-p", lib], stdout=subprocess.PIPE,
                     check=True).stdout.decode()
t.eq(re.search(r"SONAME\s+(\S+)", out).group(1), "libtracegate.so." + abi,
     "the soname is libtracegate.so.%s (TG_ABI)" % abi)
real = "libtracegate.so.%s.%s.%s" % (abi, minor, patch)
t.eq(os.path.basename(os.path.realpath(lib)), real,
     "the file is %s: its name starts with its soname" % real)

archive = os.path.join(build, "libtracegate.a")
out = subprocess.run(["nm", "-g", "--defined-only", archive],
                     stdout=subprocess.PIPE, check=True).stdout.decode()
defined = {line.split()[-1] for line in out.splitlines()
           if len(line.split()) == 3}
t.eq(sorted(defined - declared), [], "the archive defines no other global")
t.eq(sorted(declared - defined), [], "the archive defines every API function")

# an embedder's program with functions named as the library's internal
# ones, linked against the archive: no clash, and the API works
with tempfile.TemporaryDirectory() as tmp:
    internal = subprocess.run(
        ["nm", "--defined-only", archive], stdout=subprocess.PIPE,
        check=True).stdout.decode()
    locals_ = sorted({line.split()[-1] for line in internal.splitlines()
                      if len(line.split()) == 3 and line.split()[1] == "t"
                      and re.match(r"^(tg[A-Z][a-z0-9]*_|nt_|mu_|af_|tl_)\w+$",
                                   line.split()[-1])})
    t.ok(len(locals_) > 100, "the archive holds %d internal functions, "
         "all local" % len(locals_))
    clash = locals_[:40]
    src = os.path.join(tmp, "embedder.c")
    with open(src, "w") as f:
        f.write('#include <stdio.h>\n#include "tracegate.h"\n')
        for name in clash:
            f.write("int %s(void);\nint %s(void) { return 7; }\n"
                    % (name, name))
        f.write("int main(void)\n{\n    int sum = 0;\n")
        for name in clash:
            f.write("    sum += %s();\n" % name)
        f.write('    printf("%d %s\\n", sum, tg_version());\n'
                "    return tg_format_count() == 4 ? 0 : 1;\n}\n")
    exe = os.path.join(tmp, "embedder")
    r = subprocess.run(
        build_cc(build) + ["-o", exe, src, "-I",
         os.path.join(ROOT, "include"), archive,
         "-lpcre2-8", "-lpthread"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    t.eq(r.stdout.decode()[-2000:], "", "a program that defines %d of "
         "the archive's internal names links against it" % len(clash))
    r = subprocess.run([exe], stdout=subprocess.PIPE) if os.path.exists(
        exe) else None
    t.eq(r.stdout.decode() if r else None, "%d %s.%s.%s\n"
         % (7 * len(clash), major, minor, patch), "and runs, its own and the API")
t.done()
