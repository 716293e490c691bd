#!/usr/bin/python3
"""cli.t - the command line: exit codes, options, detection, stdin, -o,
the repeat cap, limits, gen determinism and explain. Traces here are built
byte by byte (not by tracegate gen) so the checker is judged against an
independent writer. Failure: any exit code, count or text that differs."""
import json
import os
import pty
import re
import struct
import subprocess
import time

from taplib import ROOT, Scratch, TRACEGATE, Tap, da_example, da_rec as rec, da_str as s, run

t = Tap()
scratch = Scratch("tg-cli-")
write = scratch.write
tmp = scratch.dir


def findings(path, *opts):
    code, out, err = run("check", "--report", "json", *opts, path)
    return code, json.loads(out)["files"][0]


# The worked example of the format notes (2.4): 151 valid bytes.
example = da_example()
t.eq(len(example), 151, "worked example is 151 bytes")
good = write("example.dumpalloc", example)
code, f = findings(good)
t.eq((code, f["findings"], f["verdict"]), (0, [], "conformant"),
     "worked example: conformant, no finding")

# Exit 1, with offset and path: nanoseconds 10^9 in the ALOC at 0x28.
bad = bytearray(example)
struct.pack_into("<I", bad, 0x28 + 8 + 16, 1000000000)
code, f = findings(write("nsec.dumpalloc", bytes(bad)))
t.eq(code, 1, "nanoseconds 1e9: exit 1")
t.eq([(d["rule"], d["offset"], d["length"], d["path"]) for d in f["findings"]],
     [("DA-TIME-001", 0x40, 4, "/record[2]{ALOC}/time/nanoseconds")],
     "nanoseconds finding names rule, offset, length and path")
code, out, err = run("check", write("nsec2.dumpalloc", bytes(bad)))
t.ok(re.search(r"nsec2\.dumpalloc:0x40: error\[DA-TIME-001\]: ", out),
     "text report is compiler style: file:0x40: error[DA-TIME-001]:", out)
t.ok("expected < 1000000000, found 1000000000" in out,
     "text report gives expected and found", out)
t.ok('spec: Dumpalloc File Format (github.com/mich181189/dumpalloc, '
     'fileformat.md, branch fix-format-ambiguity), section "Timestamp"' in out,
     "text report names the spec clause", out)

# Exit 7: a frame list cut short; the message says where.
cut = write("cut.dumpalloc", example[:0x58])
code, out, err = run("check", cut)
t.eq(code, 7, "input ending inside a frame list: exit 7 (truncated)")
t.ok("stops early, at byte 88" in out, "truncation says where", out)
code, f = findings(cut)
t.eq([d["rule"] for d in f["findings"]], ["DA-LIST-002"],
     "truncated frame list: DA-LIST-002 only")

# A huge Length in a tiny file: truncation, quickly, no huge allocation.
huge = write("huge.dumpalloc", rec(b"PROC", struct.pack("<I", 1) + s(b"a"))
             + b"OBJE" + struct.pack("<I", 0x7FFFFFF0) + b"0123456789")
code, f = findings(huge)
t.eq((code, [d["rule"] for d in f["findings"]]), (7, ["DA-REC-002"]),
     "Length 0x7FFFFFF0 in a 38-byte file: truncated, DA-REC-002")

# Exit 3, 4, 2.
code, out, err = run("check", os.path.join(tmp, "missing.dumpalloc"))
t.eq(code, 3, "missing file: exit 3")
t.ok("No such file" in out, "missing file: says why", out)
code, out, err = run("check", write("text.txt", b"hello, world\n"))
t.eq(code, 4, "unrecognised content: exit 4")
t.eq(out, os.path.join(tmp, "text.txt") + ": unsupported (exit 4): unknown "
     "format: the content alone cannot decide it (it starts 68 65 6c 6c 6f 2c "
     "20 77 ...); name the format to check it as (--format)\n",
     "unknown format: says it is no format, why (first bytes), and --format")
code, out, err = run("check", "-", input_bytes=b"")
t.eq(out, "-: unsupported (exit 4): unknown format: the content alone cannot "
     "decide it (it is empty); name the format to check it as (--format)\n",
     "empty standard input: the same, with what there is to say")
code, out, err = run("check", write("text.dalloc", b"hello, world\n"))
t.eq((code, out), (4, os.path.join(tmp, "text.dalloc") + ": unsupported "
                   "(exit 4): unknown format: the content alone cannot "
                   "decide it (it starts 68 65 6c 6c 6f 2c 20 77 ...); the "
                   "file name suggests dumpalloc, but a name never decides "
                   "the format; name the format to check it as (--format "
                   "dumpalloc)\n"),
     "a name that suggests a format is quoted, and decides nothing")
t.eq(run("check")[0], 2, "no input: exit 2")
t.eq(run("check", "--profile", "nope", good)[0], 2, "unknown profile: exit 2")
t.eq(run("check", "--disable", "XX-NOPE-001", good)[0], 2,
     "unknown rule id: exit 2")
t.eq(run("check", "--report", "yaml", good)[0], 2, "unknown report: exit 2")
t.eq(run("bogus")[0], 2, "unknown command: exit 2")

# --format forces the format; detection says how it decided.
named = write("noext.bin", example)
code, f = findings(named)
t.ok(code == 0 and "content" in f["detected_by"],
     "detected by content without an extension", f["detected_by"])
code, f = findings(write("legacy.bin", b"\0\0\0\0\5\0\0\0" + b"x" * 20),
                   "--format", "dumpalloc")
t.eq((code, f["detected_by"], [d["rule"] for d in f["findings"]]),
     (1, "the --format option", ["DA-REC-007"]),
     "--format dumpalloc on a legacy stream: DA-REC-007")

# --fail-on, --disable, --level on a SHOULD finding (extension bytes).
ext = (rec(b"PROC", struct.pack("<I", 1234) + s(b"app") + b"\1\2") +
       bytes(example[19:]))
extp = write("ext.dumpalloc", ext)
t.eq(findings(extp)[0], 0, "SHOULD finding alone: exit 0")
t.eq(findings(extp, "--fail-on", "should")[0], 1, "--fail-on should: exit 1")
t.eq(findings(extp, "--level", "DA-REC-006=must")[0], 1,
     "--level DA-REC-006=must: exit 1")
code, f = findings(extp, "--disable", "DA-REC-006", "--fail-on", "info")
t.eq((code, f["findings"]), (0, []), "--disable DA-REC-006: no finding")

# Several files: the most severe exit wins (6 > 3 > 5 > 4 > 1 > 7 > 0).
nsec = os.path.join(tmp, "nsec.dumpalloc")
t.eq(run("check", good, cut)[0], 7, "conformant + truncated: 7")
t.eq(run("check", cut, nsec)[0], 1, "truncated + violations: 1")
t.eq(run("check", nsec, os.path.join(tmp, "text.txt"))[0], 4,
     "violations + unknown format: 4")
t.eq(run("check", os.path.join(tmp, "text.txt"), "/nonexistent")[0], 3,
     "unknown format + missing: 3")

# stdin and -o.
with open(good, "rb") as fh:
    code, out, err = run("check", "-", stdin=fh)
t.ok(code == 0 and out.startswith("-: conformant"), "stdin via -", out)
report = os.path.join(tmp, "out.json")
code, out, err = run("check", "--report", "json", "-o", report, nsec)
with open(report) as fh:
    t.eq((code, out, json.load(fh)["exit_code"]), (1, "", 1),
         "-o writes the report to the file only")

# Repeat cap: 150 unknown records -> 100 findings and one summary.
many = write("many.dumpalloc", rec(b"PROC", struct.pack("<I", 1) + s(b"a")) +
             rec(b"XTRA", b"") * 150)
code, f = findings(many)
kinds = [(d["rule"], d["suppressed"]) for d in f["findings"]]
t.eq((len(kinds), kinds[-1], f["suppressed"]),
     (101, ("DA-REC-005", 50), 50),
     "150 repeats: 100 reported, then one summary of 50")
code, f = findings(many, "--max-repeats", "0")
t.eq(len(f["findings"]), 150, "--max-repeats 0: all 150")

# Limits: more live allocations than --max-live -> exit 5 (DA-LIVE-003).
allocs = b"".join(rec(b"ALOC", struct.pack("<QqI", 16 * (i + 1), 1, 0)) +
                  rec(b"FRAM", b"TERM") for i in range(5))
lim = write("live.dumpalloc", rec(b"PROC", struct.pack("<I", 1) + s(b"a")) +
            allocs)
t.eq(findings(lim)[0], 0, "5 live allocations: fine by default")
code, f = findings(lim, "--max-live", "4")
t.eq((code, [d["rule"] for d in f["findings"]]), (5, ["DA-LIVE-003"]),
     "--max-live 4: exit 5, DA-LIVE-003")

# gen: same seed, same bytes; another seed, other bytes; --size.
a = subprocess.run([TRACEGATE, "gen", "dumpalloc", "--seed", "9", "--out",
                    "-"], stdout=subprocess.PIPE).stdout
b = subprocess.run([TRACEGATE, "gen", "dumpalloc", "--seed", "9", "--out",
                    "-"], stdout=subprocess.PIPE).stdout
c = subprocess.run([TRACEGATE, "gen", "dumpalloc", "--seed", "10", "--out",
                    "-"], stdout=subprocess.PIPE).stdout
t.ok(a == b and a != c and len(a) > 100, "gen: same seed same bytes")
big = subprocess.run([TRACEGATE, "gen", "dumpalloc", "--size", "1M", "--out",
                      "-"], stdout=subprocess.PIPE).stdout
t.ok(1 << 20 <= len(big) < (1 << 20) + 4096, "gen --size 1M: just over 1 MiB",
     len(big))
d = os.path.join(tmp, "gen")
t.eq(run("gen", "dumpalloc", "--seed", "3", "--count", "3", "--out", d)[0],
     0, "gen --count 3 --out DIR")
t.eq(sorted(os.listdir(d)),
     ["0000.dumpalloc", "0001.dumpalloc", "0002.dumpalloc"],
     "gen names files NNNN.dumpalloc")

t.eq(run("gen", "dumpalloc", "--seed", "3", "--suffix", ".dumpalloc.bin",
        "--out", d)[0], 0, "gen --suffix")
t.ok(os.path.exists(os.path.join(d, "0000.dumpalloc.bin")),
     "gen --suffix names files NNNN.dumpalloc.bin")
t.eq(run("gen", "dumpalloc", "--suffix", "x/y", "--out", d)[0], 2,
     "gen --suffix without a leading dot: exit 2")

# gen --hostile: another style, the same determinism, in every format;
# mutate refuses the option (its corpus has a hostile file of its own).
h = [subprocess.run([TRACEGATE, "gen", "afperf", "--hostile", "--seed", "9",
                     "--out", "-"], stdout=subprocess.PIPE).stdout
     for _ in range(2)]
plain = subprocess.run([TRACEGATE, "gen", "afperf", "--seed", "9", "--out",
                        "-"], stdout=subprocess.PIPE).stdout
t.ok(h[0] == h[1] and h[0] != plain and b"$TRACEGATE_CANARY" in h[0],
     "gen --hostile: same seed same bytes, not the plain ones")
nt = subprocess.run([TRACEGATE, "gen", "nettrace", "--hostile", "--out",
                     "-"], stdout=subprocess.PIPE).stdout
t.ok("$TRACEGATE_CANARY".encode("utf-16-le") in nt,
     "gen nettrace --hostile: names in UTF-16 hold the hostile strings")
t.eq(run("mutate", "afperf", "--hostile", "--out",
         os.path.join(tmp, "hostile"))[0], 2, "mutate --hostile: exit 2")

# gen --typical: the benchmark's typical input, as deterministic; it is
# valid, and a dumpalloc allocation has a real profiler's 8 to 40 frames
# (plain ones 0 to 6).
def frames_per_alloc(data):
    """FRAM records after each ALOC, TERM included (dumpalloc framing:
    u32 type, u32 length, then the fields)."""
    counts, i = [], 0
    while i + 8 <= len(data):
        kind, n = struct.unpack_from("<II", data, i)
        if kind == 0x434F4C41:  # "ALOC"
            counts.append(0)
        elif kind == 0x4D415246 and counts:  # "FRAM"
            counts[-1] += 1
        i += 8 + n
    return counts
for fmt in ["afperf", "dumpalloc", "nettrace", "tracelog"]:
    ty = [subprocess.run([TRACEGATE, "gen", fmt, "--typical", "--seed", "5",
                          "--size", "64K", "--out", "-"],
                         stdout=subprocess.PIPE).stdout for _ in range(2)]
    pl = subprocess.run([TRACEGATE, "gen", fmt, "--seed", "5", "--size",
                         "64K", "--out", "-"], stdout=subprocess.PIPE).stdout
    chk = subprocess.run([TRACEGATE, "check", "--format", fmt, "-"],
                         input=ty[0], stdout=subprocess.PIPE)
    t.ok(ty[0] == ty[1] and ty[0] != pl and chk.returncode == 0
         and re.fullmatch(r"-: conformant \(exit 0\); %s, profile default, "
                          r"format from the --format option; \d+ bytes; "
                          r"findings: 0 MUST, 0 SHOULD, 0 COMPAT, 0 INFO"
                          r"(; layout [^\n]*)?\n" % fmt, chk.stdout.decode()),
         "gen %s --typical: same seed same bytes, not the plain ones, "
         "conformant" % fmt)
    if fmt == "dumpalloc":
        t.eq((min(frames_per_alloc(ty[0])), max(frames_per_alloc(ty[0]))),
             (9, 41), "gen dumpalloc --typical: 8 to 40 frames and a TERM")
        t.eq((min(frames_per_alloc(pl)), max(frames_per_alloc(pl))),
             (1, 7), "gen dumpalloc: 0 to 6 frames and a TERM")
t.eq(run("gen", "afperf", "--hostile", "--typical", "--out", "-")[0], 2,
     "gen --hostile --typical: one style only, exit 2")
t.eq(run("mutate", "afperf", "--typical", "--out",
         os.path.join(tmp, "typical"))[0], 2, "mutate --typical: exit 2")

# rules, explain, help.
code, out, err = run("explain", "DA-REC-002")
t.ok(code == 0 and "Record Types" in out and "example:" in out,
     "explain prints the clause and an example", out)
code, out, err = run("explain", "DA-REC-003")
t.eq(out, "DA-REC-003  (dumpalloc, MUST, check)\n"
     "  says:       record Length above 0x7FFFFFFF; framing cannot continue\n"
     "  clause:     Dumpalloc File Format (github.com/mich181189/dumpalloc, "
     "fileformat.md, branch fix-format-ambiguity), section \"Record "
     "Types\":\n"
     "              \"Record Length | integer | 4 | length of record after "
     "this point\"\n"
     "  applies to: every profile\n"
     "  example:    44 41 4c 43 00 00 00 80 ...\n"
     "  mutations:  0: set a record Length to 0x80000000\n"
     "              1: set a record Length to 0xFFFFFFFF\n"
     "  verdict:    violations (exit 1) by default\n",
     "explain lists every variant of the mutation, numbered")
t.eq(run("explain", "DA-XXX-999")[0], 2, "explain of an unknown id: exit 2")
code, out, err = run("rules", "--coverage")
t.ok(code == 0 and "DA-LIVE-003" in out and "no mutation" in out,
     "rules --coverage lists rules without a mutation", out)
code, out, err = run("--help")
t.ok(code == 0 and "7 truncated" in out and "6 > 3 > 5 > 4 > 1 > 7 > 0" in out,
     "--help documents the exit codes")

# every command's own help: --help, -h and `help COMMAND` alike, exit 0
FIRST = {
    "check": "usage: tracegate check [OPTIONS] FILE...",
    "gen": "usage: tracegate gen FORMAT --out DIR|- [--seed S] [--count N]",
    "mutate": "usage: tracegate mutate FORMAT --out DIR [--seed S] "
              "[--profile P]",
    "rules": "usage: tracegate rules [FORMAT] [--report text|json] "
             "[--coverage]",
    "explain": "usage: tracegate explain RULE-ID",
    "help": "usage: tracegate help [COMMAND]",
}
for cmd, first in FIRST.items():
    outs = [run(cmd, flag) for flag in ("--help", "-h")] + [run("help", cmd)]
    t.eq([(c, o.split("\n")[0], e) for c, o, e in outs], [(0, first, "")] * 3,
         "%s --help, -h and help %s: exit 0, its usage" % (cmd, cmd))
    t.eq(len({o for c, o, e in outs}), 1, "%s: the three give one text" % cmd)
code, out, err = run("check", "--fail-on", "must", "--help", good)
t.eq((code, out.split("\n")[0]), (0, FIRST["check"]),
     "--help after other options: the help, nothing checked")
code, out, err = run("check", "--help")
t.ok("  -q, --quiet " in out and "--max-block" in out and "7 truncated" in out,
     "check --help lists --quiet, the limits and the exit codes", out)
t.eq(run("help", "nope")[0], 2, "help of an unknown command: exit 2")

# --quiet: a passing file prints nothing; a failing one its findings, its
# verdict line, and (several files) the summary
nsec = os.path.join(tmp, "nsec.dumpalloc")
code, out, err = run("check", "--quiet", good, good)
t.eq((code, out, err), (0, "", ""), "--quiet: passing files print nothing")
code, out, err = run("check", "-q", good, nsec)
lines = out.split("\n")
t.eq((code, len(lines), lines[0].split(": ")[0], lines[-2]),
     (1, 6, nsec + ":0x40", "tracegate: 2 files: 1 conformant, "
      "1 violations; exit 1"),
     "--quiet: only the failing file, its findings, and the summary")
t.ok(good not in out, "--quiet: the passing file is not named", out)
code, out, err = run("check", good, nsec)
t.eq(out.split("\n")[-2], "tracegate: 2 files: 1 conformant, 1 violations; "
     "exit 1", "several files: a summary line by verdict")
code, out, err = run("check", good)
t.ok(code == 0 and "files:" not in out, "one file: no summary line", out)
code, out, err = run("check", "--quiet", "--report", "json", good)
t.eq((code, out, err.split("\n")[0]),
     (2, "", "tracegate: --quiet is for the text report: a json report "
      "holds every file"), "--quiet with a JSON report: a usage error")

# gen never writes a trace to a terminal
master, slave = pty.openpty()
p = subprocess.run([TRACEGATE, "gen", "dumpalloc", "--out", "-"],
                   stdout=slave, stderr=subprocess.PIPE)
os.close(slave)
os.close(master)
t.eq((p.returncode, p.stderr.decode().split("\n")[0]),
     (2, "tracegate: gen: standard output is a terminal: redirect it to a "
      "file or a pipe, or use --out DIR"), "gen --out - to a terminal: refused")

# progress on stderr: after a second, with --progress or when stderr is
# a terminal, never into a pipe otherwise; the report stays as it is
trace = subprocess.run([TRACEGATE, "gen", "tracelog", "--size", "2M",
                        "--out", "-"], stdout=subprocess.PIPE,
                       check=True).stdout


def feed_slowly(p):
    """a valid trace into p's stdin, in two halves 1.3 s apart"""
    half = len(trace) // 2
    p.stdin.write(trace[:half])
    p.stdin.flush()
    time.sleep(1.3)
    p.stdin.write(trace[half:])
    p.stdin.close()


def slow_check(*opts, stderr=subprocess.PIPE):
    """check a valid trace that arrives slowly"""
    p = subprocess.Popen([TRACEGATE, "check", "--format", "tracelog"] +
                         list(opts) + ["-"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=stderr)
    feed_slowly(p)
    out = p.stdout.read()
    err = p.stderr.read() if p.stderr else b""
    return p.wait(), out, err


code, out, err = slow_check("--progress")
t.ok(code == 0 and re.match(rb"^\r\x1b\[Ktracegate: [0-9.]+ MB checked, [0-9]+ "
                            rb"MB/s, [0-9]+ s\r\x1b\[K$", err) is not None,
     "--progress: one line after a second, cleared at the end", err)
code, out2, err = slow_check()
t.eq((code, err, out2), (0, b"", out),
     "no --progress, stderr a pipe: nothing on stderr, the same report")
master, slave = pty.openpty()
code, out3, err = slow_check(stderr=slave)
os.close(slave)
shown = os.read(master, 4096)
os.close(master)
t.ok(code == 0 and b"MB checked" in shown and out3 == out,
     "stderr a terminal: progress shown there, the same report", shown)


def screen(raw):
    """The lines a terminal shows for raw output: \r goes to column 0,
    ESC [ K clears to the end of the line, \n starts a new line."""
    lines, cur, col, i = [], [], 0, 0
    while i < len(raw):
        if raw.startswith(b"\x1b[K", i):
            del cur[col:]
            i += 3
            continue
        c = raw[i:i + 1]
        if c == b"\r":
            col = 0
        elif c == b"\n":
            lines.append(b"".join(cur))
            cur, col = [], 0
        else:
            cur[col:col + 1] = [c]
            col += 1
        i += 1
    return lines + ([b"".join(cur)] if cur else [])


# the report and the progress on one terminal: the progress line is
# cleared before the report writes, so the verdict has its line alone
master, slave = pty.openpty()
p = subprocess.Popen([TRACEGATE, "check", "--format", "tracelog", "-"],
                     stdin=subprocess.PIPE, stdout=slave, stderr=slave)
os.close(slave)
feed_slowly(p)
raw = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:  # the terminal closed: every writer is gone
        break
    if not chunk:
        break
    raw += chunk
os.close(master)
code = p.wait()
t.ok(code == 0 and b"MB checked" in raw and
     screen(raw) == [out.rstrip(b"\n")],
     "report and progress on one terminal: the verdict line alone on the "
     "screen", (raw, screen(raw)))

# the help: every command docs/checking.md lists is in tracegate --help,
# every option of its table for check is in check --help with the same
# argument, and an option shown with an argument is one that needs it
with open(os.path.join(ROOT, "docs", "checking.md")) as f:
    guide = f.read()
top = run("--help")[1]
listed = re.findall(r"^\| `tracegate (\w+)", guide, re.M)
t.eq([c for c in listed if not re.search(r"^  %s\b" % c, top, re.M)], [],
     "tracegate --help lists every command docs/checking.md lists (%d)" % len(listed))
table = guide[guide.index("Options of `check`:"):]
table = table[:table.index("\n\n", table.index("|---|"))]
forms = [f for f in re.findall(r"`(-[^`]+)`", table)]
check_help = re.sub(r" +", " ", run("check", "--help")[1])


def shown(form):
    """a form of docs/checking.md in the help: "-o FILE" as "-o, --output FILE" """
    form = form.replace("\\|", "|")
    short = re.match(r"(-\w) (.*)", form)
    if short:
        return re.search(r"%s, --[a-z-]+ %s" % (short.group(1),
                                                re.escape(short.group(2))),
                         check_help) is not None
    return form in check_help


t.eq([f for f in forms if not shown(f)], [],
     "check --help shows each of docs/checking.md's %d option forms" % len(forms))
wrong = []
for cmd in ("check", "show", "gen", "mutate", "rules", "oracle"):
    for m in re.finditer(r"^ +(?:-\w, )?(--[a-z-]+)( [^ ]\S*)?",
                         run(cmd, "--help")[1], re.M):
        err = run(cmd, m.group(1))[2]
        if ("requires an argument" in err) != bool(m.group(2)):
            wrong.append((cmd, m.group(0).strip(), err.split("\n")[0]))
t.eq(wrong, [], "every option the help shows with an argument needs one, "
     "and no other does")

# a folder named as a file, and stdin named twice
code, out, err = run("check", tmp)
t.eq((code, out.split("\n")[0]),
     (3, "%s: io-error (exit 3): %s is a directory: name the traces in it "
      "(for example %s/*)" % (tmp, tmp, tmp)),
     "a directory named as a file: said to be a directory, exit 3")
code, out, err = run("check", "-", "-", input_bytes=b"")
t.eq((code, out, err.split("\n")[0]),
     (2, "", "tracegate: check: - (stdin) is named 2 times: it can be read "
      "once"), "check - -: a usage error")

# mutate: a folder that holds files is refused without --force; the
# corpus says what it holds
corpus = os.path.join(tmp, "corpus")
code, out, err = run("mutate", "dumpalloc", "--out", corpus)
t.eq(code, 0, "mutate: exit 0")
with open(os.path.join(corpus, "manifest.jsonl")) as f:
    manifest = [json.loads(l) for l in f]
folder = {"accept": "valid", "reject": "invalid", "accept, may warn": "warn"}
t.eq([m["file"] for m in manifest if m["file"].split("/")[0] !=
      folder[m["reader"]]], [],
     "mutate: valid/ to accept, invalid/ to reject, warn/ legal to warn on")


def tally(top):
    files = [m for m in manifest if m["file"].startswith(top + "/")]
    return len(files), len({m["rule"] for m in files})


t.eq(out, "tracegate: wrote %s: %d valid, %d invalid (must reject) of %d "
     "rules, %d warn (legal, may warn) of %d rules; manifest.jsonl, "
     "README.md\n" % ((corpus, tally("valid")[0]) + tally("invalid") +
                       tally("warn")),
     "mutate ends with one line saying what it wrote")
with open(os.path.join(corpus, "README.md")) as f:
    readme = f.read()
t.ok(readme.startswith("# A dumpalloc conformance corpus\n") and
     "`reject`" in readme, "mutate writes README.md", readme[:300])
code, out, err = run("mutate", "dumpalloc", "--out", corpus)
t.eq((code, err.split("\n")[0]),
     (2, "tracegate: mutate: %s holds files already (files of an older "
      "corpus would stay among the new); name a new folder, or add --force"
      % corpus), "mutate into a folder that holds files: refused")
t.eq(run("mutate", "dumpalloc", "--out", corpus, "--force")[0], 0,
     "mutate --force: written over")
t.done()
