#!/usr/bin/python3
"""web.t - the browser page (web/, built by `./build.sh web` into
build-web/site/) in a real headless Chromium, used as a person would: for
each real sample, the corpus (every valid file under every profile, the
first mutant of every rule) and a large generated trace, the format and
profile are chosen in the page's menus and the file given to its file
input.  The findings the page shows must be those of `tracegate check
--report json` for the same file and profile, field for field (the
location and clause as the page words them); the large trace is read in
slices of at most 1 MiB and the checker's memory stays far below the
file's size.  An HTML report of the hostile and invalid corpora, opened
in Chromium, holds no element, attribute or script of the input's.
Screenshots of the page, of an HTML report and of `show` are written to
reports/screenshots/ (this test makes them).  Failure: any field that
differs, a page error, a slice over 1 MiB, or an element of the input's.
Skipped, saying so, where the page, Chromium or the driver is missing
(./build.sh test provides all three)."""
import glob
import html
import json
import os
import shutil
import subprocess
import sys

from taplib import ROOT, SHARED, Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-web-")
SITE = os.path.join(ROOT, "build-web", "site")
DRIVER = os.path.join(ROOT, "build-tools", "node_modules", "playwright-core")
CHROMIUM = shutil.which("chromium")
SHOTS = os.path.join(ROOT, "reports", "screenshots")
SLICE = 1 << 20

missing = [what for what, there in (
    ("the page (./build.sh web)", os.path.exists(os.path.join(SITE,
                                                              "tracegate.wasm"))),
    ("playwright-core in build-tools/", os.path.isdir(DRIVER)),
    ("Debian's chromium", CHROMIUM is not None)) if not there]
if missing:
    t.skip("the browser page", "missing: " + ", ".join(missing))
    t.done()


def where(d):
    if d["line"] and d["column"]:
        return "%d:%d" % (d["line"], d["column"])
    return "0x%x" % d["offset"]


def shown(d):
    """a finding of --report json as the page words it"""
    return {"rule": d["rule"], "level": d["level"], "where": where(d),
            "path": d["path"], "message": d["message"],
            "expected": d["expected"], "found": d["found"],
            "clause": "%s, section \u201c%s\u201d" % (
                d["clause"]["document"], d["clause"]["section"])}


def cli(path, profile=None):
    opts = ["--profile", profile] if profile else []
    _, out, _ = run("check", "--report", "json", *opts, path)
    f = json.loads(out)["files"][0]
    return f["verdict"], [shown(d) for d in f["findings"]]


# ---- what the page is given ---------------------------------------------
jobs = []
samples = [s for s in sorted(glob.glob(os.path.join(SHARED, "samples", "*",
                                                    "*")))
           if not s.endswith(".md")]
if not samples:
    t.skip("samples in the page", "../shared/samples is absent")
jobs += [{"path": s} for s in samples]
_, out, _ = run("rules", "--report", "json")
for fmt in json.loads(out)["formats"]:
    valid = sorted(glob.glob(os.path.join(ROOT, "corpus", fmt["name"],
                                          "valid", "*")))
    for profile in fmt["profiles"]:
        jobs += [{"path": v, "format": fmt["name"], "profile": profile}
                 for v in valid]
mutants = sorted(glob.glob(os.path.join(ROOT, "corpus", "*", "invalid", "*",
                                        "0000*")) +
                 glob.glob(os.path.join(ROOT, "corpus", "*", "warn", "*",
                                        "0000*")))
jobs += [{"path": m} for m in mutants]
large = scratch.path("large.nettrace")
code, _, err = run("gen", "nettrace", "--seed", "7", "--count", "1",
                   "--size", "96M", "--out", scratch.dir)
made = glob.glob(os.path.join(scratch.dir, "*.nettrace"))
os.rename(made[0], large)
jobs.append({"path": large})
os.makedirs(SHOTS, exist_ok=True)
shot_mutant = os.path.join(ROOT, "corpus", "nettrace", "invalid",
                           "NT-BLK-003", "0000.nettrace.bin")
jobs.append({"path": shot_mutant,
             "screenshot": os.path.join(SHOTS, "web-page.png")})

# an HTML report of the hostile and invalid corpora, and one to look at
report_files = sorted(glob.glob(os.path.join(ROOT, "corpus", "*", "valid",
                                             "hostile*")) +
                      glob.glob(os.path.join(ROOT, "corpus", "*", "invalid",
                                             "*", "*")))
_, page, _ = run("check", "--report", "html", *report_files)
hostile_report = scratch.write("hostile.html", page.encode())
_, page, _ = run("check", "--report", "html", "--fail-on", "should",
                 os.path.join(ROOT, "corpus", "afperf", "invalid",
                              "AF-REG-001", "0000.afperf.bin"),
                 os.path.join(ROOT, "corpus", "dumpalloc", "valid",
                              "0000.dumpalloc.bin"))
shot_report = scratch.write("report.html", page.encode())
# `show` as a terminal shows it
_, shown_text, _ = run("show", os.path.join(ROOT, "corpus", "nettrace",
                                            "valid", "0000.nettrace.bin"))
show_page = scratch.write("show.html", (
    "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body{"
    "background:#1e1e1e;color:#ddd;margin:0;padding:12px}pre{font:13px/1.35 "
    "monospace;margin:0}</style></head><body><pre>$ tracegate show "
    "corpus/nettrace/valid/0000.nettrace.bin\n%s</pre></body></html>"
    % html.escape(shown_text)).encode())

# ---- the page, in Chromium ----------------------------------------------
server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind",
                           "127.0.0.1", "--directory", SITE],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
port = int(server.stdout.readline().split(" port ")[1].split()[0])
job = {"chromium": CHROMIUM, "url": "http://127.0.0.1:%d/" % port,
       "files": jobs,
       "pages": [{"url": "file://" + hostile_report},
                 {"url": "file://" + shot_report,
                  "screenshot": os.path.join(SHOTS, "html-report.png")},
                 {"url": "file://" + show_page,
                  "screenshot": os.path.join(SHOTS, "show.png")}]}
job_file = scratch.write("job.json", json.dumps(job).encode())
env = dict(os.environ, TG_PLAYWRIGHT=DRIVER)
p = subprocess.run(["node", os.path.join(ROOT, "tests", "browser",
                                         "drive.js"), job_file],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                   text=True, timeout=1800)
server.terminate()
server.wait()
if not t.eq(p.returncode, 0, "the driver ran the page (%d files)"
            % len(jobs)):
    print("# " + p.stderr.replace("\n", "\n# "))
    t.done()
got = json.loads(p.stdout)
t.eq(got["errors"], [], "no error in the page")

bad = {}
for j, page in zip(jobs, got["files"]):
    verdict, findings = cli(j["path"], j.get("profile"))
    name = os.path.relpath(j["path"], ROOT if j["path"].startswith(ROOT)
                           else os.path.dirname(j["path"]))
    if j.get("profile"):
        name += " --profile " + j["profile"]
    if page["verdict"] != verdict or page["findings"] != findings:
        first = next((i for i, (a, b) in enumerate(zip(page["findings"],
                                                        findings)) if a != b),
                     min(len(page["findings"]), len(findings)))
        bad[name] = {"verdicts": (page["verdict"], verdict),
                     "counts": (len(page["findings"]), len(findings)),
                     "first difference": (page["findings"][first:first + 1],
                                          findings[first:first + 1])}
t.eq(bad, {}, "%d files: the page shows check --report json's verdict and "
     "findings, field for field" % len(jobs))
shot = got["files"][-1]
t.ok(shot["open"] > 0 and shot["findings"], "the structure is folded open "
     "at the finding of %s" % os.path.relpath(shot_mutant, ROOT))

big = got["files"][jobs.index(next(j for j in jobs if j["path"] == large))]
size = os.path.getsize(large)
t.ok(big["largest"] <= SLICE and big["slices"] >= -(-size // SLICE),
     "a %d MiB trace is read in %d slices of at most 1 MiB, never whole"
     % (size >> 20, big["slices"]))
t.ok(big["heap"] < size // 2, "... and the checker's memory (%d MiB) stays "
     "far below the file's size" % (big["heap"] >> 20))

report, shot, _ = got["pages"]
allowed = {"html", "head", "meta", "title", "style", "body", "h1", "h2",
           "h3", "p", "table", "tbody", "tr", "th", "td", "a", "section",
           "span", "div", "code", "dl", "dt", "dd", "q", "pre", "mark",
           "details", "summary", "b", "svg", "rect", "text"}
t.eq((sorted(set(report["tags"]) - allowed), report["scripts"]), ([], 0),
     "the HTML report of the hostile and invalid corpora (%d files), in "
     "Chromium: only the report's elements, no script" % len(report_files))
t.eq(sorted(set(report["attributes"]) - {
    "lang", "charset", "http-equiv", "content", "id", "class", "href", "open",
    "xmlns", "width", "height", "role", "aria-label", "x", "y"}), [],
     "... and only the report's attributes")
for name in ("web-page.png", "html-report.png", "show.png"):
    path = os.path.join(SHOTS, name)
    with open(path, "rb") as f:
        head = f.read(8)
    t.ok(head == b"\x89PNG\r\n\x1a\n" and os.path.getsize(path) > 10000,
         "screenshot reports/screenshots/%s written" % name)
t.done()
