#!/usr/bin/python3
"""fast-paths.t - the same report whichever path reads an input.

The common records of every format are read by a fast path that never
reports: it takes a TraceLog line, a NetTrace event row or v4/v5 block
object, a dumpalloc record or an AFPerf record's fields only if the path
that reports would find nothing wrong with them, and hands anything else
to that path (lib/tracelog/check/fast.h, lib/nettrace/check/events.c and
frame_v45.c, lib/dumpalloc/check/check.c, lib/afperf/check/fast.c).  The
text formats' structural index is built by the kernel of the process's
vector path (lib/core/simd.h): AVX2, SSE2 or plain C.  Which path reads a
record must not change a report, so every input is checked by the CLI on
its best path and compared with:
  - tests/tracegate-slowpath, the CLI with every fast path compiled out
    (TG_FAST_PATHS_OFF);
  - tests/tracegate-portable, the CLI in plain C alone, as a machine
    without x86-64's vector instructions builds it (TG_SCAN16_PORTABLE);
  - the CLI on each path below its best (TRACEGATE_SIMD), which its
    --version must name.
Each under every profile of its format, as JSON with every finding shown
and with the default repeat cap (which decides when a NetTrace block's
rows are skipped), and the reports compared whole; NetTrace also with the
payload rules off, where payloads are not decoded.

Inputs: the bundled corpus, the mutants of every rule for four seeds,
typical and hostile traces, and edits that stop the fast path in the
middle of records: TraceLog writer dialects (lowercase and short
hexadecimal digits among them, and GC reasons and generations); NetTrace
and dumpalloc traces with a byte changed or a bit flipped, NetTrace rows
with 9- and 10-byte thread ids, good and bad, dumpalloc traces with long
runs of records of unknown types, AFPerf traces with bytes put in,
changed or taken out, so that good rows and records come before and after
a bad one, and AFPerf records whose lengths and quoted parts straddle the
64 and 128 bytes the fast path cuts from one or two words of the index.
Failure: any report that differs, a path that --version does not name,
or inputs with too few findings to compare."""
import glob
import json
import os
import random
import re
import subprocess

import nt45
from diffcheck import mutated
from taplib import ROOT, TRACEGATE, Scratch, Tap

BUILD = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
SLOW = os.path.join(BUILD, "tests", "tracegate-slowpath")
PORTABLE = os.path.join(BUILD, "tests", "tracegate-portable")
PATHS = ("scalar", "sse2", "avx2")

t = Tap()
tmp = Scratch("tg-fastpaths-").dir


def write(name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def gen_bytes(fmt, *args):
    p = subprocess.run([TRACEGATE, "gen", fmt, *args, "--out", "-"],
                       stdout=subprocess.PIPE, check=True)
    return p.stdout


def mutants(fmt):
    files = sorted(glob.glob(os.path.join(ROOT, "corpus", fmt, "*", "*.bin")) +
                   glob.glob(os.path.join(ROOT, "corpus", fmt, "*", "*", "*.bin")))
    for seed in (1, 2, 3, 4):
        out = os.path.join(tmp, "%s-m%d" % (fmt, seed))
        subprocess.run([TRACEGATE, "mutate", fmt, "--seed", str(seed),
                        "--out", out], check=True, stdout=subprocess.DEVNULL)
        files += sorted(f for f in glob.glob(os.path.join(out, "**", "*"),
                                             recursive=True)
                        if os.path.isfile(f) and
                        not f.endswith((".jsonl", ".md")))
    return files


def tracelog_inputs():
    files = mutants("tracelog")
    for seed in (5, 6):
        files.append(write("typical%d.tracelog" % seed, gen_bytes(
            "tracelog", "--typical", "--seed", str(seed), "--size",
            "100000")))
    valid = gen_bytes("tracelog", "--seed", "3", "--size",
                      "300000").decode()
    # edits that the fast path gives up on, each in some lines only; the
    # last gives a stack sample a thread and a function defined nowhere
    # (new ones in each line), whose first uses the end of the file
    # reports in the order the other path keeps them
    edits = [[("0x0000000", "0x000000")], [(":0x00007F", ":00007F")],
             [(" 0x00000001 ", " 0x00000001  ")], [(" 1 ", " -1 ")],
             [("tfff", "tff")], [(":0x00", ":?")],
             [(" 2:", " 2147483648:")],
             [("sam str 0x00000000", "sam str 0x0001%04X"),
              (" 0x00000001:", " 0x0002%04X:")],
             [("0x00007F", "0x00007f")], [("0x00000001", "0x0000000a")],
             [(" 0x00000001 ", " 0x00000001c ")],
             [("0x00000001", "0x1")], [("0x00007F", "0x7F")],
             # a GC's reason and generations, near the forms the fast
             # path takes (induced or ?, four of t and f)
             [("induced", "Induced")], [("induced ", "induce ")],
             [(" ? t", " ?? t"), (" ? f", " ?! f")],
             [("tfff", "tfTf"), ("tttt", "tttt0")], [("tttt", "ttt")]]

    def edit(line, pairs, i):
        for a, b in pairs:
            line = line.replace(a, b.replace("%04X", "%04X" % i))
        return line

    for n, pairs in enumerate(edits):
        lines = valid.split("\n")
        text = "\n".join(edit(l, pairs, i) if i % 3 == n % 3 else l
                         for i, l in enumerate(lines))
        files.append(write("edit%d.tracelog" % n, text.encode()))
    # times in ms, which the fast path values a word at a time when eight
    # bytes of the line follow, in every other line that has one: 7, 8, 19
    # and 20 digits, leading zeros, a letter, a colon or a byte above 0x7F
    # among the digits, none, and a doubled space after them
    ms = re.compile(r"^((?:sam str|sam mem|thr cpu) 0x[0-9A-F]{8} )(\d+)",
                    re.M)
    forms = ["1234567", "12345678", "1844674407370955161",
             "18446744073709551616", "0000000%s", "%s0", "4x%s", "43:%s",
             "4\u00e9%s", "", "0", "%s "]
    for n, form in enumerate(forms):
        seen = [0]

        def sub(m):
            seen[0] += 1
            if seen[0] % 2:
                return m.group(0)
            return m.group(1) + (form % m.group(2) if "%s" in form else form)
        files.append(write("ms%d.tracelog" % n, ms.sub(sub, valid).encode()))
    files.append(write("near.tracelog", near_edges(valid)))
    return files


def near_edges(valid):
    """The fast path tests a frame's function id against the defined
    range last found by the order of its 8 digits, not by its value:
    functions 0xFFFFFFFE, 0xFFFFFFFF and 0x100000000 defined (one range
    past what 8 digits name), then stack samples whose frames, printed
    and bare, name ids at either end of it, just below it, among the
    trace's own, and ids whose digits are letters of either case, next
    to 9 and to A."""
    lines = valid.split("\n")
    at = next(i for i, line in enumerate(lines)
              if line.startswith("sam str ") and line.count(" ") > 5)
    fun = next(line for line in lines if line.startswith("fun inf "))
    rest = fun.split(" ", 3)[3]
    head = " ".join(lines[at].split(" ")[:6])
    ip = ":0x00007F3203DF0EC0"
    frames = [["0xFFFFFFFF", "0xFFFFFFFD", "0xFFFFFFFE", "0x00000001"],
              ["0x00000009", "0x0000000A", "0x0000000a", "0x0000000f"],
              ["0xFFFFFFFF", "0xfffffffe", "0x00000000", "0xFFFFFFFF"]]
    made = ["fun inf %s %s" % (i, rest)
            for i in ("0xFFFFFFFE", "0xFFFFFFFF", "0x100000000")]
    for f in frames:
        made.append(" ".join([head] + [x + ip for x in f]))
        made.append(" ".join([head] + f))
    return "\n".join(lines[:at + 1] + made + lines[at + 1:]).encode()


def binary_inputs(fmt, profiles):
    """Mutants, typical and hostile traces, and valid traces with a byte
    changed or a bit of it flipped past the start: mostly inside the
    records and rows the fast path takes, so that fast ones come before
    and after the one that goes the general way."""
    files = mutants(fmt)
    rng = random.Random(fmt)
    for profile in profiles:
        for style in ("--typical", "--hostile"):
            files.append(write("%s-%s%s" % (fmt, profile, style),
                               gen_bytes(fmt, "--profile", profile, style,
                                         "--seed", "5", "--size", "60000")))
        valid = gen_bytes(fmt, "--profile", profile, "--seed", "3",
                          "--size", "40000")
        for n in range(60):
            data = bytearray(valid)
            for _ in range(1 + n % 3):
                i = rng.randrange(200, len(data) - 1)
                if n % 2:
                    data[i] ^= 1 << rng.randrange(8)
                else:
                    data[i] = rng.choice((0, 1, 0x7F, 0x80, 0xFF,
                                          rng.randrange(256)))
            files.append(write("%s-%s-edit%02d" % (fmt, profile, n),
                               bytes(data)))
    return files


def block_header_inputs():
    """A v4/v5 trace built byte by byte (tests/nt45.py) whose blocks the
    fast path frames (frame_v45.c's fast_block(), which compares an
    object header with its kind's bytes at once), and copies of it with
    one byte of a StackBlock's, an EventBlock's or an SPBlock's framing
    changed: each byte of the object header (tags, versions, the name's
    length and the name, the 06 after it), of BlockSize and of the
    padding, to two other values.  The blocks before and after it are
    framed the fast way."""
    thread = 7
    rows = b"".join(nt45.row(0x01 | 0x02 | 0x04 | 0x40 | 0x80, meta=1,
                             seq=0, capture=thread, proc=0, thread=thread,
                             ts=10, payload=b"\1\2\3\4") for _ in range(3))
    f = nt45.File()
    f.add("MetadataBlock", nt45.block_content(
        nt45.row(0xC0, ts=100, payload=nt45.metadata(
            1, fields=nt45.v1((9, "A")))), 100, 100))
    f.add("StackBlock", nt45.stacks(1, 0, 8))
    f.add("EventBlock", nt45.block_content(rows, 10, 30))
    f.add("SPBlock", nt45.sp(200, (thread, 3)))
    f.add("StackBlock", nt45.stacks(1, 0))
    f.add("SPBlock", nt45.sp(300, (thread, 3)))
    base = f.build()
    files = [write("nettrace-frames", base)]
    for obj in (2, 3, 4):
        for at in range(f.at[obj], f.content[obj]):
            for value in (base[at] ^ 1, 0xFF if base[at] == 0 else 0):
                data = bytearray(base)
                data[at] = value
                files.append(write("nettrace-frame-%d-%02x" % (at, value),
                                   bytes(data)))
    return files


def long_varuint_inputs():
    """v4/v5 traces built byte by byte (tests/nt45.py) whose event rows
    name capture thread and thread ids of 9 and 10 bytes: the most a
    varuint64 takes, read by the fast path past its eight-byte word.  The
    ids are minimal ones (9 bytes, 10 ending 01), and ones the general
    path must report: a last byte of 00 (redundant), a tenth byte over 01
    (past 64 bits), an eleventh byte.  Six rows name the same thread: the
    first makes it known (the general path), the rest are the fast
    path's, or go the general way where the id is bad."""
    flags = 0x01 | 0x02 | 0x04 | 0x40 | 0x80
    ids = [nt45.var(2**56 + 5), nt45.var(2**63 - 1), nt45.var(2**63 + 5),
           nt45.var(2**64 - 1), b"\x85" + b"\x80" * 7 + b"\x00",
           b"\x85" + b"\x80" * 8 + b"\x00", b"\x85" + b"\x80" * 8 + b"\x02",
           b"\xff" * 9 + b"\x7f", b"\xff" * 9 + b"\x81\x00"]
    files = []
    for n, big in enumerate(ids):
        rows = b""
        for i in range(6):
            rows += (bytes([flags]) + nt45.var(1) + nt45.var(0) + big +
                     nt45.var(0) + big + nt45.var(10) + nt45.var(4) +
                     b"\1\2\3\4")
        f = nt45.File()
        f.add("MetadataBlock", nt45.block_content(
            nt45.row(0xC0, ts=100, payload=nt45.metadata(
                1, fields=nt45.v1((9, "A")))), 100, 100))
        f.add("EventBlock", nt45.block_content(rows, 10, 60))
        f.add("SPBlock", nt45.sp(200))
        files.append(write("nettrace-long-id%d" % n, f.build()))
    return files


def dumpalloc_inputs(profiles):
    """binary_inputs(), and valid traces followed by runs of records of
    unknown types, more than the default repeat cap holds: zero-filled
    (what a crashed writer leaves), printable, with a payload, and
    between them a record of a known type and a frame list they
    interrupt, so the fast path counts a run that the other path
    reports, then hands a record back."""
    files = binary_inputs("dumpalloc", profiles)
    valid = gen_bytes("dumpalloc", "--seed", "3", "--size", "20000")
    zero = bytes(8)
    xyzw = b"XYZW" + bytes(4)
    payload = b"\x01\x02\x03\x04" + (5).to_bytes(4, "little") + b"abcde"
    frame = b"FRAM" + (4).to_bytes(4, "little") + b"TERM"
    tails = [zero * 400, xyzw * 300 + zero * 300,
             (zero * 150 + payload * 150) * 2,
             zero * 200 + frame + zero * 200,
             zero * 200 + valid[:8] + zero * 200 + payload * 200]
    for n, tail in enumerate(tails):
        files.append(write("dumpalloc-unknown%d" % n, valid + tail))
    return files


def afperf_inputs():
    """Mutants, typical and hostile traces, and valid traces with a byte
    put in, changed or taken out here and there: quotes, commas, line
    ends, signs, digits, letters, 0x, high bytes, so that records the fast
    path takes come before and after each one that goes the general
    way."""
    files = mutants("afperf")
    rng = random.Random("afperf")
    alphabet = [b'"', b",", b"\n", b"\r", b"\r\n", b"#", b"x", b"0x", b"-",
                b" ", b"0", b"9", b"\xc3\xa9", b"\xff", b"=", b";", b"A",
                b'""', b"e", b"."]
    for profile in ("default", "artificer-compat"):
        for style in ("--typical", "--hostile"):
            files.append(write("afperf-%s%s" % (profile, style),
                               gen_bytes("afperf", "--profile", profile,
                                         style, "--seed", "5", "--size",
                                         "60000")))
    valid = gen_bytes("afperf", "--seed", "3", "--size", "40000")
    for n in range(120):  # the header's 16 bytes stay
        files.append(write("afperf-edit%03d" % n,
                           mutated(valid, rng, alphabet, False, 1 + n % 4,
                                   16)))
    return files


def afperf_word_edges():
    """Records of 56 to 72 and 120 to 136 bytes, after a RegionPoint of a
    valid trace: the fast path cuts one under 64 bytes from one word of
    the index, one under 128 from two, a longer one by walking the words.
    Their quoted values (commas and doubled quotes inside) open and close
    on either side of bytes 64 and 128; some have no quote at all."""
    lines = gen_bytes("afperf", "--seed", "3", "--size", "40000").split(b"\n")
    at = next(i for i, line in enumerate(lines)
              if line.startswith(b"RegionPoint,"))
    head = b",".join(lines[at].split(b",")[:3])  # type, timestamp, region

    def record(length, opening, closing):
        """head, then pairs: the quoted value, from byte opening to byte
        closing, and the last one of measurement type 0 (int64, so that
        each is a finding that says where it starts and what it holds),
        the others of type 4 (a string); None if none fits."""
        if opening is None:
            return head + b",4," + b"a" * (length - len(head) - 3)
        pad = opening - len(head) - 6
        inner = (b'x,""' * 40)[:closing - opening - 1]
        if (len(inner) - len(inner.rstrip(b'"'))) % 2:
            inner = inner[:-1] + b"y"  # no lone quote before the closing
        rest = length - closing - 1
        if pad < 1 or not (rest == 0 or rest >= 4):
            return None
        tail = b",0," + b"z" * (rest - 3) if rest else b""
        return (head + b",4," + b"a" * pad + b",0,\"" + inner + b"\"" +
                tail)

    made = []
    for length in list(range(56, 73)) + list(range(120, 137)):
        made.append(record(length, None, None))
        for opening in (len(head) + 7, 40, 60, 62, 63, 64, 65, 66, 100, 124,
                        126, 127, 128):
            for closing in (opening + 1, 62, 63, 64, 65, 126, 127, 128,
                            (opening + length) // 2, length - 1):
                if opening < closing < length:
                    made.append(record(length, opening, closing))
    made = [m for m in made if m is not None]
    assert all(len(m) in range(56, 137) for m in made)
    return [write("afperf-words",
                  b"\n".join(lines[:at + 1] + made + lines[at + 1:]))]


def simd(env):
    """The vector path --version names."""
    out = subprocess.run([TRACEGATE, "--version"], env=env,
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    return re.search(r"^simd: (\w+)$", out, re.M).group(1)


BEST = simd(os.environ)
# (what it is, binary, environment) of each way compared with the CLI's
OTHERS = [("the general path", SLOW, None),
          ("plain C alone", PORTABLE, None)]
for path in PATHS[:PATHS.index(BEST)]:
    env = dict(os.environ, TRACEGATE_SIMD=path)
    t.eq(simd(env), path, "TRACEGATE_SIMD=%s: --version names it" % path)
    OTHERS.append(("the %s path" % path, TRACEGATE, env))
if BEST != PATHS[-1]:
    t.skip("the %s path" % PATHS[-1], "this processor has no %s: the paths "
           "up to %s are compared" % (PATHS[-1], BEST))


def reports(binary, fmt, profile, files, cap, env=None):
    p = subprocess.run([binary, "check", "--format", fmt, "--profile",
                        profile, "--report", "json"] + cap + files,
                       stdout=subprocess.PIPE, env=env)
    return [json.dumps(f, sort_keys=True)
            for f in json.loads(p.stdout)["files"]]


def compare(fmt, profiles, files,
            options=(["--max-repeats", "0"], [])):
    for profile in profiles:
        for cap in options:
            how = "%s %s %s" % (fmt, profile, " ".join(cap) or "default cap")
            best = reports(TRACEGATE, fmt, profile, files, cap)
            t.eq(len(best), len(files), "%s: every input has a report" % how)
            found = sum(len(json.loads(r)["findings"]) for r in best)
            for what, binary, env in OTHERS:
                other = reports(binary, fmt, profile, files, cap, env)
                differ = [files[i] for i in range(len(files))
                          if i >= len(other) or best[i] != other[i]]
                t.eq(differ, [], "%s: the same report on %s as on the %s "
                     "path with every fast path (%d inputs, %d findings)" %
                     (how, what, BEST, len(files), found))
            if cap:  # every finding shown: more than one an input
                t.ok(found > len(files), "%s %s: the inputs have findings "
                     "to compare" % (fmt, profile))


for binary in (SLOW, PORTABLE):
    t.ok(os.access(binary, os.X_OK), "the build is there: " + binary)
tracelog = tracelog_inputs()
compare("tracelog", ("default", "vstools-compat", "strict-canonical"),
        tracelog)
canonical = sum(d["rule"] == "TL-HEX-003"
                for r in reports(TRACEGATE, "tracelog", "strict-canonical",
                                 tracelog, ["--max-repeats", "0"])
                for d in json.loads(r)["findings"])
t.ok(canonical > 100, "strict-canonical: %d TL-HEX-003 findings among them"
     % canonical)
nettrace = ("default", "nettrace-v6-draft", "traceevent-compat",
            "nettrace-v6")
nettrace_files = (binary_inputs("nettrace", ("default", "nettrace-v6",
                                             "nettrace-v6-draft")) +
                  long_varuint_inputs() + block_header_inputs())
compare("nettrace", nettrace, nettrace_files)
# with the payload rules off, payloads are not decoded: the fast path's
# rows go through a loop of their own
compare("nettrace", nettrace, nettrace_files,
        (["--max-repeats", "0", "--disable", "NT-PAY-002", "--disable",
          "NT-PAY-003"],))
compare("afperf", ("default", "artificer-compat"),
        afperf_inputs() + afperf_word_edges())
dumpalloc = ("default", "draft-reader")
compare("dumpalloc", dumpalloc, dumpalloc_inputs(dumpalloc))
t.done()
