#!/usr/bin/python3
"""afperf.t - one hand-built case per AFPerf rule, each written from the
words of the seed (AFSIM's AFPerf page) and the decisions of spec/afperf.md (never
from tracegate's generator, so a misreading shared by the generator and
the checker cannot pass here). A case names the rule its first finding
must have, the byte offset and (for some) the line and column, computed
from how the text was built, and the exit code. Then the two real
samples get exactly the findings the decisions call for. Failure: another
rule, place or exit code."""
# build.sh test runs this against the checker-only build too
import json
import os

from taplib import SHARED, Tap, TextCases, at, run

t = Tap()

H = "# AFPerf v1     \n"
RI = "RunInfo,100,ns,1639527663.713,1.0.0,7,mission,2.9.0,\n"
MT = ("MeasurementType,101,7,1,Calls,int32,count,,\n"
      "MeasurementType,102,7,2,Host,string,text,,\n")
BASE = H + RI + MT


cases = TextCases(t, "afperf", ".afperf")
findings, case, clean = cases.findings, cases.case, cases.clean


# the base itself is valid, with no finding at all
clean("the base file is conformant, no finding", BASE)

# ---- encoding and headers -------------------------------------------------
s = BASE + "RegionStart,110,7,1,caf\u00e9 \udcc3(x,\nRegionStop,111,1\n"
# "MUST use UTF-8": C3 followed by "(", reported at the byte after C3
case("C3 28 in a label", s, "AF-ENC-001", at(s, "(x"), 1, line=5,
     column=len("RegionStart,110,7,1,caf\u00e9 \udcc3") + 1)
# the same place in SARIF: line and column, columns in code points
path = cases.write(s)
code, out, err = run("check", "--report", "sarif", path)
sarif = json.loads(out)["runs"][0]
region = sarif["results"][0]["locations"][0]["physicalLocation"]["region"]
t.eq((sarif["columnKind"], region["startLine"], region["startColumn"],
      region["byteOffset"]),
     ("unicodeCodePoints", 5, len("RegionStart,110,7,1,caf\u00e9 \udcc3") + 1,
      at(s, "(x")),
     "SARIF says line 5 and the column in code points")
code, out, err = run("check", "--report", "junit", path)
t.ok("0x%x (5:%d) MUST /record[3]: bytes that are not" % (
    at(s, "(x"), len("RegionStart,110,7,1,caf\u00e9 \udcc3") + 1) in out,
     "JUnit gives the offset, then line:column", out[:600])
case("byte order mark", "\ufeff" + BASE, "AF-ENC-002", 0, 1)
case("unpadded header", "# AFPerf v1\n" + RI + MT, "AF-HDR-001", 0, 1)
case("header of v2", "# AFPerf v2     \n" + RI, "AF-HDR-002", 0, 4)
s = H[:-1] + RI + MT
case("record on the header line", s, "AF-HDR-003", 16, 1)
s = BASE + "# AFPerf v1    X\n"
case("a later header differs", s, "AF-HDR-004", at(s, "# AFPerf v1    X"),
     1)
s = BASE + H + "RunPoint,120,7,1,5\n"
case("a run on both sides of a header", s, "AF-HDR-005",
     at(s, H, 1), 1, line=5, column=1)
s = BASE + "RunPoint,120,7,1"
case("input cut inside the last record", s, "AF-CUT-001",
     at(s, "RunPoint"), 7)
case("input cut inside the header", "# AFPerf v", "AF-CUT-001", 0, 7)

# ---- records and quoting --------------------------------------------------
s = BASE + "RegionStart,110,7,1,a,\rRegionStop,111,1\n"
case("a bare CR", s, "AF-REC-001", at(s, "\r"), 1, line=5, column=23)
s = BASE + "RunPoint,120,7,1,5\r\n"
case("CRLF in an LF file", s, "AF-REC-002", at(s, "\r"), 0)
# the header is a record (AF-A17): its CRLF is the file's first line end
s = H[:-1] + "\r\n" + RI + MT
case("LF records after a CRLF header", s, "AF-REC-002", at(s, "\n", 1), 0)
# and a file cut in its first record, after the header's line end, was
# cut short (T-1), not a record with too few fields
s = H + "RunInfo,100,ns,1639527663.713,1"
case("cut in the first record", s, "AF-CUT-001", len(H), 7)
s = BASE + "   \n"
case("a record of three spaces", s, "AF-REC-003", len(BASE), 0)
s = BASE + "RegionStart,110,7,1,a\"b,\nRegionStop,111,1\n"
case("a quote in an unquoted field", s, "AF-QUO-001", at(s, "\"b"), 1)
s = BASE + "RegionStart,110,7,1,\"ab\"cd,\nRegionStop,111,1\n"
case("text after a closing quote", s, "AF-QUO-002", at(s, "cd"), 1)
s = BASE + "RunPoint,120,7,2,\"abc"
case("a quote never closed", s, "AF-QUO-003", at(s, "\"abc"), 7)
# quoted fields may hold commas, quotes and line breaks (RFC 4180)
s = (BASE + "RegionStart,110,7,1,\"a, \"\"b\"\"\nc\",\nRegionStop,111,1\n"
     + "RunPoint,+5,7,1,5\n")
case("line:column after a line break in quotes", s, "AF-INT-001",
     at(s, "+5"), 1, line=8, column=10)

# ---- record types and field counts ----------------------------------------
for ty in ("15", "0", "RESERVED", "runinfo", "8abc", "-1"):
    s = BASE + ty + ",120,7\n"
    case("record type %s" % ty, s, "AF-TYP-001", at(s, ty + ",120"), 1)
FC = BASE.replace("1.0.0", "1.1.0")
s = FC + "15,120,7\n"
case("unknown type in a 1.1.0 run", s, "AF-TYP-002", at(s, "15,"), 0)
s = BASE + "0x9,120,7,1,5\n"
case("record type 0x9", s, "AF-TYP-003", at(s, "0x9"), 0)
s = BASE + "RegionStart,110,7,1,a,\nRegionStop,111\n"
case("RegionStop without its region id", s, "AF-FLD-001",
     at(s, "RegionStop,111\n") + len("RegionStop,111"), 1)
# the seed's RunInfo example: 8 fields, no format version
s = H + ("RunInfo,0x11223344,nanoseconds,1639527663.713,0xbad0bad0,mission,"
         "2.9.0.21.12.13-g123456789ab,\n")
code, found = findings(s)
t.eq((code, [(d["rule"], d["found"]) for d in found]),
     (1, [("AF-FLD-001", "7 (the seed's example and older writers leave out "
           "the format version)")]),
     "the seed's RunInfo example: AF-FLD-001 alone, said as such")
s = (BASE + "SectionInfo,103,7,5,s,\n"
     "SectionStart,120,5,34,fancy FooBar frobbing\nSectionStop,121,5,34\n")
case("the seed's SectionStart example", s, "AF-FLD-002",
     at(s, "fancy FooBar"), 0)
s = FC + "RegionStart,110,7,1,a,\nRegionStop,111,1,extra\n"
case("an extra field in a 1.1.0 run", s, "AF-FLD-003", at(s, "extra"), 0)
s = BASE + "RegionStart,110,7,1,a,\nRegionStop,,1\n"
case("blank RegionStop timestamp", s, "AF-FLD-004",
     at(s, "RegionStop,,") + len("RegionStop,"), 1)
s = BASE + "RunPoint,120,7,,5\n"
case("blank measurement type id", s, "AF-FLD-004",
     at(s, "RunPoint,120,7,,") + len("RunPoint,120,7,"), 1)
s = BASE + "RunPoint,120,7,1,5,2\n"
case("a type id without its value", s, "AF-PAIR-001", at(s, "2\n"), 1)
s = BASE + "RunPoint,120,7,1,5,1,6\n"
case("RunPoint with two pairs", s, "AF-PAIR-002", at(s, "1,6"), 0)

# ---- numbers ----------------------------------------------------------------
for text, rule, code in (("+120", "AF-INT-001", 1), ("0120", "AF-INT-002", 0),
                         ("0x78", "AF-INT-003", 0), ("-1", "AF-TS-001", 1),
                         ("9223372036854775808", "AF-TS-001", 1),
                         ("1e3", "AF-INT-001", 1)):
    s = BASE + "RunPoint,%s,7,1,5\n" % text
    case("timestamp %s" % text, s, rule, at(s, text + ",7"), code)
s = BASE + "RunPoint,120,18446744073709551616,1,5\n"
case("run id 2^64", s, "AF-INT-004", at(s, "184467"), 1)
for wall, rule, code in (("2025-03-04 05:06:07", "AF-FLT-001", 1),
                         ("1639527663.713x", "AF-FLT-001", 1),
                         ("1639527663.713 ", "AF-FLT-002", 0),
                         ("-1", "AF-RUN-003", 1), ("inf", "AF-RUN-003", 1)):
    s = BASE.replace("1639527663.713", wall)
    case("wallclock %r" % wall, s, rule, at(s, wall), code)

# ---- RunInfo ----------------------------------------------------------------
for units, rule, code in (("minutes", "AF-RUN-001", 1),
                          ("(1/1000000)", "AF-RUN-001", 1),
                          ("nanoseconds", "AF-RUN-002", 0),
                          ("\u03bcs", "AF-RUN-002", 0)):
    s = BASE.replace(",ns,", ",%s," % units, 1)
    case("RunInfo units %s" % units, s, rule, at(s, units), code)
for version, rule in (("1.0", "AF-RUN-004"), ("1.0.0-rc", "AF-RUN-004"),
                      ("2.0.0", "AF-RUN-005")):
    s = BASE.replace("1.0.0", version)
    case("format version %s" % version, s, rule, at(s, version), 1)
s = BASE + RI
case("a second RunInfo of run 7", s, "AF-RUN-006",
     at(s, "7,mission", 1), 0)

# ---- MeasurementType and values --------------------------------------------
# (old text, new text, the part of it the finding is at)
for old, new, part, rule, code in (
        (",int32,count", ",float,count", "float", "AF-MT-001", 1),
        (",int32,count,", ",int32,,", ",,", "AF-MT-002", 1),
        (",int32,count", ",int32,text", "text", "AF-MT-003", 1),
        (",string,text", ",string,count", "count", "AF-MT-004", 1),
        (",int32,count", ",int32,min", "min", "AF-MT-005", 1),
        (",int32,count", ",int32,furlongs", "furlongs", "AF-MT-007", 0)):
    s = BASE.replace(old, new)
    case("MeasurementType %s" % new, s, rule,
         at(s, new) + new.index(part) + (part == ",,"), code)
# the seed's own example (ids in decimal): units spelled out
s = BASE + ("MeasurementType,123456700,7,2750,Execution Time,int64,"
            "nanoseconds,System execution,Some further elaboration on "
            "nuances of measured mechanism\n")
case("the seed's MeasurementType example", s, "AF-MT-006",
     at(s, "nanoseconds"), 0)
s = BASE + "RunPoint,120,7,1,abc\n"
case("int32 value abc", s, "AF-VAL-001", at(s, "abc"), 1)
s = BASE + "MeasurementType,103,7,3,Flag,bool,count,,\nRunPoint,120,7,3,2\n"
case("bool value 2", s, "AF-VAL-001", at(s, "2\n"), 1)
# records across the text index's 32 KiB stretches and the window's
# 1 MiB buffer (core/textindex.h): a bad value in the record that spans
# each of these offsets is reported at its own offset, from a file and
# through a pipe, whose reads come in pieces
text = BASE
targets = [32768, 65536, 98304, 1 << 20, (1 << 20) + 32768]
want, ts = [], 120
while len(text) < (1 << 20) + 40000:
    rec = "RunPoint,%d,7,1,%d\n" % (ts, ts % 1000)
    ts += 1
    if targets and len(text) < targets[0] < len(text) + len(rec):
        targets.pop(0)
        head = "RunPoint,%d,7,1," % (ts - 1)
        rec = head + "abc\n"
        want.append(("AF-VAL-001", len(text) + len(head)))
    text += rec
data = text.encode()
path = cases.write(data)
for how, args, pipe in (("a file", [path], None), ("a pipe", ["-"], data)):
    code, out, err = run("check", "--report", "json", "--format", "afperf",
                         *args, input_bytes=pipe)
    got = [(d["rule"], d["offset"])
           for d in json.loads(out)["files"][0]["findings"]]
    t.eq((code, got), (1, want),
         "values across index and window edges, from %s" % how)
# a record of many pairs: a bad value after 150 commas is found in its
# place
pairs = "1,5," * 74
s = (BASE + "RegionStart,110,7,1,x,\n" + "RegionPoint,111,1," + pairs +
     "1,abc\nRegionStop,112,1\n")
case("int32 value abc in the 75th pair", s, "AF-VAL-001", at(s, "abc"), 1,
     line=6, column=len("RegionPoint,111,1," + pairs + "1,") + 1)
# in a run of a later minor version, a field after RunPoint's one pair
# is a field 1.0 does not know: a warning, ignored (AF-A4), not a pair
s = (H + RI.replace("1.0.0", "1.1.0") + MT + "RunPoint,120,7,1,5,extra\n")
case("a field after RunPoint's pair in a 1.1 run", s, "AF-FLD-003",
     at(s, "extra"), 0)
# "subsequent records update the previous definition": after type 1 is
# redefined as a string, abc is a value of it, 5 before it was an int32
s = (BASE + "RunPoint,120,7,1,5\n"
     "MeasurementType,121,7,1,Calls,string,text,,\nRunPoint,122,7,1,abc\n")
clean("a redefined measurement type types what follows", s)
# a value before its MeasurementType: checked at the end, at its place
s = H + RI + "RunPoint,99,7,1,2147483648\n" + MT
case("int32 2^31 before its MeasurementType", s, "AF-VAL-001",
     at(s, "2147483648"), 1, line=3, column=17)

# ---- references and ordering ------------------------------------------------
s = BASE + "RunPoint,120,999,1,5\n"
case("a run with no RunInfo", s, "AF-REF-001", at(s, "999"), 0)
s = (BASE + RI.replace(",7,", ",8,") +
     "MeasurementType,103,8,3,Other,int64,count,,\nRunPoint,120,7,3,5\n")
case("a type registered by another run", s, "AF-REF-002", at(s, "5\n"), 1)
s = BASE + "RunPoint,120,7,999,5\n"
case("a type no run registers", s, "AF-REF-003", at(s, "5\n"), 0)
s = BASE + "SectionStart,120,5,1\nSectionStop,121,5,1\n"
case("a section with no SectionInfo", s, "AF-REF-004", at(s, "5,1"), 0)
s = BASE + "RegionPoint,120,42,1,5\n"
case("a region no RegionStart opens", s, "AF-REF-005", at(s, "42"), 0)
# what is left unresolved at the end is said in the order of the file,
# whatever the ids (the order of a hash table's slots would be its hash's)
ids = (900000007, 5, 123456789012, 17, 4000000000, 42)
s = BASE + "".join("RegionPoint,%d,%d,1,5\n" % (120 + i, r)
                   for i, r in enumerate(ids))
t.eq([(d["rule"], d["offset"]) for d in findings(s)[1]],
     [("AF-REF-005", at(s, ",%d," % r) + 1) for r in ids],
     "regions no RegionStart opens: said in the order of the file")
s = BASE + "RunPoint,120,,1,5\n"
case("a blank run id after a MeasurementType", s, "AF-ORD-001",
     at(s, "RunPoint,120,,") + len("RunPoint,120,"), 1)
# blank ids right after their block's opener are fine
s = (H + RI + "RunPoint,101,,1,5\n" + MT +
     "RegionStart,110,,,a,\nRegionPoint,111,,1,6\nRegionStop,112,\n"
     "RegionPoint,112,,1,7\n")
clean("blank ids in block order: no finding", s)

# ---- aggregates, regions, sections -----------------------------------------
REG = "RegionStart,110,7,1,a,\nRegionStop,111,1\n"
s = BASE + REG + "RegionAggregate,12,10,,,1,5\n"
case("processed aggregate without type", s, "AF-AGG-001",
     at(s, ",,,1,5") + 2, 1)
s = BASE + REG + "RegionAggregate,12,10,1,summation,1,5\n"
case("the seed's RegionAggregate example", s, "AF-AGG-002",
     at(s, "summation"), 0)
SEC = "SectionInfo,103,7,5,s,\n"
s = BASE + SEC + "SectionAggregate,12,10,,3,total,1,5\n"
case("processed SectionAggregate with an interval", s, "AF-AGG-003",
     at(s, "3,total"), 1)
s = BASE + SEC + "SectionAggregate,12,10,5,,,1,5\n"
case("raw SectionAggregate, blank interval", s, "AF-AGG-004",
     at(s, "5,,,1,5") + 2, 0)
s = BASE + "PauseResume,100,150,7\n"
case("PauseResume ending before it starts", s, "AF-TIME-001",
     at(s, "100,150"), 0)
s = BASE + "RegionStop,120,1\n"
case("RegionStop with nothing open", s, "AF-REG-001", at(s, "RegionStop"),
     1)
s = (BASE + "RegionStart,110,7,1,a,\nRegionStart,111,7,2,b,\n"
     "RegionStop,112,1\nRegionStop,113,1\n")
case("RegionStop of the outer region", s, "AF-REG-002",
     at(s, "1\nRegionStop,113"), 1)
s = BASE + "RegionStart,110,7,0,a,\nRegionStop,111,0\n" \
    "RegionStart,112,7,0,b,\nRegionStop,113,0\n"
case("region id 0 twice, as the writer does", s, "AF-REG-003",
     at(s, "0,b"), 0)
s = BASE + "RegionStart,110,7,1,a,\n"
case("a region never stopped", s, "AF-REG-004", at(s, "RegionStart"), 7)
s = BASE + SEC + "SectionStop,120,5,1\n"
case("SectionStop of no open interval", s, "AF-SEC-001",
     at(s, "SectionStop,120,5,1") + len("SectionStop,120,5,"), 1)
s = (BASE + SEC + "SectionStart,120,5,1\nSectionStart,121,5,1\n"
     "SectionStop,122,5,1\n")
case("SectionStart of an open interval", s, "AF-SEC-002",
     at(s, "1\nSectionStop"), 0)
s = BASE + "SectionInfo,,7,5,s,\n"
case("SectionInfo without timestamp", s, "AF-SEC-003",
     at(s, "SectionInfo,,") + len("SectionInfo,"), 0)
s = BASE + SEC + "SectionStart,120,5,1\n"
case("an interval never stopped", s, "AF-SEC-004",
     at(s, "SectionStart,120,5,1") + len("SectionStart,120,5,"), 7)
s = BASE + "RegionStart,110,7,1,a,=x;a\nRegionStop,111,1\n"
case("tags =x;a", s, "AF-TAG-001", at(s, "=x;a"), 0)
s = BASE + "RegionStart,110,7,1,a,a=1;a=2\nRegionStop,111,1\n"
case("tag a twice", s, "AF-TAG-002", at(s, "a=1;a=2"), 0)
# records of 64 to 127 bytes: what is wrong past their 64th byte is found
LONG = "RegionStart,110,7,1," + "x" * 50
s = BASE + LONG + ",=x;a\nRegionStop,111,1\n"
case("tags =x;a past byte 64 of a record", s, "AF-TAG-001", at(s, "=x;a"), 0,
     line=5, column=len(LONG) + 2)
s = BASE + LONG + "caf\u00e9 \udcc3(x,\nRegionStop,111,1\n"
case("C3 28 past byte 64 of a record", s, "AF-ENC-001", at(s, "(x"), 1,
     line=5, column=len(LONG + "caf\u00e9 \udcc3") + 1)
# RFC 4180: a line break inside a quoted field is data, so the record goes
# on to the next line; BASE has 4 lines, the label "two\nlines" 2 of them
s = BASE + 'RegionStart,110,7,1,"two\nlines",=x;a\nRegionStop,111,1\n'
case("tags =x;a after a label of two lines", s, "AF-TAG-001",
     at(s, "=x;a"), 0, line=6, column=len('lines",') + 1)
s = (BASE + 'RegionStart,110,7,1,"two\nlines",k=v\nRegionStop,111,1\n'
     "RegionStart,112,7,2,a,=y;b\nRegionStop,113,2\n")
case("tags =y;b two records after a label of two lines", s, "AF-TAG-001",
     at(s, "=y;b"), 0, line=8, column=len("RegionStart,112,7,2,a,") + 1)

# ---- a last record without a line end (decision T-1) ------------------------
# "An empty record or record consisting only of tab and space characters
# MUST be likewise ignored", and the last record may end at the end of the
# input: ignored, not cut (its COMPAT finding says Artificer rejects it)
s = BASE + "  \t"
case("a last record of blanks, no line end", s, "AF-REC-003", len(BASE), 0,
     line=5, column=1)
got, found = findings(s, "--profile", "artificer-compat")
t.eq((got, [d["rule"] for d in found]), (1, ["AF-REC-003"]),
     "the same under artificer-compat: COMPAT counts as MUST")
# a last record whose every field is there is checked like any other
LAST = "RunInfo,200,ns,1.5,0,8,app,1,"
s = BASE + LAST
case("a whole last RunInfo of version 0, no line end", s, "AF-RUN-004",
     at(s, "0,8,app"), 1, line=5, column=len("RunInfo,200,ns,1.5,") + 1)
s = BASE + "RegionStart,110,7,1,a,\nRegionStop,111,2"
case("a whole last RegionStop of another region, no line end", s,
     "AF-REG-002", len(s) - 1, 1, line=6, column=len("RegionStop,111,") + 1)
# what lacks a field is cut: a RunPoint without its value, a type cut in
# its name, a version header cut short
s = BASE + "RegionStart,110,7,1,a,\nRegionStop,111"
case("a last RegionStop without its id, no line end", s, "AF-CUT-001",
     at(s, "RegionStop"), 7, line=6, column=1)
s = BASE + "RegionSt"
case("a last record cut in its type's name", s, "AF-CUT-001", len(BASE), 7)
s = BASE + "# AFPerf v1 "
case("a repeated header cut short", s, "AF-CUT-001", len(BASE), 7)
s = BASE + "# AFPerf v1    X"
case("a whole repeated header that differs, no line end", s, "AF-HDR-004",
     len(BASE), 1)

# ---- white space around numbers (decision T-10) -----------------------------
# strtod reads past leading white space, and a float "MUST not have a
# non-whitespace final string component": a warning around any number
SEC5 = "SectionInfo,103,7,5,s,\nSectionStart,104,5,3\n"
DBL = "MeasurementType,102,7,4,Load,double,count,,\n"
s = BASE + DBL + SEC5 + "SectionPoint,105,5,3,4, 0.5\t\nSectionStop,106,5,3\n"
case("a double value with blanks around it", s, "AF-FLT-002", at(s, " 0.5"),
     0, line=8, column=len("SectionPoint,105,5,3,4,") + 1)
for field, text in (("timestamp", " 120"), ("run id", "7 "),
                    ("measurement type id", "\t1"), ("value", "5 ")):
    parts = ["RunPoint", "120", "7", "1", "5"]
    parts[["timestamp", "run id", "measurement type id", "value"]
          .index(field) + 1] = text
    s = BASE + ",".join(parts) + "\n"
    case("%s %r" % (field, text), s, "AF-FLT-002", at(s, text), 0, line=5,
         column=at(s, text) - len(BASE) + 1)
s = BASE + " 9,120,7,1,5\n"
case("record type id ' 9'", s, "AF-FLT-002", len(BASE), 0)
s = BASE + "MeasurementType,103,7,3,Flag,bool,count,,\nRunPoint,120,7,3, 1\n"
case("bool value ' 1'", s, "AF-FLT-002", at(s, " 1\n"), 0)
# a value read before its MeasurementType: the same, at the end
s = H + RI + "RunPoint,99,7,4,\t2.5 \n" + MT + DBL
case("a double value with blanks, before its MeasurementType", s,
     "AF-FLT-002", at(s, "\t2.5"), 0, line=3,
     column=len("RunPoint,99,7,4,") + 1)
# blanks are part of a string value; blanks alone are no number
s = BASE + "RunPoint,120,7,2, node 7 \n"
clean("a string value with blanks: no finding", s)
s = BASE + "RunPoint,   ,7,1,5\n"
case("a timestamp of blanks only", s, "AF-INT-001", at(s, "   ,7"), 1)

# ---- blank ids bind data records only (Common Record Fields) ---------------
# "Record block ordering means that point and aggregate data records
# immediately follow the RunInfo, RegionStart, RegionStop, SectionStart or
# SectionStop record with which they are associated": a RegionStart or
# SectionInfo with a blank run id is the last RunInfo's wherever it is
s = (H + RI.replace(",7,", ",,", 1) + MT.replace(",7,", ",,") +
     "RegionStart,110,,1,a,\nRegionPoint,111,,1,5\nRegionStop,112,\n"
     "RegionStart,113,,2,b,\nRegionStop,114,\n"
     "SectionInfo,115,,5,s,\nSectionStart,116,5,1\nSectionStop,117,5,1\n"
     "PauseResume,119,118,\n")
clean("blank run ids on RegionStart, SectionInfo, PauseResume after other "
     "records: no finding", s)
s = H + "MeasurementType,100,,1,Calls,int32,count,,\n" + RI
case("a blank run id before any RunInfo", s, "AF-ORD-002",
     at(s, ",,1,Calls") + 1, 0, line=2, column=len("MeasurementType,100,") + 1)

# ---- the pairing of datatype and units (MeasurementType) ---------------------
# "A units value of "text" MUST only be used when datatype is "string"";
# "count" "only ... when datatype is one of the numeric values"
for dt, units, rule in (("enum", "text", "AF-MT-003"),
                        ("bool", "text", "AF-MT-003"),
                        ("double", "text", "AF-MT-003"),
                        ("enum", "count", "AF-MT-004")):
    s = BASE + "MeasurementType,103,7,3,X,%s,%s,,\n" % (dt, units)
    case("%s with %s" % (dt, units), s, rule,
         at(s, "X,%s,%s" % (dt, units)) + len("X,%s," % dt), 1,
         line=5, column=len("MeasurementType,103,7,3,X,%s," % dt) + 1)
s = BASE + ("MeasurementType,103,7,3,Ok,bool,count,,\n"
            "MeasurementType,104,7,4,Page,enum,KiB,,\n"
            "MeasurementType,105,7,5,Start,string,s,,\n")
clean("bool with count, enum with KiB, string with s", s)

# ---- what the seed says is unique ---------------------------------------------
# "The interval id need only be unique within matching section ids"
s = (BASE + SEC5 + "SectionStop,105,5,3\nSectionStart,106,5,3\n"
     "SectionStop,107,5,3\n")
case("a closed interval's id used again in its section", s, "AF-SEC-002",
     at(s, "3", 7), 0, line=8, column=len("SectionStart,106,5,") + 1)
s = (BASE + SEC5 + "SectionStop,105,5,3\nSectionInfo,106,7,6,t,\n"
     "SectionStart,107,6,3\nSectionStop,108,6,3\n")
clean("interval 3 of another section: no finding", s)
# "The section id is unique within each SectionInfo record, i.e.
# distinguishes each section creation during runtime"
s = BASE + SEC5 + "SectionStop,105,5,3\nSectionInfo,106,7,5,again,\n"
case("a section id given twice in a run", s, "AF-SEC-005", at(s, "5,again"),
     0, line=8, column=len("SectionInfo,106,7,") + 1)
s = (BASE + SEC5 + "SectionStop,105,5,3\n" + RI.replace(",7,", ",8,") +
     "SectionInfo,106,8,5,again,\nSectionStart,107,5,3\nSectionStop,108,5,3\n")
clean("section 5 and its interval 3 again in another run: no finding", s)
# "A type id value should be selected to minimize chance of duplication,
# including for successive runs": an observation, said once
s = BASE + RI.replace(",7,", ",8,") + MT.replace(",7,", ",8,")
case("a second run's types with the first's ids", s, "AF-MT-008",
     at(s, "1,Calls", 1), 0, line=6, column=len("MeasurementType,101,8,") + 1)

# ---- artificer-compat: legal forms the Artificer reader fails on -------------
def art(name, text, rule, offset, code=1, line=None, column=None):
    case(name + " (artificer-compat)", text, rule, offset, code, "--profile",
         "artificer-compat", line=line, column=column)


# spec/afperf.md, "The Artificer reader", A19: "a blank value throws" (stoll, stoull)
s = H + RI + "MeasurementType,101,,1,Calls,int32,count,,\n"
art("a blank MeasurementType run id", s, "AF-ART-001",
    at(s, ",,1,Calls") + 1, line=3, column=len("MeasurementType,101,") + 1)
s = BASE + "RegionStart,110,7,1,a,\nRegionPoint,111,,1,5\nRegionStop,112,1\n"
art("a blank RegionPoint region id, in block order", s, "AF-ART-001",
    at(s, ",,1,5") + 1, line=6, column=len("RegionPoint,111,") + 1)
s = BASE + "SectionInfo,103,7,5,s,\nSectionStart,104,5,\n"
art("a blank interval id", s, "AF-ART-001", len(s) - 1)
s = BASE + "RegionStart,110,7,9223372036854775808,a,\nRegionStop,111,\n"
art("region id 2^63", s, "AF-ART-002", at(s, "92233"), line=5,
    column=len("RegionStart,110,7,") + 1)
# "measurement values via stod (a string/enum value throws)"
s = BASE + "RunPoint,120,7,2,node-7\n"
art("a string value", s, "AF-ART-003", at(s, "node-7"), line=5,
    column=len("RunPoint,120,7,2,") + 1)
s = H + RI + "RunPoint,99,7,2,node-7\n" + MT
art("a string value before its MeasurementType", s, "AF-ART-003",
    at(s, "node-7"), line=3, column=len("RunPoint,99,7,2,") + 1)
for value in ("1e400", "1e-310"):
    s = BASE + DBL + "RunPoint,120,7,4,%s\n" % value
    art("double %s (stod: ERANGE)" % value, s, "AF-ART-003", at(s, value))
# no exponent: 1e309 written out overflows a double, 199 digits do not
s = BASE + DBL + "RunPoint,120,7,4,%s\n" % ("1" + "0" * 309)
art("double 1e309 in 310 digits (stod: ERANGE)", s, "AF-ART-003", at(s, "1000"))
s = BASE + DBL + "RunPoint,120,7,4,%s\n" % ("9" * 199)
clean("a double of 199 digits under artificer-compat: no finding", s,
      "--profile", "artificer-compat")
# a value that is no double: AF-VAL-001, the one finding (AF-ART rules
# are about legal values)
s = BASE + DBL + "RunPoint,120,7,4,1e5x\n"
got, found = findings(s, "--profile", "artificer-compat")
t.eq((got, [(d["rule"], d["offset"]) for d in found]),
     (1, [("AF-VAL-001", at(s, "1e5x"))]),
     "double '1e5x' under artificer-compat: AF-VAL-001 alone")
s = BASE + ("MeasurementType,103,7,3,Big,int64,count,,\n"
            "RunPoint,120,7,3,9007199254740993\n")
art("int64 2^53 + 1 (a double rounds it)", s, "AF-ART-003",
    at(s, "9007199254740993"))
s = BASE + ("MeasurementType,103,7,3,Big,int64,count,,\n"
            "RunPoint,120,7,3,9007199254740992\n")
clean("int64 2^53 under artificer-compat: no finding", s, "--profile",
      "artificer-compat")
# RFC 4180 may quote any field; Artificer's tokeniser takes the quotes off
s = H + RI.replace(",7,", ',"7",') + 'MeasurementType,101,"7","1",Calls,' \
    'int32,count,,\nRunPoint,120,7,"1",5\n'
clean("quoted ids under artificer-compat: no finding", s, "--profile",
      "artificer-compat")
# spec/afperf.md, "The Artificer reader", A28: records without a run id of their own are
# "attributed to the previous run id"
RI8 = RI.replace(",7,", ",8,")
s = BASE + RI8 + "PauseResume,130,120,7\n"
art("run 7's PauseResume after run 8's RunInfo", s, "AF-ART-004",
    at(s, "PauseResume"), line=6, column=1)
s = BASE + "SectionInfo,103,7,5,s,\n" + RI8 + "SectionStart,104,5,1\n"
art("run 7's SectionStart after run 8's RunInfo", s, "AF-ART-004",
    at(s, "SectionStart"), line=7, column=1)
# 5.2 item 7: region data "must match an open region or throw"; RegionStop
# "segfaults on an empty stack" (Artificer keeps a stack per run)
s = BASE + "RegionStart,110,7,1,a,\nRegionStop,111,1\nRegionPoint,112,1,1,5\n"
art("a RegionPoint after its RegionStop", s, "AF-ART-005",
    at(s, "1,1,5"), line=7, column=len("RegionPoint,112,") + 1)
s = BASE + "RegionStart,110,7,1,a,\n" + RI8 + "RegionStop,111,1\n"
art("run 7's region stopped after run 8's RunInfo", s, "AF-ART-005",
    at(s, "RegionStop"), line=7, column=1)
# 5.2 item 3: "Values >= 15 or negative throw"; the seed says to ignore an
# unknown record type of a later minor version
s = FC + "15,120,7\n"
art("type 15 in a 1.1.0 run: AF-TYP-002, a MUST there", s, "AF-TYP-002",
    at(s, "15,"))
# every pair of a point record goes through stoll and stod
s = H + RI.replace("1.0.0", "1.1.0") + MT + "RunPoint,120,7,1,5,x,y\n"
art("fields after RunPoint's pair in a 1.1 run", s, "AF-ART-006", at(s, "x,y"))
# V1Parser.cpp keeps the last record's last field only when it is not
# empty: a SectionInfo with blank tags at the end loses them, and has 5
# fields where Artificer needs 6
s = BASE + "SectionInfo,110,7,5,s,"
art("a last SectionInfo with blank tags, no line end", s, "AF-ART-007",
    len(s), line=5, column=len("SectionInfo,110,7,5,s,") + 1)
# formats/ 5.2: "An empty quoted field `""` never closes: a `"` while the
# value is still empty is taken as an opening quote"
s = BASE + 'SectionInfo,110,7,5,"",k=\n'
art("a SectionInfo's label an empty quoted field", s, "AF-ART-008",
    at(s, '""'), line=5, column=len("SectionInfo,110,7,5,") + 1)
s = BASE + 'RegionStart,110,7,1,"",\nRegionStop,111,1\n'
art("a RegionStart's label an empty quoted field", s, "AF-ART-008",
    at(s, '""'), line=5, column=len("RegionStart,110,7,1,") + 1)
# not an empty value: "" inside quotes is a quote, as Artificer reads it
s = BASE + 'SectionInfo,110,7,5,"""",k=\nSectionInfo,111,7,6,"""x",\n'
clean("quoted fields holding a quote under artificer-compat: no finding",
      s, "--profile", "artificer-compat")

# ---- limits of the checker ---------------------------------------------------
s = BASE + "".join("RunPoint,%d,%d,1,5\n" % (120 + i, 20 + i)
                   for i in range(6))
# runs 7, 20, 21 and 22 are tracked; run 23, the fifth, is one too many
case("more runs than --max-live 4", s, "AF-LIM-001", at(s, "RunPoint", 3),
     5, "--max-live", "4")
s = BASE + "RegionStart,110,7,1," + "x" * 70000 + ",\nRegionStop,111,1\n"
case("a record over --max-block 65536", s, "AF-LIM-002",
     at(s, "RegionStart"), 5, "--max-block", "65536")
# the same as the last record, with no line end after it: a limit all the
# same, never a record read as if it were whole (nor one only counted as
# the possibly cut last record)
s = BASE + "RunPoint,120,7,1," + "5" * 70000
case("a last unended record over --max-block 65536", s, "AF-LIM-002",
     at(s, "RunPoint"), 5, "--max-block", "65536")
# a record over the limit with a quote open past the limit: the limit, not
# an open quote (no byte past the limit is looked at)
s = BASE + 'RunPoint,120,7,2,"' + "y" * 70000 + '"\n'
case("a quoted field over --max-block 65536", s, "AF-LIM-002",
     at(s, "RunPoint"), 5, "--max-block", "65536")

# ---- the real samples ---------------------------------------------------------
samples = os.path.join(SHARED, "samples", "afperf")
WRITER = os.path.join(samples, "afperf_writer_generated_2runs.afperf")
LEGACY = os.path.join(samples, "artificer_test_generatedContent.body.txt")
if not os.path.exists(WRITER):
    t.skip("real AFPerf samples", "no %s" % samples)
else:
    code, out, err = run("check", "--report", "json", WRITER)
    got = [(d["rule"], d["line"], d["column"])
           for d in json.loads(out)["files"][0]["findings"]]
    # the writer (afperf.cpp): region id 0 given to every RegionStart
    # (AF-A15: each after the first is AF-REG-003), raw SectionAggregates
    # with "total" (AF-A8) and a blank interval id (AF-A9), in both runs;
    # the second run registers measurement type ids 0 and 1 again, which
    # the first did (AF-MT-008, said once: at the 0 of line 17)
    agg = [("AF-AGG-002", 12, 47), ("AF-AGG-004", 12, 46),
           ("AF-AGG-002", 13, 11), ("AF-AGG-004", 13, 10)]
    # the column of that 0: past line 17's first three fields, as the
    # sample spells them (its timestamps and run id are the writer's)
    with open(WRITER, encoding="utf-8") as f:
        line17 = f.read().split("\n")[16]
    mt_id = len(",".join(line17.split(",")[:3])) + 2
    t.eq((code, got),
         (0, [("AF-REG-003", 6, 37), ("AF-REG-003", 7, 37)] + agg +
          [("AF-MT-008", 17, mt_id)] +
          [("AF-REG-003", line, 36) for line in (19, 20, 21)] +
          [(r, line + 14, c) for r, line, c in agg]),
         "the writer's file: valid, with the warnings its decisions name")
    code, out, err = run("check", "--report", "json", "--format", "afperf",
                         LEGACY)
    got = [(d["rule"], d["line"]) for d in
           json.loads(out)["files"][0]["findings"]]
    # no header; an 8-field RunInfo and MeasurementTypes without datatype
    # (T-6: AF-FLD-001 alone each, and their ids are not trusted, so run 0
    # has no RunInfo); region id 0 reused; raw aggregates with a type
    reuse = [("AF-REG-003", line) for line in
             (6, 7, 10, 11, 18, 19, 20, 23, 24, 28, 29, 30, 33, 34)]
    t.eq((code, got),
         (1, [("AF-HDR-001", 1), ("AF-FLD-001", 1), ("AF-FLD-001", 2),
              ("AF-FLD-001", 3)] + reuse[:4] + [("AF-AGG-002", 15)] +
          reuse[4:] + [("AF-AGG-002", 38), ("AF-AGG-002", 39),
                       ("AF-REF-001", 4)]),
         "the older writer's body: every finding, in order")
t.done()
