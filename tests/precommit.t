#!/usr/bin/python3
"""precommit.t - the hooks of .pre-commit-hooks.yaml under the real
pre-commit (Debian's package, which ./build.sh test installs): in a
scratch git repository, a commit that stages a broken trace is refused
with the trace's findings, and one that stages valid traces of every
format goes through, the hooks printing nothing of their own. The hooks
file is taken from the working tree (copied into a scratch hooks
repository, so uncommitted edits are what is tested). Failure: a commit
that goes through with a broken trace, one refused with valid traces, or
a hook that prints for a passing file."""
import os
import shutil
import subprocess

from taplib import ROOT, TRACEGATE, Scratch, Tap

t = Tap()
tmp = Scratch("tg-precommit-").dir
if shutil.which("pre-commit") is None:
    t.skip("the real pre-commit", "pre-commit is not installed "
           "(./build.sh test installs Debian's package)")
    t.done()

env = dict(os.environ)
env["PATH"] = os.path.dirname(os.path.abspath(TRACEGATE)) + ":" + env["PATH"]
env["PRE_COMMIT_HOME"] = os.path.join(tmp, "cache")
for k in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
    env.pop(k, None)
env.update({"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
            "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})


def sh(cwd, *cmd):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


# the hooks repository: this tree's .pre-commit-hooks.yaml, committed
hooks = os.path.join(tmp, "hooks")
os.makedirs(hooks)
shutil.copy(os.path.join(ROOT, ".pre-commit-hooks.yaml"), hooks)
sh(hooks, "git", "init", "-q")
sh(hooks, "git", "add", ".pre-commit-hooks.yaml")
sh(hooks, "git", "commit", "-q", "-m", "hooks")
rev = sh(hooks, "git", "rev-parse", "HEAD")[1].strip()

# the project that uses them: every hook, and traces of every format
work = os.path.join(tmp, "work")
os.makedirs(work)
sh(work, "git", "init", "-q")
ids = ["tracegate", "tracegate-nettrace", "tracegate-afperf",
       "tracegate-dumpalloc", "tracegate-tracelog"]
with open(os.path.join(work, ".pre-commit-config.yaml"), "w") as f:
    f.write("repos:\n- repo: %s\n  rev: %s\n  hooks:\n" % (hooks, rev) +
            "".join("  - id: %s\n" % i for i in ids))
code, out = sh(work, "pre-commit", "install")
t.ok(code == 0, "pre-commit install in a scratch repository", out)
exts = {"nettrace": "nettrace", "afperf": "afperf", "dumpalloc": "dumpalloc",
        "tracelog": "tracelog"}
for fmt, ext in exts.items():
    with open(os.path.join(work, "good.%s" % ext), "wb") as f:
        f.write(subprocess.run([TRACEGATE, "gen", fmt, "--out", "-"],
                               stdout=subprocess.PIPE, check=True).stdout)
sh(work, "git", "add", "-A")
code, out = sh(work, "git", "commit", "-m", "valid traces")
t.ok(code == 0, "a commit of valid traces of every format goes through",
     out)
passed = [l for l in out.splitlines() if l.startswith("tracegate")]
t.ok([l.endswith("Passed") for l in passed] == [True] * len(ids),
     "every hook ran and passed", out)
t.ok("conformant" not in out and "error[" not in out,
     "the hooks print nothing of their own for passing files", out)

# a broken TraceLog: an internal id of nine digits
with open(os.path.join(work, "good.tracelog")) as f:
    text = f.read()
broken = text.replace("thr aos 0x00000000", "thr aos 0x000000001", 1)
t.ok(broken != text, "the broken trace differs from the valid one")
with open(os.path.join(work, "bad.tracelog"), "w") as f:
    f.write(broken)
sh(work, "git", "add", "bad.tracelog")
code, out = sh(work, "git", "commit", "-m", "a broken trace")
t.ok(code != 0, "a commit of a broken trace is refused", out)
t.ok("bad.tracelog" in out and "error[TL-HEX-002]" in out and
     "good.tracelog" not in out,
     "the refusal shows the broken trace's findings, and no other file", out)
code, out = sh(work, "git", "log", "--oneline")
t.ok(len(out.splitlines()) == 1, "the broken trace was not committed", out)

# a TraceLog under another name (PROF_TRACE_FILENAME is the user's): the
# docs/gate.md's override of the hook's pattern makes the hook check it
sh(work, "git", "reset", "-q")
os.remove(os.path.join(work, "bad.tracelog"))
with open(os.path.join(work, ".pre-commit-config.yaml"), "w") as f:
    f.write("repos:\n- repo: %s\n  rev: %s\n  hooks:\n" % (hooks, rev) +
            "  - id: tracegate-tracelog\n"
            "    files: (^|/)trace.*\\.log$\n")
with open(os.path.join(work, "trace-run.log"), "w") as f:
    f.write(broken)
sh(work, "git", "add", "-A")
code, out = sh(work, "git", "commit", "-m", "a broken trace.log")
t.ok(code != 0 and "trace-run.log" in out and "error[TL-HEX-002]" in out,
     "files: override: a broken TraceLog named trace-run.log is refused",
     out)

# docs/gate.md's setup, run as written: try-repo, then the pinned config, in a
# new repository, with TRACEGATE_SRC the hooks repository (this tree's)
with open(os.path.join(ROOT, "docs", "gate.md")) as f:
    readme = f.read()
section = readme[readme.index("**pre-commit.**"):]
block = section[section.index("```sh\n") + 6:]
block = block[:block.index("```")]
user = os.path.join(tmp, "user")
os.makedirs(user)
sh(user, "git", "init", "-q")
for fmt, ext in exts.items():
    shutil.copy(os.path.join(work, "good.%s" % ext), user)
sh(user, "git", "add", "-A")
p = subprocess.run(["bash", "-e", "-c", block], cwd=user,
                   env=dict(env, TRACEGATE_SRC=hooks),
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
out = p.stdout.decode("utf-8", "replace")
t.ok(p.returncode == 0 and "tracegate (every trace format)" in out and
     "Passed" in out, "docs/gate.md's block: try-repo passes the valid traces, "
     "and the pinned config installs", out)
with open(os.path.join(user, ".pre-commit-config.yaml")) as f:
    t.eq(f.read(), "repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: "
         "tracegate\n" % (hooks, rev), "docs/gate.md's block: the config pins the "
         "commit tried")
shutil.copy(os.path.join(work, "trace-run.log"),
            os.path.join(user, "bad.tracelog"))
sh(user, "git", "add", "-A")
code, out = sh(user, "git", "commit", "-m", "a broken trace")
t.ok(code != 0 and "error[TL-HEX-002]" in out,
     "docs/gate.md's setup: a commit of a broken trace is refused", out)
t.done()
