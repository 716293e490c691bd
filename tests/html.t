#!/usr/bin/python3
"""html.t - `check --report html`: one self-contained page.  Over the
hostile files and every mutant of the corpus: the page's elements and
attributes are only the report's own (parsed here, and parsed again by
a real headless Chromium, whose DOM is read back), no script, a strict
Content-Security-Policy, every text of the input shown as text; each
file's findings are those of --report json, each with the bytes around
it; the parts fold open down to each finding; the same bytes run after
run and with --jobs; a failed write fails.  Failure: an element or
attribute the report does not write, a finding missing or extra, or any
difference between runs."""
import glob
import html.parser
import json
import os
import re
import shutil
import subprocess

from taplib import ROOT, Scratch, Tap, da_example, run

t = Tap()
scratch = Scratch("tg-html-")

# What the report writes, and nothing else.
TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3",
        "p", "table", "tr", "th", "td", "a", "section", "span", "div",
        "code", "dl", "dt", "dd", "q", "pre", "mark", "details", "summary",
        "b", "svg", "rect", "text", "tbody"}
ATTRIBUTES = {"lang", "charset", "http-equiv", "content", "id", "class",
              "href", "open", "xmlns", "width", "height", "role",
              "aria-label", "x", "y"}
CSP = "default-src 'none'; style-src 'unsafe-inline'"


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.text = set(), set(), []
        self.findings = {}  # section id -> [(rule, seq)]
        self.section = None
        self.csp = None
        self.open_details = 0
        self.dumps = 0
        self._code = None
        self._finding = None

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        a = dict(attrs)
        self.attrs.update(a)
        if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy":
            self.csp = a.get("content")
        if tag == "section":
            self.section = a["id"]
            self.findings[self.section] = []
        if tag == "div" and "finding" in a.get("class", ""):
            self._finding = int(a["id"].split("-")[1])
        if tag == "code" and self._finding is not None:
            self._code = ""
        if tag == "details" and "open" in a:
            self.open_details += 1
        if tag == "pre":
            self.dumps += 1

    def handle_endtag(self, tag):
        if tag == "code" and self._code is not None:
            self.findings[self.section].append((self._code, self._finding))
            self._code = self._finding = None

    def handle_data(self, data):
        self.text.append(data)
        if self._code is not None:
            self._code += data


def parse(text):
    p = Page()
    p.feed(text)
    p.close()
    return p


files = sorted(glob.glob(os.path.join(ROOT, "corpus", "*", "valid",
                                      "hostile*")) +
               glob.glob(os.path.join(ROOT, "corpus", "*", "invalid", "*",
                                      "*")) +
               glob.glob(os.path.join(ROOT, "corpus", "*", "warn", "*", "*")))
files.append(scratch.write("example.dumpalloc", da_example()))
code, page, err = run("check", "--report", "html", "--fail-on", "info",
                      *files)
t.eq(err, "", "no error writing the report of %d files" % len(files))
p = parse(page)
t.eq(sorted(p.tags - TAGS), [], "only the report's own elements: no element "
     "of the input's")
t.eq(sorted(p.attrs - ATTRIBUTES), [], "only the report's own attributes")
t.ok("script" not in p.tags and "on" not in "".join(
    a[:2] for a in p.attrs), "no script element, no event attribute")
t.eq(p.csp, CSP, "a strict Content-Security-Policy: nothing from elsewhere, "
     "no script")
t.ok(not re.search(r"(src|href)=\"(?!#)", page),
     "no link or source outside the page itself")
text = "".join(p.text)
t.ok("<script>alert(1)</script>&amp;&#0;" in text,
     "the hostile names are on the page as text, markup and all")

_, out, _ = run("check", "--report", "json", "--fail-on", "info", *files)
want = {}
shown = 0  # findings with bytes to show: all but the repeat cap's summaries
for i, f in enumerate(json.loads(out)["files"]):
    want["file%d" % (i + 1)] = [(d["rule"], d["seq"]) for d in f["findings"]]
    shown += sum(1 for d in f["findings"] if not d["suppressed"])
t.eq(p.findings, want, "each file's findings are those of --report json, in "
     "order, with their rule and number")
t.eq(p.dumps, shown, "the bytes around each finding")
t.ok(p.open_details > 0, "parts that hold a finding are folded open")

again = run("check", "--report", "html", "--fail-on", "info", *files)[1]
t.ok(again == page, "the same bytes run after run")
jobs = run("check", "--report", "html", "--fail-on", "info", "--jobs", "2",
           *files)[1]
t.ok(jobs == page, "the same bytes with --jobs 2")

# one file by hand: the dumpalloc example with a DALC too short for its
# address (DA-DALC-001 at 0x87): the finding, its bytes, the parts open
short = da_example()[:0x87] + b"DALC\x04\0\0\0\0\0\0\0"
one = scratch.write("short.dumpalloc", short)
code, page1, _ = run("check", "--report", "html", one)
p1 = parse(page1)
t.eq((code, p1.findings), (1, {"file1": [("DA-DALC-001", 0)]}),
     "a short DALC: exit 1, one finding")
M = "<mark>%s</mark>"
t.ok("<pre class=\"bytes\">00000060  50 43 41 4c 04 00 00 00  6d 61 69 6e 07 "
     "00 00 00  |PCAL....main....|\n"
     "00000070  6d 61 69 6e 2e 70 79 0a  00 00 00 46 52 41 4d 04  "
     "|main.py....FRAM.|\n"
     "00000080  00 00 00 54 45 52 4d " + M % "44" + "  " +
     " ".join(M % b for b in ("41", "4c", "43", "04", "00", "00", "00")) +
     " 00  |...TERM" + "".join(M % c for c in "DALC....") + ".|\n"
     "00000090  00 00 00" + " " * 42 + "|...|\n</pre>" in page1,
     "its bytes: two rows before, the 8 bytes of the record header (0x87 "
     "to 0x8e) marked in hex and text", page1)
t.ok("<details><summary><b>ALOC</b>" in page1 and
     "<details open><summary><b>DALC</b> 0x87, 12 bytes <code>/record[3]"
     "{DALC}</code></summary>\n<div class=\"at\"><a href=\"#f1-0\">finding "
     "0</a></div>\n</details>" in page1, "the DALC part is open at its "
     "finding's link; the ALOC before stays folded", page1)

code, out, err = run("check", "--report", "html", "-o", "/dev/full", one)
t.eq((code, err), (3, "tracegate: cannot write /dev/full: No space left on "
                      "device\n"), "a report that cannot be written: exit 3")

chromium = shutil.which("chromium")
if chromium is None:
    t.skip("Chromium's DOM", "chromium is not installed (./build.sh test "
           "installs it)")
else:
    path = scratch.write("report.html", page.encode())
    profile = scratch.path("chromium-profile")
    dom = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--user-data-dir=" + profile, "--dump-dom", "file://" + path],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120)
    d = parse(dom.stdout.decode("utf-8", "replace"))
    t.eq((sorted(d.tags - TAGS), sorted(d.attrs - ATTRIBUTES),
          "script" in d.tags),
         ([], [], False), "Chromium's DOM of the page holds only the "
         "report's elements and attributes, and no script")
    t.eq(d.findings, want, "... and every finding")

t.done()
