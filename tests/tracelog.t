#!/usr/bin/python3
"""tracelog.t - one hand-built case per CoreProfiler TraceLog rule, each
written from the words of the seed (CoreProfiler's tracelog-format.md) and the decisions
of spec/tracelog.md (never from tracegate's generator, so a misreading
shared by the generator and the checker cannot pass here). A case names
the rule its first finding must have, the byte offset and (for some) the
line and column, computed from how the text was built, and the exit code.
Failure: another rule, place or exit code, or another whole message."""
import json
import os
import re

from taplib import Tap, TextCases, at, run

t = Tap()
cases = TextCases(t, "tracelog", ".tracelog")
findings, case, clean = cases.findings, cases.case, cases.clean

# A run as the seed's syntax lines print it: every item in its printf form
# (0x%016X ids, 0x%08X internal ids, 0x%x sizes), LF line ends.
STM = "prf stm 2018-06-25 07:24:28.049\n"
CFG = ("prf cfg CollectionMethod Sampling\n"
       "prf cfg SamplingTimeoutMs 10\n"
       "prf cfg LineTraceEnabled T\n")
LOAD = ('apd crf 0x00007F3A12340000 0x0000000000001F90 0x00000000 '
        '"DefaultDomain"\n'
        'asm ldf 0x00007F3A30000000 0x00007F3A12340000 0x00007F3A10000000 '
        '0x00000000 "Program"\n'
        'mod ldf 0x00007F3A10000000 0x00007F3A00400000 0x00007F3A30000000 '
        '0x00000000 "/opt/usr/apps/org.example/bin/Program.dll"\n'
        "mod ata 0x00007F3A10000000 0x00007F3A30000000\n")
THREAD = ("thr crt 0x00007F3A00001000 0x00000000\n"
          "thr aos 0x00000000 4242\n")
CLASS = ("cls ldf 0x00007F3A20000000 0x00000000 0x00007F3A10000000 "
         "0x02000002 0x00000000\n"
         'cls nam 0x00000000 "Program"\n')
FUN = ("jit cms 0x00000000 1500 0x00007F3A40000000\n"
       "fun inf 0x00000000 0x00007F3A40000000 0x00007F3A20000000 "
       "0x00007F3A10000000 0x06000001 0x00007F3A50000000:0x40 0x0:0x0:0x4\n"
       "jit cmf 0x00000000 1510 0x00007F3A40000000 0x00000000\n"
       'fun nam 0x00000000 "Program::Main" "void" "(string[])"\n')
SAM = ("sam str 0x00000000 1520 1 0:0 0x00000000:0x00007F3A500000A4\n"
       "sam str 0x00000000 1530 1 1:1:0x00007F3A500000B0\n"
       "sam mem 0x00000000 1540 0x00000000:2:48:0x00007F3A500000C0\n")
GC = ("gch gcs 0x00000000 1550 induced tfff\n"
      "gch alt 1560 0x00000000:1:24\n"
      "gch gcf 0x00000000 1570\n")
END = ("prc cpu 1580 2000\n"
       "thr cpu 0x00000000 1590 1500\n"
       "prf tps 1600\n"
       "prf trs 1700\n"
       "thr dst 0x00000000\n")
BASE = STM + CFG + LOAD + THREAD + CLASS + FUN + SAM + GC + END


def lines_before(text, needle):
    """the line number of needle in text (1-based)"""
    return text[:text.index(needle)].count("\n") + 1


# the base is valid under every profile but vstools-compat: no finding
for profile in ("default", "strict-canonical"):
    got, found = findings(BASE, "--fail-on", "info", "--profile", profile)
    t.eq((got, found), (0, []), "the base is conformant, no finding (%s)"
         % profile)

# ---- lines ------------------------------------------------------------------
s = BASE.replace("prc cpu 1580", "Prc cpu 1580")
case("a capitalised record type", s, "TL-LIN-001", at(s, "Prc"), 1,
     line=lines_before(s, "Prc"), column=1)
s = BASE.replace("thr crt 0x00007F3A00001000", "xxthr crt 0x00007F3A00001000")
case("junk before the tag (M26)", s, "TL-LIN-001", at(s, "xxthr"), 1)
s = BASE.replace("sam mem 0x", "sam  mem 0x")
case("two spaces inside the tag", s, "TL-LIN-001", at(s, "sam  mem"), 1)
s = BASE.replace("prf tps 1600\n", "prf tps 1600\r")
case("a CR alone", s, "TL-LIN-002", at(s, "\r"), 1,
     line=lines_before(s, "prf tps"), column=len("prf tps 1600") + 1)
# the CR ends the record, not the text's line: the next record goes on
# along that line, and the LF after it ends the line (TL-LIN-002's finding
# off, the first finding is two records on, at the start of a line)
s = BASE.replace("prf tps 1600\n", "prf tps 1600\r").replace(
    "thr dst 0x0", "Thr dst 0x0")
case("a line after a CR alone, and an LF", s, "TL-LIN-001", at(s, "Thr"),
     1, "--disable", "TL-LIN-002", line=lines_before(s, "Thr"), column=1)
s = BASE.replace("prf tps 1600\n", "prf tps 1600\r").replace(
    "prf trs 1700", "Prf trs 1700")
case("a record after a CR alone", s, "TL-LIN-001", at(s, "Prf"), 1,
     "--disable", "TL-LIN-002", line=lines_before(s, "prf tps"),
     column=len("prf tps 1600") + 2)
s = BASE.replace(THREAD, THREAD + "\n")
case("an empty line", s, "TL-LIN-003", at(s, "\n\n") + 1, 0)
s = BASE[:-1]
case("no line end after the last line", s, "TL-LIN-004", len(s), 0)
s = BASE.replace("prc cpu 1580 2000", "prc cpu 1580  2000")
case("two spaces between fields", s, "TL-LIN-005", at(s, "  2000"), 1)
s = BASE.replace("prc cpu 1580 2000", "prc cpu 1580\t2000")
case("a tab between fields", s, "TL-LIN-005", at(s, "\t"), 1)
s = BASE.replace("prf tps 1600\n", "prf tps 1600 \n")
case("a space at the end of a line", s, "TL-LIN-005", at(s, "1600 ") + 4, 1)
s = BASE.replace('"Program"\n', '"Program" \n', 1)
case("a space after a quoted name", s, "TL-LIN-005", at(s, '"Program" ') + 9,
     1)
s = BASE.replace('cls nam 0x00000000 "Program"',
                 'cls nam 0x00000000 "Caf\u00e9\udcc3(x"')
case("C3 28 in a class name", s, "TL-ENC-001", at(s, "(x"), 0,
     line=lines_before(s, "cls nam"), column=len('cls nam 0x00000000 "Caf\u00e9'
                                                 '\udcc3') + 1)

# ---- records ------------------------------------------------------------------
s = BASE.replace("prc cpu 1580 2000", "xyz abc 1")
case("an unknown record", s, "TL-TAG-001", at(s, "xyz"), 1)
# every tag of records.def is taken for a record (whatever its fields):
# no finding of the line's tag on a line put after the base
TAGS = re.findall(r'^TL_RECORD\(\w+, "([^"]+)"', open(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "lib",
    "tracelog", "records.def")).read(), re.M)
unread = [g for g in TAGS
          if {("TL-LIN-001", len(BASE)), ("TL-TAG-001", len(BASE))} &
          {(d["rule"], d["offset"]) for d in findings(
              BASE + g + " 1\n", "--fail-on", "info")[1]}]
t.eq((len(TAGS) > 25, unread), (True, []),
     "each of the %d tags of records.def is a record's" % len(TAGS))
s = BASE + "gch gen 3 loh:0:0 gen2:0:0 gen1:1:96 gen0:2:48\n"
case("the 2019 reader's gch gen", s, "TL-TAG-002", at(s, "gch gen"), 0)
s = BASE.replace("fun inf 0x00000000 0x00007F3A40000000",
                 "fun cmf 0x00007F3A40000000 0x00000000").replace(
    "0x06000001 0x00007F3A50000000:0x40", "0x06000001 0x00000000 "
    "0x00007F3A50000000:0x40")
case("the writers' fun cmf", s, "TL-TAG-002", at(s, "fun cmf"), 0)
s = BASE.replace("thr dst 0x00000000", "thr dst 0x00000000 0x00000001")
case("thr dst with two fields (TL-A1)", s, "TL-TAG-003",
     at(s, "0x00000001\n"), 1)
s = BASE.replace("thr dst 0x00000000", "thr crt 0x00000000")
case("thr crt with one field (TL-A1)", s, "TL-TAG-003", len(s) - 1, 1)
s = BASE.replace("prc cpu 1580 2000", "prc cpu 1580")
case("prc cpu without its usage", s, "TL-FLD-001", at(s, "prc cpu 1580") + 12,
     1)
s = BASE.replace("prf tps 1600", "prf tps")
case("prf tps without its timestamp (M15)", s, "TL-FLD-001",
     at(s, "prf tps") + 7, 1)
s = BASE.replace("prf trs 1700", "prf trs 1700 1800")
case("prf trs with two timestamps (M15)", s, "TL-FLD-002", at(s, "1800"), 1)
s = BASE.replace('"Program::Main" "void" "(string[])"', '"Program::Main"')
case("fun nam with one string, as the oldest writer", s, "TL-FLD-003",
     at(s, '"Program::Main"') + 15, 1)
s = BASE.replace('"(string[])"', '"(string[])" "static"')
case("fun nam with four strings", s, "TL-FLD-003", at(s, '"static"'), 1)

# ---- items ------------------------------------------------------------------
s = BASE.replace("mod ata 0x00007F3A10000000", "mod ata 00007F3A10000000")
case("an id without 0x", s, "TL-HEX-001", at(s, "mod ata") + 8, 1)
s = BASE.replace("mod ata 0x00007F3A10000000", "mod ata 0x100007F3A10000000")
case("an id of 17 digits", s, "TL-HEX-001", at(s, "0x100007F3A"), 1)
s = BASE.replace("mod ata 0x00007F3A10000000", "mod ata 0x")
case("0x and no digits", s, "TL-HEX-001", at(s, "mod ata") + 8, 1)
s = BASE.replace("thr aos 0x00000000", "thr aos 0x000000001")
case("an internal id of 9 digits", s, "TL-HEX-002", at(s, "0x000000001"), 1)
s = BASE.replace('0x00000000 "/opt', '? "/opt')
case("? as an HRESULT", s, "TL-HEX-002", at(s, '? "/opt'), 1)
s = BASE.replace("1 0:0 0x00000000:0x", "1 0:0 ?:0x")
case("? as a frame's function", s, "TL-HEX-002", at(s, "?:0x"), 1)
s = BASE.replace("mod ata 0x00007F3A10000000", "mod ata 0x00007f3a10000000")
case("a lowercase id, strict-canonical", s, "TL-HEX-003",
     at(s, "0x00007f3a"), 0, "--profile", "strict-canonical")
clean("lowercase hex is no finding by default (TL-A3)", s)
s = BASE.replace("0x00000000:0x00007F3A500000A4", "0x00000000:0x00007F3G500000A4")
case("a G in a frame's IP", s, "TL-IP-001", at(s, "0x00007F3G"), 1)
s = BASE.replace("48:0x00007F3A500000C0", "48:?")
case("? as an allocation's IP", s, "TL-IP-001", at(s, "48:?") + 3, 1)
s = BASE.replace("0x00000000:0x00007F3A500000A4", "0x00000000:?")
case("? as a frame's IP", s, "TL-IP-002", at(s, "0x00000000:?") + 11, 0)
s = BASE.replace("prc cpu 1580", "prc cpu -5")
case("a negative timestamp (tick wrap)", s, "TL-NUM-001", at(s, "-5"), 1)
s = BASE.replace("prc cpu 1580", "prc cpu +5")
case("a timestamp with +", s, "TL-NUM-001", at(s, "+5"), 1)
s = BASE.replace("1 0:0 0x", "1 2147483648:0 0x")
case("matchPrefixSize 2^31", s, "TL-NUM-002", at(s, "2147483648"), 1)
s = BASE.replace("prc cpu 1580", "prc cpu 18446744073709551616")
case("a timestamp of 2^64", s, "TL-NUM-002", at(s, "18446744073709551616"), 1)
s = BASE.replace('cls nam 0x00000000 "Program"', 'cls nam 0x00000000 "Pro"gram"')
case('a " inside a class name', s, "TL-QTN-001", at(s, '"gram"'), 1)
s = BASE.replace('Program.dll"', "Program.dll")
case("a module name not closed", s, "TL-QTN-001", at(s, '"/opt'), 1)
s = BASE.replace("07:24:28.049", "07:24:28.0490")
case("four digits of milliseconds", s, "TL-TIM-001", at(s, "2018-06-25"), 1,
     line=1, column=9)
s = BASE.replace("07:24:28.049", "07:24:28.049 +9:00")
case("a zone of one hour digit", s, "TL-TIM-001", at(s, "2018-06-25"), 1)
s = BASE.replace("2018-06-25 07:24:28.049", "2018-13-40 25:61:61.100")
case("the 40th day of the 13th month", s, "TL-TIM-002", at(s, "2018-13"), 1)
s = BASE.replace("2018-06-25", "2019-02-29")
case("29 February of a common year", s, "TL-TIM-002", at(s, "2019-02"), 1)
s = BASE.replace("gch alt 1560 0x00000000:1:24", "gch alt 1560 0x00000000:1")
case("an allocation table item of two parts", s, "TL-ITM-001",
     at(s, "0x00000000:1\n"), 1)
s = BASE.replace("48:0x00007F3A500000C0", "48:0x7:0x8")
case("an allocation item of five parts", s, "TL-ITM-001",
     at(s, "0x00000000:2:48"), 1)
s = BASE.replace("0x00007F3A50000000:0x40 0x0:0x0:0x4",
                 "0x0:0x0:0x4 0x00007F3A50000000:0x40")
case("an IL map before the code info (TL-A12)", s, "TL-ITM-002",
     at(s, "0x00007F3A50000000:0x40"), 1)

# ---- values -----------------------------------------------------------------
s = BASE.replace("CollectionMethod Sampling", "CollectionMethod Sampling now")
case("a setting's value with a space", s, "TL-CFG-001", at(s, "now"), 1)
s = BASE.replace(CFG, CFG + "prf cfg Foo 1\n")
case("an unknown setting", s, "TL-CFG-002", at(s, "Foo"), 0)
s = BASE.replace("CollectionMethod Sampling", "CollectionMethod Tracing")
case("CollectionMethod Tracing", s, "TL-CFG-003", at(s, "Tracing"), 1)
s = BASE.replace("SamplingTimeoutMs 10", "SamplingTimeoutMs ten")
case("a number written as a word", s, "TL-CFG-003", at(s, "ten"), 1)
s = BASE.replace("LineTraceEnabled T", "LineTraceEnabled true")
case("a switch written true", s, "TL-CFG-004", at(s, "true"), 0)
# a collection's reason and generation flags: what replaces the base's
# "induced tfff", the rule and where its finding is (exit 1 for each)
for name, gc, rule, where in [
        ("a collection's reason explicit", "explicit tfff", "TL-GC-001",
         "explicit"),
        ("generation flags as four tokens (M18)", "induced t f f f",
         "TL-GC-002", "t f f f"),
        ("three generation flags", "induced tff", "TL-GC-002", "tff\n"),
        ("a generation flag F", "induced tfFf", "TL-GC-002", "tfFf"),
        ("a second token after the generation flags", "induced tfff tfff",
         "TL-FLD-002", "tfff\n")]:
    s = BASE.replace("induced tfff", gc)
    case(name, s, rule, at(s, where), 1)
s = BASE.replace("induced tfff", "? tfff")
clean("a collection's reason ?: no finding", s)
s = BASE.replace("jit cms 0x00000000", "jit cms 4242")
case("a JIT record's thread in decimal (TL-A11)", s, "TL-THR-001",
     at(s, "4242 1500"), 0)

# ---- across lines -------------------------------------------------------------
s = BASE[len(STM):] + STM
case("prf stm last", s, "TL-ORD-001", 0, 0, line=1, column=1)
s = STM + BASE
case("prf stm twice", s, "TL-ORD-002", len(STM), 0)
s = BASE.replace("1530 1 1:1:", "1530 1 1:2:")
case("a stackSize the last sample did not leave", s, "TL-STK-001",
     at(s, "1:2:") + 2, 0)
s = BASE.replace("1530 1 1:1:", "1530 1 2:1:")
case("a matchPrefixSize above its stackSize", s, "TL-STK-002",
     at(s, "2:1:"), 0)
s = BASE.replace("sam str 0x00000000 1530", "sam str 0x00000000 1510")
case("a sample before the thread's last", s, "TL-TS-001",
     at(s, "sam str 0x00000000 1510") + 19, 0)
s = BASE.replace("1 0:0 0x00000000:0x", "1 0:0 0x00000009:0x")
case("a frame of a function defined nowhere", s, "TL-REF-001",
     at(s, "0x00000009"), 0)
s = BASE.replace(END, END + "thr cpu 0x00000000 1800 100\n")
case("a thread's record after its end", s, "TL-REF-002",
     at(s, "thr cpu 0x00000000 1800") + 8, 0)
# thread 0x14 sampled, then 80 threads more, which the table of threads
# grows for (its entries move), then 0x14 sampled again, before its last
# sample: the thread must be found anew, not where it was
threads = ["thr crt 0x00007F3A%08X 0x%08X\n" % (0x1000 + i, i)
           for i in range(101)]
MEM = "sam mem 0x00000014 %d 0x00000000:2:48:0x00007F3A500000C0\n"
s = (STM + CFG + LOAD + "".join(threads[:21]) + CLASS + MEM % 1540 +
     "".join(threads[21:]) + MEM % 1530)
case("a sample before its thread's last, 80 threads defined between",
     s, "TL-TS-001", at(s, "sam mem 0x00000014 1530") + 19, 0)
s = BASE.replace(CLASS, CLASS + CLASS.splitlines(True)[0])
case("a class internal id defined twice", s, "TL-ID-001",
     at(s, "0x00000000 0x00007F3A10000000 0x02000002", 1), 0)
s = BASE.replace(END, END + "thr crt 0x00007F3A00002000 0x00000005\n")
case("a thread id out of the count", s, "TL-ID-002",
     at(s, "0x00000005"), 0)

# ---- what the 2019 reader misreads --------------------------------------------
s = BASE.replace("0x00000000:0x00007F3A500000A4", "0x00000000:00007F3A500000A4")
case("a bare-hex frame IP", s, "TL-RDR-001", at(s, "00007F3A500000A4"), 0)
# what both vstools readers read right: no application domain or assembly
# record (their names keep their quotes), no instruction pointer (each
# reader misreads one form), no JIT or GC thread record
VSLOAD = "".join(LOAD.splitlines(True)[2:])
VSSAM = ("sam str 0x00000000 1520 1 0:0 0x00000000\n"
         "sam str 0x00000000 1530 1 1:1\n"
         "sam mem 0x00000000 1540 0x00000000:2:48\n")
NOJIT = STM + CFG + VSLOAD + THREAD + CLASS + FUN.splitlines(True)[1] + \
    FUN.splitlines(True)[3] + VSSAM + "gch alt 1560 0x00000000:1:24\n" + END
case("thr dst under vstools-compat", NOJIT, "TL-RDR-002",
     at(NOJIT, "thr dst"), 1, "--profile", "vstools-compat")
clean("thr dst with one field: no finding by default", NOJIT)
VS = NOJIT[:-len("thr dst 0x00000000\n")]
clean("the vstools base: no finding under its profile", VS, "--profile",
      "vstools-compat")
s = BASE.replace("0x00007F3A50000000:0x40 0x0:0x0:0x4",
                 "0x00007F3A50000000:0x40 0x00007F3A50001000:0x20")
case("two code infos side by side", s, "TL-RDR-003",
     at(s, "0x00007F3A50001000"), 0)
s = BASE.replace("07:24:28.049", "07:24:28.049 +09:00")
case("a start time with a zone", s, "TL-RDR-004", at(s, "+09:00"), 0)
s = VS + FUN.splitlines(True)[0]
case("an internal-id JIT thread under vstools-compat", s, "TL-RDR-005",
     at(s, "jit cms") + 8, 1, "--profile", "vstools-compat")
s = BASE.replace('cls nam 0x00000000 "Program"',
                 'cls nam 0x00000000 "sam str 0x1 2 3 0:0"')
case("a class named like a stack sample", s, "TL-RDR-006",
     at(s, '"sam str'), 0)

# a name is read for a record whose pattern the readers try before the
# line's own (spec/tracelog.md, "The vstools readers", V4): cls nam before fun nam, so
# a function named like a cls nam line is read as one; the other way not
s = BASE.replace('"Program::Main"', '"cls nam 0x5 Program"')
case("a function named like a cls nam line", s, "TL-RDR-006",
     at(s, '"cls nam'), 0, line=lines_before(s, '"cls nam'),
     column=len("fun nam 0x00000000 ") + 1)
s = BASE.replace('cls nam 0x00000000 "Program"',
                 'cls nam 0x00000000 "fun nam 0x5 Program"')
clean("a class named like a fun nam line: no finding", s)
# the readers parse a code size and the IL map's offsets as 32 bits
s = BASE.replace(":0x40 0x0:0x0:0x4", ":0x100000000 0x0:0x0:0x4")
case("a code size above 32 bits", s, "TL-RDR-007", at(s, "0x100000000"), 0,
     line=lines_before(s, "0x100000000"),
     column=len("fun inf 0x00000000 0x00007F3A40000000 0x00007F3A20000000 "
                "0x00007F3A10000000 0x06000001 0x00007F3A50000000:") + 1)
s = BASE.replace("0x0:0x0:0x4", "0x0:0x0:0x0000000100000000")
case("an IL map offset above 32 bits, with leading zeros", s, "TL-RDR-007",
     at(s, "0x0000000100000000"), 0)
s = BASE.replace("0x0:0x0:0x4", "0x0:0x0:0x00000000FFFFFFFF")
clean("0x00000000FFFFFFFF: 32 bits, no finding", s)
# 2018: "reads IPs as bare hex or ?", so 0x... reads as its 0
s = VS.replace("0:0 0x00000000\n", "0:0 0x00000000:0x00007F3A500000A4\n")
case("a 0x frame IP under vstools-compat", s, "TL-RDR-008",
     at(s, "0x00007F3A500000A4"), 1, "--profile", "vstools-compat",
     line=lines_before(s, "0x00007F3A500000A4"),
     column=len("sam str 0x00000000 1520 1 0:0 0x00000000:") + 1)
clean("a 0x frame IP: no finding by default", s)
# 5.2 item 7: apd crf and asm ldf keep the quotes of their names
s = VS.replace(VSLOAD, LOAD)
case("an application domain under vstools-compat", s, "TL-RDR-009",
     at(s, '"DefaultDomain"'), 1, "--profile", "vstools-compat")
# the readers' ids are 0x and digits: a ? id matches no pattern
s = VS.replace("sam mem 0x00000000 1540", "sam mem ? 1540")
case("a ? thread under vstools-compat", s, "TL-RDR-010", at(s, "? 1540"), 1,
     "--profile", "vstools-compat")
clean("a ? thread: no finding by default (TL-A5)", s)
# UTF-8 that is not well formed: a warning, but the readers replace it
s = VS.replace('"Program"', '"Pro\udcc3(gram"')
case("C3 28 in a class name under vstools-compat", s, "TL-ENC-001",
     at(s, "(gram"), 1, "--profile", "vstools-compat")
case("C3 28 in a class name by default", s, "TL-ENC-001", at(s, "(gram"), 0)

# ---- names define the ids they name (spec/tracelog.md TL-A16) ------------
# samples before the names of their functions and classes, which nothing
# else defines: the V_mid writer's order
TWO = STM + CFG + THREAD + "thr crt 0x00007F3A00002000 0x00000001\n"
s = (TWO + "sam str 0x00000000 1520 1 0:0 0x00000005\n"
     "sam str 0x00000001 1521 1 0:0 0x00000006\n"
     "sam mem 0x00000000 1522 0x00000007:2:48\n"
     "sam mem 0x00000001 1523 0x00000008:1:24\n"
     'fun nam 0x00000005 "A::B" "void" "()"\n'
     'fun nam 0x00000006 "A::C" "void" "()"\n'
     'cls nam 0x00000007 "A"\ncls nam 0x00000008 "D"\n')
clean("samples before fun nam and cls nam of their ids: no finding", s)
# a name is no second object: cls ldf after cls nam of its id is fine
s = TWO + 'cls nam 0x00000000 "A"\n' + CLASS.splitlines(True)[0]
clean("cls nam, then the cls ldf of its id: no finding", s)

# ---- the V_old writer's forms (spec/tracelog.md, "The V_old writer's forms"): errors, said so ------
for profile in ("default", "vstools-compat", "strict-canonical"):
    base = VS if profile == "vstools-compat" else BASE
    s = base.replace('"Program::Main" "void" "(string[])"', '"Program::Main"')
    got, found = findings(s, "--profile", profile)
    t.eq((got, [(d["rule"], d["found"]) for d in found][:1]),
         (1, [("TL-FLD-003", "one quoted string: the V_old writer's fun nam, "
               "with [Class::]name alone")]),
         "the V_old fun nam: an error that names the form (%s)" % profile)
    s = base.replace("cls ldf 0x00007F3A20000000 0x00000000 ",
                     "cls ldf 0x00007F3A20000000 ")
    got, found = findings(s, "--profile", profile)
    t.eq((got, [(d["rule"], d["offset"], d["found"]) for d in found][:1]),
         (1, [("TL-FLD-001", at(s, "0x00000000\ncls nam") + 10,
               "four fields: the V_old writer's cls ldf, without the "
               "classIid")]),
         "the V_old cls ldf: an error that names the form (%s)" % profile)

# ---- a last line without a line end (decision T-1) ----------------------------
# a whole last line is checked like any other: its own finding, not a cut
s = BASE + "prc cpu 1580 2x00"
case("a whole last line with a bad number, no line end", s, "TL-NUM-001",
     at(s, "2x00"), 1, line=lines_before(s, "prc cpu 1580 2x00"), column=14)
# what lacks a field, a part, or the rest of a name, time or tag, is cut
# (after the base without its thread's end, so that the thread is live)
LIVE = BASE[:-len("thr dst 0x00000000\n")]
for name, text in (("a field", "thr cpu 0x00000000 1590"),
                   ("the last part", "sam str 0x00000000 1520 1 0:"),
                   ("a part of an allocation item",
                    "sam mem 0x00000000 1540 0x00000000:2"),
                   ("the closing quote", 'cls nam 0x00000000 "Progr'),
                   ("the rest of the tag", "sam s"),
                   ("the rest of the flags",
                    "gch gcs 0x00000000 1550 induced tf"),
                   ("the digits of an id", "thr dst 0x")):
    s = LIVE + text
    case("a last line without %s, no line end" % name, s, "TL-CUT-001",
         len(LIVE), 7, line=s.count("\n") + 1, column=1)
s = "prf stm 2018-06-25 07:2"
case("a lone start time cut short", s, "TL-CUT-001", 0, 7)

# ---- the end of the input and limits ------------------------------------------
s = BASE[:-len("x00000000\n")]
case("cut inside the last line", s, "TL-CUT-001", at(s, "thr dst"), 7)
s = BASE + "prf trs 1700\r"
case("cut after the CR of a CRLF", s, "TL-CUT-001", len(s) - 1, 7)
s = BASE.replace(END, END + "".join(
    "thr crt 0x00007F3A0000%04X 0x%08X\n" % (i, i) for i in range(1, 8)))
# thread 0 has ended (thr dst); threads 1 to 4 are live, and 5 is one
# too many
case("more live threads than --max-live 4", s, "TL-LIM-001",
     at(s, "thr crt 0x00007F3A00000005"), 5, "--max-live", "4")
s = BASE.replace('"Program"\n', '"' + "P" * 70000 + '"\n', 1)
case("a line over --max-block 65536", s, "TL-LIM-002", at(s, "asm ldf"), 5,
     "--max-block", "65536")

# ---- a whole finding, in the text report --------------------------------------
s = BASE.replace("prc cpu 1580 2000", "prc cpu 1580 2x00")
code, out, err = run("check", "--format", "tracelog", cases.write(s))
line = lines_before(s, "2x00")
t.eq(out.splitlines()[:2],
     ["%s:%d:14: error[TL-NUM-001]: a decimal item (<num>, <ms>, <us>, <pid>) "
      "that is not unsigned decimal digits" % (cases.write(s), line),
      "    at /record[%d]{prc cpu}/field[1]: expected unsigned decimal "
      "digits, found \"2x00\"" % (line - 1)],
     "a finding's whole text: place, rule, message, path, expected, found")
code, out, err = run("check", "--report", "json", "--format", "tracelog",
                     cases.write(BASE))
t.eq(json.loads(out)["files"][0]["layout"],
     "CoreProfiler TraceLog, LF line ends", "the layout line")
t.done()
