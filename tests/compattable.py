"""compattable - the compat tables of spec/<format>.md, and the files that
show each NetTrace row (the first mutant of the row's rule, or a file
built here for a rule that has none).  tests/compat.t holds the rows to
tracegate's levels, tests/traceevent-compat.t to what TraceEvent itself
does with those files."""
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
