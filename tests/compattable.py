"""compattable - the compat tables of spec/<format>.md, and the files that
show each row: built here by hand from the behaviour's words (AFPerf,
TraceLog), or the first mutant of the row's rule, or a file built here
for a rule that has none (NetTrace).  tests/compat.t holds the rows to
tracegate's levels, tests/models.t to the models of the readers
(tests/readers/model_*.py), tests/traceevent-compat.t to what TraceEvent
itself does with those files."""
import os
import re

import nt45
import nt6
from taplib import ROOT, run

BEGIN = "<!-- compat table: read by tests/compat.t -->"
END = "<!-- end of compat table -->"
RULE_ID = re.compile(r"[A-Z]+(?:-[A-Z]+)+-\d{3}")


def table(fmt):
    """the rows of spec/<fmt>.md's compat table: {row: cells}, cells the
    row's cells after its name: what the reader does, the rule that
    reports it under the profile (or "Harmless" and why), and in NetTrace
    what TraceEvent did with the row's file"""
    with open(os.path.join(ROOT, "spec", fmt + ".md"), encoding="utf-8") as f:
        text = f.read()
    body = text.split(BEGIN)[1].split(END)[0]
    rows = {}
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) > 2 and re.match(r"^\w+\d+$", cells[0]):
            rows[cells[0]] = cells[1:]
    return rows


def rule_of(cells):
    """(rule, harmful): the first rule id the profile cell names (a
    harmless row's, where it is reported at its own level), or None"""
    cell = cells[1]
    rule = RULE_ID.search(cell)
    return rule.group(0) if rule else None, not cell.startswith("Harmless")


class Mutants:
    """the first mutant tracegate's mutate writes for a rule"""

    def __init__(self, scratch):
        self.scratch = scratch
        self.where = {}

    def first(self, fmt, rule, variant=0):
        """(variant: the rule's mutant of that variant number)"""
        if fmt not in self.where:
            where = self.scratch.path("mutants-" + fmt)
            code, out, err = run("mutate", fmt, "--out", where, "--force")
            self.where[fmt] = where if code == 0 else None
        if self.where[fmt] is None:
            return b""
        # invalid/ or warn/: what a strict reader must do decides the folder
        folder = [f for f in (os.path.join(self.where[fmt], top, rule)
                              for top in ("invalid", "warn"))
                  if os.path.isdir(f)]
        name = os.path.join(folder[0], "%04d.%s" % (variant, fmt)) \
            if folder else ""
        if not os.path.exists(name):
            return b""
        with open(name, "rb") as f:
            return f.read()


def variant_of(cells):
    """the mutant a row names in its last cell ("(mutant N)"), else 0"""
    m = re.search(r"\(mutant (\d+)\)", cells[-1])
    return int(m.group(1)) if m else 0


def nettrace_files(mutants):
    """{row: bytes}: the file that shows each row of NetTrace's table"""
    rows = {row: mutants.first("nettrace", rule_of(cells)[0],
                               variant_of(cells))
            for row, cells in table("nettrace").items()
            if rule_of(cells)[0]}
    # rules without a mutant of their own (tracegate rules --coverage): a
    # 39-byte object name, a v6 event of metadata id 0, a draft file
    long_name = nt45.File()
    long_name.add("X" * 39, b"")
    rows["T5"] = long_name.build()
    p = nt6.default_parts()
    rows["T50"] = nt6.example(
        metadata=nt6.metadata_with(p["row"].replace(
            b"\x01\x0aMyProvider", b"\x00\x0aMyProvider", 1)),
        events=p["events"][:21] + b"\x00" + p["events"][22:])
    rows["T52"] = nt6.draft_example()
    return rows


# ---- AFPerf: the Artificer reader (spec/afperf.md), a file a row ----------
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
    "A26": B.replace(",ns,", ",microseconds,", 1),
    "A27": B + "MeasurementType,104,7,4,Reach,double,furlongs,,\n",
    "A28": B + RI.replace(",7,", ",8,") + "PauseResume,130,120,7\n",
    "A29": B + REG + "RegionStart,111,7,2,b,\nRegionStop,112,1\n"
                     "RegionStop,113,1\n",
    "A30": B + "RegionStop,120,1\n",
    "A31": B + REG + "RegionStop,111,1\nRegionPoint,112,1,1,5\n",
    "A32": B + SEC + "SectionAggregate,12,10,5,,,1,5\n",
    "A33": B + "RegionStart,110,7,1,a,a;b=\nRegionStop,111,1\n",
    "A34": B.replace("1639527663.713", "0x1.86bp30"),
    "A35": B + "SectionInfo,110,7,5,\"\",k=\n",
}


# ---- TraceLog: the vstools readers (spec/tracelog.md), a file a row -------
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
