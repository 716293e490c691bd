#!/usr/bin/python3
"""install.t - what cmake --install puts where a user finds it: the
program, the library, its two headers with their SPDX lines, the pkg-config and
CMake package files, the LICENSE, the manual page tracegate(1) and bash
completion. The manual page is rendered by groff with warnings on, and
holds every line of every command's --help; the completion is sourced in
bash and asked for commands, options, formats, profiles and rule ids, as
a user's Tab would. The CLI's own sources are compiled against the
installed header and archive alone (no folder of the library on the
include path) and give the installed program's answers. Failure: a file
missing, a groff warning, a help line not in the page, a completion that
misses or adds words, or a CLI that needs more than the public API."""
import os
import re
import shutil
import subprocess

from taplib import ROOT, Scratch, Tap, TRACEGATE, build_cc, run

t = Tap()
tmp = Scratch("tg-install-").dir
build = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
prefix = os.path.join(tmp, "prefix")
p = subprocess.run(["cmake", "--install", build, "--prefix", prefix],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
t.eq(p.returncode, 0, "cmake --install into a scratch prefix")
want = ["bin/tracegate", "include/tracegate.h", "include/tracegate_corpus.h",
        "lib/pkgconfig/tracegate.pc", "lib/cmake/tracegate/tracegateConfig.cmake",
        "share/doc/tracegate/LICENSE", "share/man/man1/tracegate.1",
        "share/bash-completion/completions/tracegate"]
t.eq([w for w in want if not os.path.exists(os.path.join(prefix, w))], [],
     "installed: program, headers, package files, LICENSE, man page, "
     "completion")


def first_lines(path, n):
    with open(os.path.join(prefix, path)) as f:
        return [f.readline() for _ in range(n)]


t.eq([any("SPDX-License-Identifier: MIT" in l for l in first_lines(w, 2))
      for w in ("include/tracegate.h", "include/tracegate_corpus.h",
                "lib/pkgconfig/tracegate.pc",
                "lib/cmake/tracegate/tracegateConfig.cmake",
                "share/bash-completion/completions/tracegate")],
     [True] * 5, "the SPDX identifier heads the installed text files")
with open(os.path.join(prefix, "share/doc/tracegate/LICENSE")) as f:
    t.eq(f.readline(), "MIT License\n", "the LICENSE is MIT's")

# the manual page
page = os.path.join(prefix, "share/man/man1/tracegate.1")
if shutil.which("groff") is None:
    t.skip("groff renders tracegate(1)", "groff is not installed")
else:
    p = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", page],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t.eq((p.returncode, p.stderr), (0, b""),
         "groff renders tracegate(1) without a warning")
with open(page) as f:
    roff = f.read()
roff = "".join(l for l in roff.splitlines(True)
               if not l.startswith('.\\"'))  # comments
text = re.sub(r"\\(.)", lambda m: {"-": "-", "e": "\\", "&": ""}[m.group(1)],
              roff)
missing = []
for cmd in ("check", "show", "gen", "mutate", "rules", "explain", "oracle",
            "help"):
    help_text = run(cmd, "--help")[1]
    if cmd == "check":  # the page has one section of exit codes, at its end
        help_text = help_text[:help_text.index("\nExit codes:")]
    missing += [(cmd, l) for l in help_text.splitlines() if l not in text]
t.eq(missing, [], "every line of every command's --help is in the page")

# bash completion, as Tab asks it
comp = os.path.join(prefix, "share/bash-completion/completions/tracegate")
env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(TRACEGATE)) +
           ":" + os.environ["PATH"])


def complete(line):
    words = line.split(" ")
    script = ('source "$1"; COMP_WORDS=(%s); COMP_CWORD=%d; _tracegate; '
              'printf "%%s\\n" "${COMPREPLY[@]}"' %
              (" ".join("'%s'" % w for w in words), len(words) - 1))
    p = subprocess.run(["bash", "-c", script, "bash", comp], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return sorted(w for w in p.stdout.decode().split("\n") if w)


t.eq(complete("tracegate "), ["--help", "--version", "check", "events",
                              "explain", "gen", "help", "mutate", "oracle",
                              "rules", "show"],
     "completion: the commands")
t.eq(complete("tracegate check --max-"),
     ["--max-block", "--max-depth", "--max-live", "--max-names",
      "--max-payload-steps", "--max-repeats"],
     "completion: check's options")
t.eq(complete("tracegate check --format "),
     ["afperf", "auto", "dumpalloc", "nettrace", "tracelog"],
     "completion: the formats")
t.ok("nettrace-v6" in complete("tracegate check --profile ") and
     "vstools-compat" in complete("tracegate check --profile "),
     "completion: the profiles", complete("tracegate check --profile "))
t.eq(complete("tracegate explain AF-HDR-00"),
     ["AF-HDR-001", "AF-HDR-002", "AF-HDR-003", "AF-HDR-004", "AF-HDR-005"],
     "completion: rule ids")
t.eq(complete("tracegate check --report "),
     ["html", "json", "junit", "sarif", "tap", "text"], "completion: report forms")

# the CLI is a user of the public API: its sources build on the installed
# header and the installed archive (which exports the API alone)
# (its internal libraries too: view/ and the folders below cli/, each
# folder its own headers; cli/oracle/afl/ is AFL++'s mutator module, not
# the CLI)
folders = ["cli", "view"]
sources = sorted(os.path.join(d, f) for top in folders
                 for d, _, files in os.walk(os.path.join(ROOT, top))
                 for f in files if f.endswith(".c") and
                 os.path.basename(d) != "afl")
includes = sorted(set("-I" + os.path.dirname(f) for f in sources))
pcre2 = subprocess.run(["pkg-config", "--cflags", "libpcre2-8"],
                       stdout=subprocess.PIPE).stdout.decode().split()
exe = os.path.join(tmp, "tracegate-from-api")
p = subprocess.run(build_cc(build) +
                   ["-std=gnu11", "-O1", "-Wall", "-Werror", "-o", exe]
                   + sources + includes + pcre2 +
                   ["-I", os.path.join(prefix, "include"),
                                os.path.join(prefix, "lib", "libtracegate.a"),
                                "-ljansson", "-lpcre2-8", "-lpthread"],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
t.eq(p.stdout.decode()[-3000:], "", "the CLI's %d sources compile and link "
     "against the installed tracegate.h and libtracegate.a alone"
     % len(sources))
for args in (["--version"], ["rules", "dumpalloc"],
             ["check", "--report", "json", os.path.join(
                 ROOT, "corpus", "dumpalloc", "invalid", "DA-REC-002",
                 "0000.dumpalloc.bin")]):
    def answer(program):
        if not os.path.exists(program):
            return None
        r = subprocess.run([program] + args, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        return r.returncode, r.stdout, r.stderr
    t.eq(answer(exe), answer(os.path.join(prefix, "bin", "tracegate")),
         "it answers `%s` as the installed program does" % " ".join(args[:2]))
t.done()
