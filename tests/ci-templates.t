#!/usr/bin/python3
"""ci-templates.t - the CI templates of examples/ci/, run as a user's CI
runs them: each template's own shell steps, as written, in a clean Debian
12 root (debootstrap --variant=minbase from Debian's archive, as the
debian:12 image is), with only the clone URL of tracegate replaced by a
repository made of this tree. In a user repository with a valid and a
broken trace, the check step fails with exit 1 and leaves a SARIF report
(GitHub) or a JUnit report (GitLab, valid against Ant's and Jenkins'
schemas) with the broken trace's finding; in a repository with no traces
the job passes and writes no report, and the SARIF upload is skipped by
its condition. The services themselves (the uses: steps) are not run.
Failure: a step that does not run in the clean root, an exit code, or a
report that differs."""
import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET

import yaml
from taplib import ROOT, TRACEGATE, Scratch, Tap, junit_schema_errors

t = Tap()
tmp = Scratch("tg-citpl-").dir
ex = os.path.join(ROOT, "examples", "ci")
with open(os.path.join(ex, "github-tracegate.yml")) as f:
    gh = yaml.safe_load(f)
with open(os.path.join(ex, "gitlab-tracegate.yml")) as f:
    gl = yaml.safe_load(f)
job = gh["jobs"]["tracegate"]
steps = job["steps"]
t.eq(([s.get("name") for s in steps], job["container"]),
     (["Install git", None, "Build tracegate", "Check the traces",
       "Upload to code scanning"], "debian:12"),
     "the GitHub workflow: git, checkout, build, check, upload, in debian:12")
t.eq((steps[4]["uses"].split("@")[0], steps[4]["with"]["sarif_file"],
      steps[4]["if"], gh["permissions"]["security-events"]),
     ("github/codeql-action/upload-sarif", "tracegate.sarif",
      "always() && hashFiles('tracegate.sarif') != ''", "write"),
     "the SARIF upload runs always, when a report was written")
t.eq((gl["tracegate"]["image"], gl["tracegate"]["artifacts"]["reports"]
      ["junit"], gl["tracegate"]["artifacts"]["when"]),
     ("debian:12", "tracegate.xml", "always"),
     "the GitLab job runs in debian:12 and publishes its JUnit report always")

URL = "https://example.org/tracegate.git"
SRC = "file:///src/tracegate"  # this tree, where the templates clone
why = None
if os.geteuid() != 0:
    why = "needs root for debootstrap and chroot"
elif shutil.which("debootstrap") is None:
    why = "debootstrap is not installed (./build.sh test installs it)"
if why:
    for name in ("GitHub", "GitLab"):
        t.skip("%s template in a clean Debian 12 root" % name, why)
    t.done()

# a pristine Debian 12 root, kept between runs in build-tools/
cache = os.path.join(ROOT, "build-tools", "debian12-minbase")
if not os.path.exists(os.path.join(cache, "done")):
    shutil.rmtree(cache, True)
    p = subprocess.run(["debootstrap", "--variant=minbase", "bookworm", cache,
                        "http://deb.debian.org/debian"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if not t.ok(p.returncode == 0, "debootstrap a Debian 12 root",
                p.stdout.decode()[-3000:]):
        t.done()
    open(os.path.join(cache, "done"), "w").close()
archives = os.path.join(ROOT, "build-tools", "debian12-archives")
os.makedirs(os.path.join(archives, "partial"), exist_ok=True)
genv = dict(os.environ, GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
            GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
            GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")


def git(cwd, *args):
    subprocess.run(["git"] + list(args), cwd=cwd, env=genv, check=True,
                   stdout=subprocess.DEVNULL)


def new_root(name):
    """a copy of the pristine root, with tracegate's tree as a repository
    at /src/tracegate and the host's name servers"""
    root = os.path.join(tmp, name)
    subprocess.run(["cp", "-a", cache, root], check=True)
    src = os.path.join(root, "src", "tracegate")
    os.makedirs(src)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           stdout=subprocess.PIPE).stdout.split(b"\0")
    for rel in filter(None, (f.decode() for f in files)):
        if os.path.exists(os.path.join(ROOT, rel)):  # not deleted
            os.makedirs(os.path.dirname(os.path.join(src, rel)),
                        exist_ok=True)
            shutil.copy2(os.path.join(ROOT, rel), os.path.join(src, rel))
    git(src, "init", "-q")
    git(src, "add", "-A")
    git(src, "commit", "-q", "-m", "this tree")
    shutil.copy("/etc/resolv.conf", os.path.join(root, "etc", "resolv.conf"))
    return root


def user_repo(root, path, traces):
    repo = os.path.join(root, path.lstrip("/"))
    os.makedirs(repo)
    for name, data in traces.items():
        with open(os.path.join(repo, name), "wb") as f:
            f.write(data)
    git(repo, "init", "-q")
    with open(os.path.join(repo, "README"), "w") as f:
        f.write("a repository\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "traces")
    return repo


def in_root(root, script, cwd, env=()):
    """script run by bash in root, with /proc and the shared apt archive
    mounted in a mount namespace of its own (gone when it ends)"""
    inner = ("mount -t proc proc %(r)s/proc && "
             "mount --bind %(a)s %(r)s/var/cache/apt/archives && "
             "exec chroot %(r)s /usr/bin/env -i PATH=%(path)s HOME=/root "
             "%(env)s bash -e -o pipefail -c 'cd \"$0\" && eval \"$1\"' "
             "%(cwd)s \"$SCRIPT\"" % {
                 "r": root, "a": archives, "cwd": cwd, "env": " ".join(env),
                 "path": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:"
                 "/sbin:/bin"})
    p = subprocess.run(["unshare", "--mount", "--fork", "sh", "-c", inner],
                       env=dict(os.environ, SCRIPT=script,
                                DEBIAN_FRONTEND="noninteractive"),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


good = subprocess.run([TRACEGATE, "gen", "tracelog", "--out", "-"],
                      stdout=subprocess.PIPE, check=True).stdout
bad = good.replace(b"prc cpu ", b"prc cpu -", 1)
traces = {"good.tracelog": good, "bad.tracelog": bad}

# GitHub: the run: steps in order, $GITHUB_PATH's lines put on PATH for
# the steps after, each step in the checkout as GitHub runs it
root = new_root("github")
work = user_repo(root, "/__w/repo/repo", traces)
empty = user_repo(root, "/__w/empty/empty", {})
runs = [s for s in steps if "run" in s]
prefix = ('export GITHUB_PATH=/tmp/github_path; touch "$GITHUB_PATH"; '
          'while read -r d; do PATH="$d:$PATH"; done < "$GITHUB_PATH"; ')
codes = []
for s in runs[:2]:
    code, out = in_root(root, prefix + s["run"].replace(URL, SRC),
                        "/__w/repo/repo")
    codes.append(code)
    if code:
        break
t.ok(codes == [0, 0], "GitHub: git, then tracegate built in a clean Debian "
     "12 root by the template's steps", out[-3000:])
code, out = in_root(root, prefix + runs[2]["run"], "/__w/repo/repo")
sarif_path = os.path.join(work, "tracegate.sarif")
results = []
if os.path.exists(sarif_path):
    with open(sarif_path) as f:
        results = json.load(f)["runs"][0]["results"]
t.eq((code, [(r["ruleId"], r["locations"][0]["physicalLocation"][
    "artifactLocation"]["uri"]) for r in results]),
     (1, [("TL-NUM-001", "bad.tracelog")]),
     "GitHub: the check step fails with exit 1; its SARIF holds the "
     "finding, relative to the repository")
code, out = in_root(root, prefix + runs[2]["run"], "/__w/empty/empty")
t.eq((code, os.path.exists(os.path.join(empty, "tracegate.sarif"))),
     (0, False), "GitHub: no traces: the check passes and writes no SARIF, "
     "so the upload's condition skips it")

# GitLab: the script's lines in one shell, in the checkout
root = new_root("gitlab")
work = user_repo(root, "/builds/repo", traces)
empty = user_repo(root, "/builds/empty", {})
script = "\n".join(gl["tracegate"]["script"]).replace(URL, SRC)
code, out = in_root(root, script, "/builds/repo")
xml_path = os.path.join(work, "tracegate.xml")
text = open(xml_path).read() if os.path.exists(xml_path) else ""
failed = []
if text:
    failed = [(s.get("name"), c.get("name"))
              for s in ET.fromstring(text).iter("testsuite")
              for c in s.iter("testcase") if c.find("failure") is not None]
t.eq((code, failed), (1, [("bad.tracelog", "TL-NUM-001")]),
     "GitLab: the job, built in a clean Debian 12 root, fails with exit 1; "
     "its JUnit report has the failed case" + ("" if text else ": " +
                                                out[-2000:]))
t.eq(junit_schema_errors(text) if text else "no report", {},
     "GitLab: the JUnit report is valid for Ant's and Jenkins' schemas")
last = gl["tracegate"]["script"][-1]
code, out = in_root(root, last, "/builds/empty")
t.eq((code, os.path.exists(os.path.join(empty, "tracegate.xml"))),
     (0, False), "GitLab: no traces: the job passes, no report")
t.done()
