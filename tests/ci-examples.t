#!/usr/bin/python3
"""ci-examples.t - the CI examples of examples/ci/ parse as YAML, and the
step of each that checks the traces runs as written (bash, tracegate on
PATH for GitHub's, /opt/tg/tracegate put in its place for GitLab's) in a
scratch git repository holding a valid and a broken trace: it fails, and
leaves a SARIF report with the broken trace's finding (GitHub) or a JUnit
report with a failed test case (GitLab). Neither service runs here: the
workflow and the job around the step are checked for their keys only.
Failure: a file that does not parse, a step that passes, or a report
that does not hold the finding."""
import json
import os
import subprocess
import xml.etree.ElementTree as ET

import yaml
from taplib import ROOT, TRACEGATE, Scratch, Tap

t = Tap()
tmp = Scratch("tg-ciex-").dir
ex = os.path.join(ROOT, "examples", "ci")
with open(os.path.join(ex, "github-tracegate.yml")) as f:
    gh = yaml.safe_load(f)
with open(os.path.join(ex, "gitlab-tracegate.yml")) as f:
    gl = yaml.safe_load(f)
steps = gh["jobs"]["tracegate"]["steps"]
t.eq([s.get("name") for s in steps],
     [None, "Build tracegate", "Check the traces", "Upload to code scanning"],
     "the GitHub workflow: checkout, build, check, upload")
t.eq((steps[3]["uses"].split("@")[0], steps[3]["with"]["sarif_file"],
      steps[3]["if"], gh["permissions"]["security-events"]),
     ("github/codeql-action/upload-sarif", "tracegate.sarif", "always()",
      "write"), "the SARIF upload runs always, with the right permission")
t.eq((gl["tracegate"]["artifacts"]["reports"]["junit"],
      gl["tracegate"]["artifacts"]["when"]), ("tracegate.xml", "always"),
     "the GitLab job publishes its JUnit report always")

# a repository with one valid and one broken trace
repo = os.path.join(tmp, "repo")
os.makedirs(repo)
env = dict(os.environ, GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
env["PATH"] = os.path.dirname(os.path.abspath(TRACEGATE)) + ":" + env["PATH"]
good = subprocess.run([TRACEGATE, "gen", "tracelog", "--out", "-"],
                      stdout=subprocess.PIPE, check=True).stdout
with open(os.path.join(repo, "good.tracelog"), "wb") as f:
    f.write(good)
with open(os.path.join(repo, "bad.tracelog"), "wb") as f:
    f.write(good.replace(b"prc cpu ", b"prc cpu -", 1))
subprocess.run(["git", "init", "-q"], cwd=repo, env=env, check=True)
subprocess.run(["git", "add", "."], cwd=repo, env=env, check=True)


def step(script):
    p = subprocess.run(["bash", "-e", "-c", script], cwd=repo, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode


code = step(steps[2]["run"])
with open(os.path.join(repo, "tracegate.sarif")) as f:
    sarif = json.load(f)
results = sarif["runs"][0]["results"]
t.eq((code, [(r["ruleId"], r["locations"][0]["physicalLocation"][
    "artifactLocation"]["uri"].split("/")[-1]) for r in results]),
     (1, [("TL-NUM-001", "bad.tracelog")]),
     "GitHub's check step fails, and its SARIF holds the finding")
script = gl["tracegate"]["script"][-1].replace("/opt/tg/tracegate",
                                              os.path.abspath(TRACEGATE))
code = step(script)
suite = ET.parse(os.path.join(repo, "tracegate.xml")).getroot()
failed = [tc.get("name") for tc in suite.iter("testcase")
          if tc.find("failure") is not None]
t.ok(code == 1 and any("TL-NUM-001" in n for n in failed),
     "GitLab's check step fails, and its JUnit report has the failed case",
     str(failed)[:500])
t.done()
