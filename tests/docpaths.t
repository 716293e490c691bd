#!/usr/bin/python3
"""docpaths.t - every file or folder of this repository that README.md,
ARCHITECTURE.md, docs/ and spec/ name exists: a guide that sends its reader
to a path that has moved, or to a document the project does not ship, is
wrong. A path is a word that starts with one of the tree's top folders
(`tests/oracle.t`, `spec/<format>.md`) or names a top-level file
(`ARCHITECTURE.md`), and each relative Markdown link; `<format>`, `FORMAT`,
`NNNN` and `*` stand for any name and must match at least one. Paths in
another project (after a `github.com/...` address on the same line) and the
outputs of a build (`build*/`) are not this tree's. CHANGELOG.md is history
and may name what is gone. Failure: the document and each path it names
that does not exist."""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from taplib import Tap  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TOP = sorted(d for d in os.listdir(ROOT)
             if os.path.isdir(os.path.join(ROOT, d))
             and not d.startswith("build") and d != ".git")
# top-level files a document may name, and the one it must not (a design
# note of the project's making that users never get)
FILES = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md", "LICENSE",
         "build.sh", "CMakeLists.txt", "DESIGN.md"]
WORD = re.compile(
    r"(?<![\w./-])((?:%s)/[\w./<>*-]*|(?:%s)\b)" % (
        "|".join(re.escape(d) for d in TOP),
        "|".join(re.escape(f) for f in FILES)))
LINK = re.compile(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)")


def pattern(path):
    """a named path as a glob: placeholders stand for any name"""
    path = re.sub(r"<[^>]+>", "*", path)
    return re.sub(r"\b(?:FORMAT|NNNN|RULE-ID|N)\b", "*", path)


def missing(doc):
    """the paths doc names that are not in the tree"""
    gone = []
    with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
        lines = f.read().split("\n")
    for line in lines:
        for m in WORD.finditer(line):
            if "github.com/" in line[:m.start()]:
                continue  # another project's path
            path = m.group(1).rstrip(".,:;")
            if not glob.glob(os.path.join(ROOT, pattern(path))):
                gone.append(path)
        for m in LINK.finditer(line):
            target = os.path.normpath(
                os.path.join(ROOT, os.path.dirname(doc), m.group(1)))
            if not os.path.exists(target):
                gone.append(m.group(1))
    return gone


docs = (["README.md", "ARCHITECTURE.md"] +
        sorted(os.path.relpath(p, ROOT)
               for p in glob.glob(os.path.join(ROOT, "docs", "*.md")) +
               glob.glob(os.path.join(ROOT, "spec", "*.md"))))
t = Tap()
t.ok(len(docs) >= 10, "the documents are found (%d)" % len(docs), docs)
for doc in docs:
    t.eq(missing(doc), [], "%s names only paths that exist" % doc)
# the pattern finds a path that does not exist: the test can fail
t.eq([p for p in ["tests/no-such.t", "spec/<format>.md", "DESIGN.md"]
      if not glob.glob(os.path.join(ROOT, pattern(p)))],
     ["tests/no-such.t", "DESIGN.md"],
     "a path that is not in the tree is found missing, a placeholder "
     "matches")
t.done()
