#!/usr/bin/python3
"""sites.t - every NetTrace v6 finding whose path names a block lies in
that block's bytes (its 4-byte header and its content, formats/nettrace.md
5.2), on generated v6 and draft traces and on copies of them with bytes
changed, ranges cut out and prefixes taken (the edits that make fields
run into a block's end). The blocks are found here from the stream
header and the block headers alone, not by tracegate. A finding that
reaches past its block (a field of a v4/v5 width read as a v6 varuint,
a varuint cut at a block's end said with a byte of the next block) fails.
A cut input may end inside a block: there the block's bytes end with the
input."""
import json
import random
import struct
import subprocess

from taplib import TRACEGATE, Scratch, Tap

t = Tap()
scratch = Scratch("tg-sites-")


def blocks(data):
    """(start, end) of each block: header, then content of the size its
    header's low 24 bits give, up to the end-of-stream block (kind 0)."""
    at, out = 20, []
    while at + 4 <= len(data):
        head = struct.unpack_from("<I", data, at)[0]
        end = at + 4 + (head & 0xFFFFFF)
        out.append((at, min(end, len(data))))
        if head >> 24 == 0:
            break
        at = end
    return out


def edits(data, rng, n):
    """n copies of data, each with one to four bytes set to a value a
    block's framing or a varuint reacts to, a range cut out, or cut
    short."""
    out = []
    for _ in range(n):
        d = bytearray(data)
        kind = rng.randrange(3)
        if kind == 0:
            for _ in range(rng.randint(1, 4)):
                d[rng.randrange(20, len(d))] = rng.choice(
                    (0x00, 0x01, 0x7F, 0x80, 0xFF))
        elif kind == 1:
            a = rng.randrange(20, len(d) - 1)
            del d[a:a + rng.randint(1, 64)]
        else:
            del d[rng.randrange(21, len(d)):]
        out.append(bytes(d))
    return out


def check(profile, paths):
    got = subprocess.run([TRACEGATE, "check", "--format", "nettrace",
                          "--profile", profile, "--report", "json",
                          "--max-repeats", "0"] + paths,
                         capture_output=True, check=False)
    return json.loads(got.stdout)["files"]


rng = random.Random(1306)
for profile in ("nettrace-v6", "nettrace-v6-draft"):
    valid = scratch.path("valid-%s.nettrace" % profile)
    subprocess.run([TRACEGATE, "gen", "nettrace", "--profile", profile,
                    "--seed", "7", "--size", "64K", "--out", "-"],
                   stdout=open(valid, "wb"), check=True)
    data = open(valid, "rb").read()
    paths = [valid]
    for i, e in enumerate(edits(data, rng, 600)):
        paths.append(scratch.write("%s-%03d.nettrace" % (profile, i), e))
    findings, outside = 0, []
    for f in check(profile, paths):
        spans = blocks(open(f["path"], "rb").read())
        for d in f["findings"]:
            path = d["path"] or ""
            if not path.startswith("/block["):
                continue
            findings += 1
            i = int(path[len("/block["):path.index("]")])
            lo, hi = spans[i] if i < len(spans) else (0, 0)
            if not lo <= d["offset"] <= d["offset"] + d["length"] <= hi:
                outside.append((f["path"], d["rule"], d["offset"],
                                d["length"], path, lo, hi))
    t.ok(findings > 1000, "%s: %d findings in blocks on 601 inputs"
         % (profile, findings))
    t.eq(outside[:3], [], "%s: every one lies in its block (%d do not)"
         % (profile, len(outside)))
t.done()
