"""taplib - TAP output and tracegate helpers for the script tests.

Each check prints one TAP line; done() prints the plan and exits non-zero
when any check failed, so prove reports it.
"""
import glob
import json
import os
import subprocess
import sys

TRACEGATE = os.environ.get("TRACEGATE") or os.path.join(
    os.path.dirname(__file__), "..", "build", "tracegate")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SHARED = os.environ.get("TG_SHARED") or os.path.join(ROOT, "..", "shared")


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, name, detail=None):
        self.n += 1
        print(("ok %d - %s" if cond else "not ok %d - %s") % (self.n, name))
        if not cond:
            self.failed += 1
            if detail is not None:
                for line in str(detail).splitlines()[:40]:
                    print("#   " + line)
        sys.stdout.flush()
        return cond

    def eq(self, got, want, name):
        return self.ok(got == want, name, "got:  %r\nwant: %r" % (got, want))

    def skip(self, name, why):
        self.n += 1
        print("ok %d - %s # SKIP %s" % (self.n, name, why))

    def done(self):
        print("1..%d" % self.n)
        sys.exit(1 if self.failed else 0)


def run(*args, stdin=None, input_bytes=None):
    """Run tracegate; return (exit code, stdout text, stderr text)."""
    p = subprocess.run([TRACEGATE] + [str(a) for a in args], stdin=stdin,
                       input=input_bytes, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def build_cc(build):
    """The compiler command of the CMake build folder `build`, with its
    sanitizers: what a program linked against that build's libraries
    must be compiled with."""
    cache = {}
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            name, _, value = line.rstrip("\n").partition("=")
            cache[name.split(":")[0]] = value
    cc = [cache.get("CMAKE_C_COMPILER") or "cc"]
    if cache.get("TG_SANITIZER"):
        cc.append("-fsanitize=" + cache["TG_SANITIZER"])
    return cc


def junit_schema_errors(xml_text):
    """JUnit XML checked by xmllint (Debian's libxml2-utils) against both
    consumers' schemas in tests/schemas/: Ant's strict one and Jenkins'.
    Returns {schema: errors} for those it fails, {} when both pass."""
    bad = {}
    for name in ("junit-ant.xsd", "junit-jenkins.xsd"):
        p = subprocess.run(["xmllint", "--noout", "--schema",
                            os.path.join(ROOT, "tests", "schemas", name), "-"],
                           input=xml_text.encode(), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        if p.returncode != 0:
            bad[name] = p.stdout.decode("utf-8", "replace")
    return bad


class Scratch:
    """A temporary folder to write test inputs into, removed when the test
    ends: a test run leaves nothing behind."""

    def __init__(self, prefix):
        import atexit
        import shutil
        import tempfile
        self.dir = tempfile.mkdtemp(prefix=prefix)
        atexit.register(shutil.rmtree, self.dir, True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)


# dumpalloc written by hand, independent of tracegate's generator.
def da_rec(fourcc, payload):
    """A dumpalloc record: FOURCC, u32 Length, payload."""
    import struct
    return fourcc + struct.pack("<I", len(payload)) + payload


def da_str(text):
    """A dumpalloc string: u32 byte count, bytes."""
    import struct
    return struct.pack("<I", len(text)) + text


def da_example():
    """A 151-byte file built by hand from the seed's tables."""
    import struct
    return (da_rec(b"PROC", struct.pack("<I", 1234) + da_str(b"app")) +
            da_rec(b"OBJE", da_str(b"libc.so.6")) +
            da_rec(b"ALOC", struct.pack("<QqI", 0x1000, 1, 500)) +
            da_rec(b"FRAM", b"NTVE" + struct.pack("<Q", 0x400000)) +
            da_rec(b"FRAM", b"PCAL" + da_str(b"main") + da_str(b"main.py") +
                   struct.pack("<I", 10)) +
            da_rec(b"FRAM", b"TERM") +
            da_rec(b"DALC", struct.pack("<Q", 0x1000)))


class TextCases:
    """Hand-built cases of a text format: each text is checked as the
    format, and its first finding compared with the rule, byte offset and
    (when given) line and column the case computed from how the text was
    built, and the exit code."""

    def __init__(self, tap, fmt, suffix):
        self.t = tap
        self.fmt = fmt
        self.suffix = suffix
        self.scratch = Scratch("tg-%s-" % fmt)

    def write(self, text):
        data = text.encode("utf-8", "surrogateescape") if isinstance(
            text, str) else text
        return self.scratch.write("case" + self.suffix, data)

    def findings(self, text, *opts):
        code, out, err = run("check", "--report", "json", "--format",
                             self.fmt, *opts, self.write(text))
        return code, json.loads(out)["files"][0]["findings"]

    def clean(self, name, text, *opts):
        """text has no finding at all, not even a note (exit 0)"""
        got, found = self.findings(text, "--fail-on", "info", *opts)
        self.t.eq((got, [d["rule"] for d in found]), (0, []), name)

    def case(self, name, text, rule, offset, code, *opts, line=None,
             column=None):
        got, found = self.findings(text, *opts)
        first = [(d["rule"], d["offset"]) for d in found[:1]]
        want = [(rule, offset)]
        if line is not None:
            first = [(d["rule"], d["offset"], d["line"], d["column"])
                     for d in found[:1]]
            want = [(rule, offset, line, column)]
        self.t.eq((got, first), (code, want),
                  "%s: %s at %d, exit %d" % (name, rule, offset, code))


def at(text, needle, nth=0):
    """the byte offset of the nth needle in text (UTF-8)"""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    return len(text[:i].encode("utf-8", "surrogateescape"))


def corpus_files(variants="*"):
    """the committed corpus: every valid trace, and the mutants (invalid/
    and warn/) whose file names match variants ("0000*": the first of
    each rule)"""
    import glob
    top = os.path.join(ROOT, "corpus", "*")
    return sorted(glob.glob(os.path.join(top, "valid", "*")) +
                  glob.glob(os.path.join(top, "invalid", "*", variants)) +
                  glob.glob(os.path.join(top, "warn", "*", variants)))


def not_a_trace(scratch):
    """a file of no known format in the scratch folder, and its path"""
    return scratch.write("notes.txt", b"not a trace\n")
