#!/usr/bin/python3
"""compat.t - a compat profile is a promise about a named reader. Each
spec/<format>.md that has one keeps a table of that reader's behaviours,
as formats/<format>.md records them (the "compat table"): for each row,
the rule that reports it under the profile, or "Harmless" and why. Here
every row has an example built by hand from the behaviour's words; under
the profile, a row with a rule gets that rule at level MUST and a failing
exit code, and a harmless row gets no finding the profile raises to MUST
(of a COMPAT rule, or one its reader fails on). Then the
files `gen` writes under the profile (every style, many seeds) and the
valid files `mutate` writes get no finding at all, so they hold none of
the behaviours. Failure: a row without an example or an example without
a row, a rule missing or not MUST, a COMPAT finding on a harmless row, or
any finding on a generated file."""
import json
import os

from compattable import Mutants, nettrace_files, rule_of, table
from taplib import Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-compat-")


mutants = Mutants(scratch)
MUTANT = "the first mutant of the row's rule"


code, out, err = run("rules", "--report", "json")
FORMATS = json.loads(out)["formats"]
LEVEL = {r["id"]: r["level"] for f in FORMATS for r in f["rules"]}
# every profile a text format has, so that a new one is checked too
PROFILES = {f["name"]: f["profiles"] for f in FORMATS}


def check_table(fmt, profile, examples, suffix):
    rows = table(fmt)
    t.ok(len(rows) > 0, "%s: spec/%s.md has a compat table" % (fmt, fmt))
    t.eq(sorted(set(rows) ^ set(examples)), [],
         "%s: every row of the table has an example here, and no more" % fmt)
    for row in sorted(set(rows) & set(examples),
                      key=lambda r: (len(r), r)):
        rule, harmful = rule_of(rows[row])
        data = examples[row]
        if data is MUTANT:
            data = mutants.first(fmt, rule)
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        path = scratch.write("case" + suffix, data)
        code, out, err = run("check", "--report", "json", "--format", fmt,
                             "--profile", profile, path)
        found = json.loads(out)["files"][0]["findings"]
        if harmful:
            levels = [d["level"] for d in found if d["rule"] == rule]
            t.ok(code != 0 and levels[:1] == ["MUST"],
                 "%s %s: %s, a MUST under %s" % (fmt, row, rule, profile),
                 (code, [(d["rule"], d["level"]) for d in found]))
        else:
            raised = [d["rule"] for d in found
                      if d["level"] == "MUST" and LEVEL[d["rule"]] != "MUST"]
            t.ok(raised == [], "%s %s: harmless, nothing raised to MUST "
                 "under %s" % (fmt, row, profile),
                 [d["rule"] for d in found])


def check_generated(fmt, profiles, seeds=12):
    """gen under every profile and style, and mutate's valid files: not
    one finding under their own profile"""
    for profile in profiles:
        bad = []
        for style in ("", "--hostile", "--typical"):
            where = scratch.path("gen-%s-%s%s" % (fmt, profile, style))
            args = ["gen", fmt, "--profile", profile, "--count", str(seeds),
                    "--out", where] + ([style] if style else [])
            code, out, err = run(*args)
            names = sorted(os.listdir(where)) if code == 0 else []
            if len(names) != seeds:
                bad.append((style, "gen", code, err[:200]))
                continue
            code, out, err = run("check", "--report", "json", "--format", fmt,
                                 "--profile", profile, "--fail-on", "info",
                                 *[os.path.join(where, n) for n in names])
            for f in json.loads(out)["files"]:
                if f["findings"] or code != 0:
                    bad.append((style, f["path"][-12:],
                                [d["rule"] for d in f["findings"]][:5]))
        t.eq(bad, [], "%s/%s: %d generated files of each style have no "
             "finding at all" % (fmt, profile, seeds))
    out_dir = scratch.path("mutate-" + fmt)
    code, out, err = run("mutate", fmt, "--out", out_dir, "--force")
    t.ok(code == 0, "%s: mutate exits 0" % fmt, err)
    bad = []
    with open(os.path.join(out_dir, "manifest.jsonl")) as f:
        for line in f:
            m = json.loads(line)
            if not m["file"].startswith("valid/"):
                continue
            code, out, err = run("check", "--report", "json", "--format", fmt,
                                 "--profile", m["profile"], "--fail-on",
                                 "info", os.path.join(out_dir, m["file"]))
            found = json.loads(out)["files"][0]["findings"]
            if code != 0 or found or m["reader"] != "accept":
                bad.append((m["file"], code, [d["rule"] for d in found][:5]))
    t.eq(bad, [], "%s: mutate's valid files have no finding under their "
         "profile" % fmt)


# ---- AFPerf: the Artificer reader (spec/afperf.md) -------------------------
H = "# AFPerf v1     \n"
RI = "RunInfo,100,ns,1639527663.713,1.0.0,7,mission,2.9.0,\n"
MT = ("MeasurementType,101,7,1,Calls,int32,count,,\n"
      "MeasurementType,102,7,2,Host,string,text,,\n"
      "MeasurementType,103,7,3,Load,double,count,,\n")
B = H + RI + MT
FC = B.replace("1.0.0", "1.1.0")
REG = "RegionStart,110,7,1,a,\n"
SEC = "SectionInfo,103,7,5,s,\n"
AFPERF = {
    "A1": "# AFPerf v1\n" + RI,
    "A2": "\ufeff" + B,
    "A3": H[:-1] + RI,
    "A4": B + "# AFPerf v1    X\n",
    "A5": B + "   \n",
    "A6": B + "RegionStart,110,7,1,a\"b,\nRegionStop,111,1\n",
    "A7": B + "RegionStart,110,7,1,\"ab\"cd,\nRegionStop,111,1\n",
    "A8": B + "RunPoint,120,7,1,\"5",
    "A9": B + "RegionStart,110,7,1,a,\rRegionStop,111,1\n",
    "A10": B + "SectionInfo,110,7,5,s,",
    "A11": B + "RESERVED,120,7\n",
    "A12": B + "0x9,120,7,1,5\n",
    "A13": B + "8abc,120,ns,1.5,1.0.0,8,a,1,\n",
    "A14": FC + "15,120,7\n",
    "A15": B + REG + "RegionStop,111\n",
    "A16": B + SEC + "SectionStart,120,5,34,extra\nSectionStop,121,5,34\n",
    "A17": FC + "RunPoint,120,7,1,5,x,y\n",
    "A18": B + "RunPoint,0x78,7,1,5\n",
    "A19": H + RI + "MeasurementType,101,,1,Calls,int32,count,,\n",
    "A20": B + "SectionInfo,,7,5,s,\n",
    "A21": B + "RegionStart,110,7,9223372036854775808,a,\nRegionStop,111,\n",
    "A22": B + "RunPoint, 120,7,1,5\n",
    "A23": B + "RunPoint,120,7,2,node-7\n",
    "A24": B + "RunPoint,120,7,3,1e400\n",
    "A25": B + "RunPoint,120,7,1,5,2\n",
    "A26": B.replace(",ns,", ",nanoseconds,", 1),
    "A27": B + "MeasurementType,104,7,4,Reach,double,furlongs,,\n",
    "A28": B + RI.replace(",7,", ",8,") + "PauseResume,130,120,7\n",
    "A29": B + REG + "RegionStart,111,7,2,b,\nRegionStop,112,1\n"
                     "RegionStop,113,1\n",
    "A30": B + "RegionStop,120,1\n",
    "A31": B + REG + "RegionStop,111,1\nRegionPoint,112,1,1,5\n",
    "A32": B + SEC + "SectionAggregate,12,10,5,,,1,5\n",
    "A33": B + "RegionStart,110,7,1,a,a;b=\nRegionStop,111,1\n",
    "A34": B.replace("1639527663.713", "0x1.86bp30"),
}
check_table("afperf", "artificer-compat", AFPERF, ".afperf")
check_generated("afperf", PROFILES["afperf"])

# ---- TraceLog: the vstools readers (spec/tracelog.md) ------------------------
STM = "prf stm 2018-06-25 07:24:28.049\n"
THR = "thr crt 0x00007F3A00001000 0x00000000\n"
CLS = ("cls ldf 0x00007F3A20000000 0x00000000 0x00007F3A10000000 "
       "0x02000002 0x00000000\n")
FUN = ("fun inf 0x00000000 0x00007F3A40000000 0x00007F3A20000000 "
       "0x00007F3A10000000 0x06000001 0x00007F3A50000000:0x40 0x0:0x0:0x4\n")
T = STM + THR + CLS + FUN
TRACELOG = {
    "V1": T + "\n",
    "V2": "prf stm 2018-6-25 07:24:28.049\n" + THR,
    "V3": T + "prf cfg SamplingTimeoutMs 10\n",
    "V4": T + "xxthr aos 0x00000000 4242\n",
    "V5": T + 'cls nam 0x00000000 "sam mem 0x0 5"\n',
    "V6": T + "sam mem ? 1540 0x00000000:2:48\n",
    "V7": T + "thr aos 0x00000000 4242\nmod ata 0x00007F3A100000000 0x1\n",
    "V8": T + "sam str 0x00000000 1520 1 2147483648:0\n",
    "V9": T + "prc cpu 15x0 2000\n",
    "V10": T.replace(":0x40 ", ":0x100000040 "),
    "V11": T + "sam str 0x00000000 1520 1 0:0 0x00000000:00007F3A500000A4\n",
    "V12": T + "sam str 0x00000000 1520 1 0:0 "
               "0x00000000:0x00007F3A500000A4\n",
    "V13": T + "sam str 0x00000000 1520 1 0:0\n"
               "sam str 0x00000000 1530 1 1:1:? 0x00000000\n",
    "V14": T + "thr dst 0x00000000\n",
    "V15": T.replace(":0x40 0x0:0x0:0x4",
                     ":0x40 0x00007F3A50001000:0x20"),
    "V16": T + 'cls nam 0x00000000 "Program"\n',
    "V17": T + 'apd crf 0x00007F3A12340000 0x0000000000001F90 0x00000000 '
               '"DefaultDomain"\n',
    "V18": T + "gch gcf 0x00000000 1570\n",
    "V19": T + "gch gcs 1 1550 induced t f t f\n",
    "V20": T + "gch alt 1560 0x00000000:1:24\n",
    "V21": T.replace("28.049\n", "28.049 +09:00\n"),
    "V22": T + 'cls nam 0x00000000 "Pro\udcc3(gram"\n',
}
check_table("tracelog", "vstools-compat", TRACELOG, ".tracelog")
check_generated("tracelog", PROFILES["tracelog"])

# ---- NetTrace: TraceEvent (spec/nettrace.md) -----------------------------------
# Every rule has cases built by hand elsewhere (nettrace.t, nettrace45.t,
# handbuilt.t, payload.t); here each row's rule is met in its first mutant
# (tests/compattable.py; tests/traceevent-compat.t gives TraceEvent the
# same files).
NETTRACE = nettrace_files(mutants)
check_table("nettrace", "traceevent-compat", NETTRACE, ".nettrace")
check_generated("nettrace", ("traceevent-compat",), seeds=4)
t.done()
