#!/usr/bin/python3
"""diffcheck.py OLD NEW [--work DIR] [--formats F,...] [--quick] [--edits N]

Whether two tracegate binaries give the same reports, byte for byte, on
a large and varied set of inputs: the check a speed change must pass
(issue 13: "the findings are identical before and after").  OLD is the
binary before the change, NEW the one after it.

The inputs are made once into WORK/inputs (by OLD, so that both read the
same bytes): the committed corpus, the fuzz regressions, the real
samples, `mutate` corpora of several seeds (every rule's mutants),
plain, typical and hostile traces of every profile, and from valid
traces of each format: files with 1 to 4 bytes changed (to bytes each
format's framing reacts to), ranges cut out or repeated (N of them a
valid trace, 150 unless --edits says), prefixes, and a 16 MiB trace per
profile (window and index edges).  --edits 1500 makes over 100,000
inputs of every format.

What gen and mutate write is compared too: every profile and style of
each format from several seeds, and whole mutate corpora.

Every file is checked by both binaries under every profile of its
format, as JSON with every finding shown (--max-repeats 0) and with the
default cap, and as the text report; a subset also through standard
input, which the window reads in pieces.  Any difference in a report or
an exit code fails, and the first ones are printed; each binary's own
version number (reports name it) is the one difference allowed.  Exit 0:
identical.
"""
import argparse
import concurrent.futures
import glob
import os
import random
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SHARED = os.environ.get("TG_SHARED") or os.path.join(ROOT, "..", "shared")

# bytes each format's framing and fields react to
TEXT_BYTES = [b'"', b",", b"\n", b"\r", b"\r\n", b"#", b"x", b"0x", b"-",
              b" ", b"\t", b"0", b"9", b"1", b"\xc3\xa9", b"\xc3", b"\xff",
              b"=", b";", b":", b"A", b"", b'""', b"e", b".", b"\x00"]
BIN_BYTES = [bytes([b]) for b in (0, 1, 0x7F, 0x80, 0xFF, 0x05, 0x06, 0x41)]


def sh(args, stdin=None):
    p = subprocess.run(args, stdin=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def formats_and_profiles(tg):
    """{format: [profiles]} from `tracegate rules`."""
    out = {}
    for line in sh([tg, "rules"])[1].decode().splitlines():
        if line and not line.startswith(" ") and "profiles:" in line:
            name = line.split()[0]
            out[name] = line.split("profiles:")[1].strip(" )").split()
    return out


def mutated(data, rng, alphabet, binary, edits=None, keep=0):
    """data with `edits` (default 1 to 4 at random) edits: a byte
    replaced, inserted or deleted, none in the first `keep` bytes."""
    b = bytearray(data)
    for _ in range(edits or rng.randint(1, 4)):
        if len(b) <= keep:
            break
        i = rng.randrange(keep, len(b))
        op = rng.random()
        if binary and op < 0.3:
            b[i] = rng.randrange(256)
        elif op < 0.6:
            b[i:i + 1] = rng.choice(alphabet)
        elif op < 0.8:
            b[i:i] = rng.choice(alphabet)
        else:
            del b[i]
    return bytes(b)


def spliced(data, rng):
    """data with a range cut out or repeated."""
    if len(data) < 4:
        return data
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randint(1, 200))
    if rng.random() < 0.5:
        return data[:i] + data[j:]
    return data[:j] + data[i:j] + data[j:]


def make_inputs(tg, work, fmt, profiles, quick, per):
    d = os.path.join(work, "inputs", fmt)
    done = os.path.join(d, ".done")
    if os.path.exists(done):
        return d
    os.makedirs(d, exist_ok=True)
    seeds = range(1, 3 if quick else 9)
    for s in seeds:
        sh([tg, "mutate", fmt, "--seed", str(s), "--out",
            os.path.join(d, "mutate%d" % s), "--force"])
    for p in profiles:
        for style in ([], ["--typical"], ["--hostile"]):
            name = "gen-%s%s" % (p, style[0] if style else "")
            sh([tg, "gen", fmt, "--profile", p, "--seed", "3", "--count",
                "3" if quick else "12", "--out", os.path.join(d, name)] +
               style)
        big = os.path.join(d, "big-%s" % p)
        sh([tg, "gen", fmt, "--profile", p, "--seed", "5", "--size",
            "4M" if quick else "16M", "--out", big, "--count", "1"])
    parents = sorted(f for f in glob.glob(os.path.join(d, "gen-*", "*"))
                     if os.path.getsize(f) < 300000)
    rng = random.Random(fmt)
    binary = fmt in ("nettrace", "dumpalloc")
    alphabet = BIN_BYTES if binary else TEXT_BYTES
    edits = os.path.join(d, "edits")
    os.makedirs(edits, exist_ok=True)
    for n, parent in enumerate(parents):
        with open(parent, "rb") as f:
            data = f.read()
        for i in range(per):
            out = mutated(data, rng, alphabet, binary) if i % 5 else \
                spliced(data, rng)
            with open(os.path.join(edits, "%03d-%03d" % (n, i)), "wb") as f:
                f.write(out)
        if n % 4 == 0:  # prefixes of some parents, every few bytes
            step = max(1, len(data) // (40 if quick else 150))
            for cut in range(0, len(data), step):
                with open(os.path.join(edits, "%03d-cut%07d" % (n, cut)),
                          "wb") as f:
                    f.write(data[:cut])
    open(done, "w").close()
    return d


def files_of(fmt, d):
    files = sorted(f for f in glob.glob(os.path.join(d, "**", "*"),
                                        recursive=True)
                   if os.path.isfile(f) and not f.endswith((".jsonl", ".md"))
                   and not os.path.basename(f).startswith("."))
    for extra in (os.path.join(ROOT, "corpus", fmt),
                  os.path.join(ROOT, "fuzz", "regressions", fmt),
                  os.path.join(SHARED, "samples", fmt)):
        files += sorted(f for f in glob.glob(os.path.join(extra, "**", "*"),
                                             recursive=True)
                        if os.path.isfile(f) and
                        not f.endswith((".jsonl", ".md", ".sh")))
    return files


VERSIONS = {}


def version_of(tg):
    """The version number tg writes into its reports, e.g. b"0.4.0"."""
    if tg not in VERSIONS:
        VERSIONS[tg] = sh([tg, "--version"])[1].split()[1]
    return VERSIONS[tg]


def compare(old, new, args, stdin_path=None):
    """None if both binaries give the same output and exit code."""
    res = []
    for tg in (old, new):
        if stdin_path:
            with open(stdin_path, "rb") as f:
                c, o, e = sh([tg] + args, stdin=f)
        else:
            c, o, e = sh([tg] + args)
        v = version_of(tg)
        res.append((c, o.replace(v, b"VERSION"), e.replace(v, b"VERSION")))
    (c1, o1, e1), (c2, o2, e2) = res
    if c1 == c2 and o1 == o2 and e1 == e2:
        return None
    return "%s\n  exit %d vs %d\n  old: %s\n  new: %s" % (
        " ".join(args[:8]) + (" < " + stdin_path if stdin_path else ""),
        c1, c2, first_diff(o1 + e1), first_diff(o2 + e2, o1 + e1))


def first_diff(a, b=None):
    if b is None:
        return a[:300].decode("utf-8", "replace")
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return "...%s" % a[max(0, i - 120):i + 200].decode("utf-8", "replace")


def generators_differ(old, new, fp, work, quick):
    """What gen and mutate write, compared: every profile and style of
    each format from several seeds, and the mutate corpora of several
    seeds, byte for byte (the version number aside).  Returns the
    differences."""
    diffs = []
    seeds = ["1", "7"] if quick else ["1", "2", "3", "7", "11"]
    for fmt, profiles in fp.items():
        for p in profiles:
            for style in ([], ["--hostile"], ["--typical"]):
                for seed in seeds:
                    r = compare(old, new, ["gen", fmt, "--profile", p] +
                                style + ["--seed", seed, "--out", "-"])
                    if r:
                        diffs.append(r)
        for seed in seeds[:2] if quick else seeds[:4]:
            trees = []
            for tg, side in ((old, "old"), (new, "new")):
                out = os.path.join(work, "mutate-%s-%s-%s" % (side, fmt, seed))
                sh(["rm", "-rf", out])
                code = sh([tg, "mutate", fmt, "--seed", seed, "--out", out])[0]
                tree = {}
                for d, _, names in os.walk(out):
                    for n in names:
                        path = os.path.join(d, n)
                        with open(path, "rb") as f:
                            tree[os.path.relpath(path, out)] = f.read(
                                ).replace(version_of(tg), b"VERSION")
                trees.append((code, tree))
            if trees[0] != trees[1]:
                names = sorted(set(trees[0][1]) | set(trees[1][1]))
                bad = [n for n in names
                       if trees[0][1].get(n) != trees[1][1].get(n)]
                diffs.append("mutate %s --seed %s: exit %d vs %d, %d files "
                             "differ, first %s" % (fmt, seed, trees[0][0],
                                                   trees[1][0], len(bad),
                                                   bad[:1]))
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[2])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--work", default="/tmp/tg-diffcheck")
    ap.add_argument("--formats", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--edits", type=int, default=0,
                    help="edited copies of each valid trace (default 150, "
                    "30 with --quick)")
    a = ap.parse_args()
    old, new = os.path.abspath(a.old), os.path.abspath(a.new)
    fp = formats_and_profiles(old)
    if a.formats:
        fp = {f: fp[f] for f in a.formats.split(",")}
    jobs = []
    nfiles = 0
    for fmt, profiles in fp.items():
        d = make_inputs(old, a.work, fmt, profiles, a.quick,
                        a.edits or (30 if a.quick else 150))
        files = files_of(fmt, d)
        nfiles += len(files)
        for p in profiles:
            base = ["check", "--format", fmt, "--profile", p]
            for i in range(0, len(files), 200):
                batch = files[i:i + 200]
                jobs.append((base + ["--report", "json", "--max-repeats",
                                     "0"] + batch, None))
                jobs.append((base + ["--report", "json"] + batch, None))
                jobs.append((base + batch, None))
            rng = random.Random(fmt + p)
            piped = [f for f in files if "/big-" in f] + \
                rng.sample(files, min(len(files), 40 if a.quick else 200))
            for f in piped:
                jobs.append((base + ["--report", "json", "-"], f))
        auto = files[::7]
        for i in range(0, len(auto), 200):
            jobs.append((["check", "--report", "json"] + auto[i:i + 200],
                         None))
    diffs = []
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        for r in ex.map(lambda j: compare(old, new, j[0], j[1]), jobs):
            if r:
                diffs.append(r)
    print("diffcheck: %d files, %d runs of each binary, %d differ" %
          (nfiles, len(jobs), len(diffs)))
    gen = generators_differ(old, new, fp, a.work, a.quick)
    print("diffcheck: gen and mutate of every profile and style, %d differ"
          % len(gen))
    diffs += gen
    for d in diffs[:10]:
        print(d)
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
