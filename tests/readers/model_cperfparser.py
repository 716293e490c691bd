#!/usr/bin/python3
"""model_cperfparser.py - an executable model of the two TraceLog readers
of Samsung's Visual Studio Tools for Tizen (vs-tools-cps,
src/Profiler/NetCore.Profiler.Cperf.Core/Parser/CperfParser.cs), the
readers the vstools-compat profile names: 2018 (de61dd52), from its
source, and 2019 (de7574cd), from the format notes (its source is not
at hand; its patterns are the 2018 ones with the changes the notes
record).  A file is read right only when both read it right.

Each reader, as written:
- lines from a .NET TextReader: LF, CRLF and a bare CR end a line; the
  bytes are decoded as UTF-8, a malformed byte becoming U+FFFD;
- a line shorter than 7 characters is skipped;
- the line is tried against a fixed list of unanchored patterns, the
  stack sample first; the first that matches anywhere in the line reads
  it; a line no pattern matches is passed over;
- the values through Convert.ToUInt64/ToUInt32/ToInt32(s, 16) and
  ulong/int.Parse: an overflow or a non-ASCII digit throws, and any
  exception ends the parse, the rest of the file dropped in silence.

It says: read (both readers read every line as the seed does), throws
WHAT (an exception ended a reader's parse: the rest of the file is
lost), or misreads WHAT (a line a reader drops, reads as another record,
or reads with another value: an instruction pointer, a skipped item, a
name with its quotes, U+FFFD, the start time).  As a reader under the
oracle's contract: exit 0, 1, or 4 (--misread-exit 4)."""
import re
import modelcli

HEX = r"0x[A-Fa-f0-9]+"


def pattern(text):
    return re.compile(text.replace("HEX", HEX))


# the record patterns of both readers, by tag, in the order 2018 tries
# them (CperfParser.cs); None: the reader has no pattern for it
COMMON = {
    "apd crf": r"(apd) (crf) (HEX) (HEX) (HEX) (.*)$",
    "asm ldf": r"(asm) (ldf) (HEX) (HEX) (HEX) (HEX) (.*)$",
    "mod ata": r"(mod) (ata) (HEX) (HEX)$",
    "mod ldf": r"(mod) (ldf) (HEX) (HEX) (HEX) (HEX) (.*)$",
    "cls nam": r"(cls) (nam) (HEX) (.*)$",
    "cls ldf": r"(cls) (ldf) (HEX) (HEX) (HEX) (HEX) (HEX)$",
    "fun nam": r'(fun) (nam) (HEX) (".*") (".*") (".*")$',
    "lin src": r"(lin) (src) (HEX) (HEX) (HEX) (\d+) (\d+) (\d+) (\d+)$",
    "fil src": r"(fil) (src) (HEX) (.*)$",
    "prc cpu": r"(prc) (cpu) (\d+) (\d+)$",
    "prf tps": r"(prf) (tps) (\d+)$",
    "prf trs": r"(prf) (trs) (\d+)$",
    "thr aos": r"(thr) (aos) (HEX) (\d+)$",
    "thr cpu": r"(thr) (cpu) (HEX) (\d+) (\d+)$",
    "thr crt": r"(thr) (crt) (HEX) (HEX)$",
    "thr dst": r"(thr) (dst) (HEX) (HEX)$",  # two fields: the writer's one
    "gch alt": r"(gch) (alt) (\d+)(.*)$",
}
SAM = {  # the samples: 2018 takes bare hex IPs, 2019 0x ones
    2018: {"sam str": r"(sam) (str) (HEX) (\d+) (\d+) (\d+):(\d+)"
                      r"(:([A-Fa-f0-9]+|\?))?(.*)$",
           "sam mem": r"(sam) (mem) (HEX) (\d+)(.*)$"},
    2019: {"sam str": r"(sam) (str) (HEX) (\d+) (\d+) (\d+):(\d+)"
                      r"(:(HEX|\?))?(.*)$",
           "sam mem": r"(sam) (mem) (HEX) (\d+)(.*)$"},
}
FRAME = {2018: pattern(r" (HEX)(:([A-Fa-f0-9]+))?"),
         2019: pattern(r" (HEX)(:(HEX))?")}
ALLOC = {2018: pattern(r" (HEX):(\d+):(\d+)(:([A-Fa-f0-9]+))?"),
         2019: pattern(r" (HEX):(\d+):(\d+)(:(HEX))?")}
CODE_INFO = pattern(r"\s(HEX):(HEX)(\s|$)")
CODE_MAP = pattern(r"\s(HEX):(HEX):(HEX)(\s|$)")
GC_ITEM = pattern(r"(HEX):(\d+):(\d+)")
ONLY = {
    2018: {"fun cmf": r"(fun) (cmf) (HEX) (HEX) (HEX) (HEX) (HEX) (HEX)(.*)$",
           "fun csf": r"(fun) (csf) (HEX) (HEX) (HEX) (HEX) (HEX)(.*)$"},
    2019: {"fun inf": r"(fun) (inf) (HEX) (HEX) (HEX) (HEX) (HEX)(.*)$",
           "jit cms": r"(jit) (cms) (\d+) (\d+) (HEX)$",
           "jit css": r"(jit) (css) (\d+) (\d+) (HEX)$",
           "jit csf": r"(jit) (csf) (\d+) (\d+) (HEX)$",
           "jit cmf": r"(jit) (cmf) (\d+) (\d+) (HEX) (HEX)$",
           "gch gcs": r"(gch) (gcs) (\d+) (\d+) (\S+) ([tf]{4})$",
           "gch gcf": r"(gch) (gcf) (\d+) (\d+)$",
           "gch gen": r"(gch) (gen) (\d+)(.*)$"},
}


def patterns(version):
    """[(tag, regex)] in the order the reader tries them: the samples
    first, then the records, its own among them"""
    order = list(SAM[version].items()) + list(COMMON.items())
    return [(tag, pattern(p)) for tag, p in
            order[:2] + list(ONLY[version].items()) + order[2:]]


class Throws(Exception):
    """an exception ended the parse"""


class Misreads(Exception):
    """a line read, or dropped, otherwise than the seed says"""


def hex_value(text, bits, signed=False):
    """Convert.ToUInt64/ToUInt32/ToInt32(text, 16): 0x taken, an
    overflow throws"""
    v = int(text[2:] if text[:2] in ("0x", "0X") else text, 16)
    if v >> bits:
        raise Throws("System.OverflowException: %s does not fit %s"
                     % (text, "Int32" if signed else "UInt%d" % bits))
    return v


def dec_value(text, bits):
    """ulong.Parse or int.Parse: ASCII digits only, in range"""
    if not text.isascii():
        raise Throws("System.FormatException: %r is not ASCII digits" % text)
    v = int(text)
    if v >> bits:
        raise Throws("System.OverflowException: %s" % text)
    return v


def seed_items(rest):
    """the compound items of a line's tail as the seed splits them: by
    one space, parts by colons"""
    return [item.split(":") for item in rest.split(" ") if item]


def read_line(version, line):
    """one line by one reader: raises Throws or Misreads"""
    tag = line[:7]
    for kind, regex in patterns(version):
        m = regex.search(line)
        if m is None:
            continue
        if m.start() > 0 or kind != tag:
            raise Misreads("the %d reader reads %r as a %s record"
                           % (version, line, kind))
        return read_values(version, kind, m, line)
    if tag in dict(patterns(version)):
        raise Misreads("the %d reader drops %r: its %s pattern does not "
                       "match" % (version, line, tag))


def read_values(version, kind, m, line):
    g = m.groups()
    for text in g:  # every hex id through Convert.To*(s, 16)
        if text and re.fullmatch(HEX, text):
            hex_value(text, 64)
    if kind == "sam str":
        dec_value(g[3], 64)
        dec_value(g[4], 64)
        dec_value(g[5], 31)
        dec_value(g[6], 31)
        head = line.split(" ")[5].split(":") if len(line.split(" ")) > 5 \
            else []
        if len(head) > 2 and g[8] != head[2]:
            raise Misreads("the %d reader reads the sample's instruction "
                           "pointer %s as %s" % (version, head[2],
                                                 g[8] or "none"))
        frames = FRAME[version].findall(g[9])
        seed = seed_items(g[9])
        for (fid, with_ip, ip), item in zip(frames, seed):
            # ":?" is the undefined pointer the seed leaves out: none
            want = item[1] if len(item) > 1 and item[1] != "?" else ""
            if ip != want:
                raise Misreads("the %d reader reads the frame %s's "
                               "instruction pointer %s as %s"
                               % (version, fid, want, ip or "none"))
    elif kind == "sam mem":
        dec_value(g[3], 64)
        allocs = ALLOC[version].findall(g[4])
        for got, item in zip(allocs, seed_items(g[4])):
            want = item[3] if len(item) > 3 and item[3] != "?" else ""
            if got[4] != want:
                raise Misreads("the %d reader reads an allocation's "
                               "instruction pointer %s as %s"
                               % (version, want, got[4] or "none"))
    elif kind in ("fun inf", "fun cmf", "fun csf"):
        rest = m.group(m.lastindex)
        infos, maps = CODE_INFO.findall(rest), CODE_MAP.findall(rest)
        for size in [i[1] for i in infos] + [x[c] for x in maps
                                             for c in range(3)]:
            hex_value(size, 32)
        seed = seed_items(rest)
        want = (sum(len(i) == 2 for i in seed), sum(len(i) == 3 for i in seed))
        if (len(infos), len(maps)) != want:
            raise Misreads("the %d reader reads %d code infos and %d IL maps "
                           "of %r, which holds %d and %d"
                           % ((version, len(infos), len(maps), line) + want))
    elif kind in ("apd crf", "asm ldf"):
        raise Misreads("the %d reader keeps the quotes of the name in %r"
                       % (version, line))
    elif kind in ("mod ldf", "cls nam", "fun nam", "fil src"):
        names = [t for t in g[3:] if t and t.startswith('"')]
        if any('"' in t[1:-1] for t in names):
            raise Misreads("the %d reader strips a quote inside a name in %r"
                           % (version, line))
    elif kind == "gch alt":
        dec_value(g[2], 64)
        for item in GC_ITEM.findall(g[3]):
            dec_value(item[1], 64)
            dec_value(item[2], 64)
    else:
        for text in g[2:]:
            if text and re.fullmatch(r"\d+", text):
                dec_value(text, 64)


START = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}")


def start_time(line):
    """the 2019 reader's prf stm, and the tools' strict readers
    (DataWriter.cs, TestRunner.cs)"""
    text = line[8:]
    if len(text) != 23:
        raise Throws("DataWriter and TestRunner parse the start time %r as "
                     "yyyy-MM-dd HH:mm:ss.fff and fail" % text)
    if not START.fullmatch(text):
        raise Misreads("the 2019 reader reads the start time %r as "
                       "DateTime.MinValue" % text)


def lines_of(data):
    """the lines TextReader.ReadLine gives, a byte order mark taken off:
    [(text, whether a byte of it was not UTF-8)]"""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    raw = re.split(rb"\r\n|\n|\r", data)
    if raw[-1] == b"":  # the input ended with a line end, or is empty
        raw.pop()
    lines = []
    for b in raw:
        try:
            lines.append((b.decode("utf-8"), False))
        except UnicodeDecodeError:
            lines.append((b.decode("utf-8", "replace"), True))
    return lines


def read(data):
    """(outcome, detail): what the two readers say of the file"""
    lines = lines_of(data)
    first_start = True
    try:
        for n, (line, malformed) in enumerate(lines, 1):
            if len(line) < 7:
                continue
            if malformed:
                raise Misreads("line %d: both readers decode %r with U+FFFD "
                               "for a byte that is not UTF-8" % (n, line))
            if line.startswith("prf stm ") and first_start:
                first_start = False
                start_time(line)
            for version in (2018, 2019):
                try:
                    read_line(version, line)
                except (Throws, Misreads) as e:
                    e.args = ("line %d: %s" % (n, e.args[0]),)
                    raise
    except Throws as e:
        return "throws", "%s; the rest of the file is dropped" % e
    except Misreads as e:
        return "misreads", str(e)
    return "read", ""


if __name__ == "__main__":
    modelcli.run(read)
