/* app.js - the page: it hands the chosen file to the worker (worker.js),
 * which runs the checker, and shows what comes back.  Every text from the
 * trace is set as text (textContent), never parsed as markup. */
"use strict";

const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js");
let formats = [];
let findings = [];
let current = null;
let runs = 0; /* files checked: body[data-run], for whoever waits on one */

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function where(offset, line, column) {
  if (line && column) return line + ":" + column;
  if (line) return "line " + line;
  return "0x" + offset.toString(16);
}

function fillProfiles() {
  const select = $("profile");
  while (select.options.length > 1) select.remove(1);
  const f = formats.find((x) => x.name === $("format").value);
  for (const p of f ? f.profiles : []) select.add(new Option(p, p));
}

function start(file) {
  current = file;
  document.body.dataset.state = "checking";
  document.body.dataset.run = String(++runs);
  findings = [];
  $("result").hidden = true;
  $("findings").tBodies[0].replaceChildren();
  $("structure").replaceChildren();
  $("stats").replaceChildren();
  $("status").textContent = "Checking " + file.name + "...";
  worker.postMessage({ file, format: $("format").value,
                       profile: $("profile").value });
}

function addFinding(d) {
  findings.push(d);
  const row = el("tr", d.level);
  row.id = "finding-" + d.seq;
  row.append(el("td", "rule", d.rule), el("td", "level", d.level),
             el("td", "where", where(d.offset, d.line, d.column)),
             el("td", "path", d.path), el("td", "message", d.message),
             el("td", "expected", d.expected), el("td", "found", d.found),
             el("td", "clause", d.clause.document + ", section \u201c" +
                d.clause.section + "\u201d"));
  $("findings").tBodies[0].append(row);
}

/* The outline as nested <details>, open where a finding falls. */
function structure(outline) {
  const root = $("structure");
  const stack = [root];
  const entries = outline.entries;
  entries.forEach((e, i) => {
    while (stack.length - 1 > e.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (e.type === "finding") {
      const a = el("a", null, "finding " + e.seq);
      a.href = "#finding-" + e.seq;
      const div = el("div", "at");
      div.append(a);
      parent.append(div);
      return;
    }
    if (e.type === "summary") {
      parent.append(el("div", "sum", "... " + e.label));
      return;
    }
    const head = [el("b", null, e.kind), " " + where(e.offset, e.line, 0) +
                  (e.line ? "" : ", " + e.length + " bytes") +
                  (e.label ? ": " + e.label : "") + " ", el("code", null, e.path)];
    const next = entries[i + 1];
    if (next && next.depth > e.depth) {
      const d = el("details");
      d.open = e.open;
      const s = el("summary");
      s.append(...head);
      d.append(s);
      parent.append(d);
      stack.push(d);
    } else {
      const div = el("div", "leaf");
      div.append(...head);
      parent.append(div);
    }
  });
  if (outline.dropped)
    root.append(el("p", null, outline.dropped + " more entries not listed " +
                   "(tracegate show lists them all)."));
}

function stats(s, group) {
  const box = $("stats");
  box.append(el("p", null, s.parts + " parts" + (s.time ? "; time " +
             s.time[0] + " to " + s.time[1] : "") + "."));
  const tables = [["kind", s.kinds], [group || "group", s.groups],
                  ["thread", s.threads]];
  for (const [title, t] of tables) {
    if (!t.counts.length) continue;
    const table = el("table", "stats");
    const head = el("tr");
    head.append(el("th", null, title), el("th", null, "parts"));
    table.append(head);
    const most = t.counts[0][1];
    for (const [key, n] of t.counts.slice(0, 40)) {
      const tr = el("tr");
      const bar = el("span", "bar");
      bar.style.width = Math.max(1, Math.round(n * 200 / most)) + "px";
      const count = el("td");
      count.append(bar, String(n));
      tr.append(el("td", null, key), count);
      table.append(tr);
    }
    box.append(table);
  }
}

function end(r) {
  $("result").hidden = false;
  $("name").textContent = current.name;
  $("verdict").textContent = r.verdict;
  $("verdict").className = "v-" + r.verdict;
  const facts = [];
  if (r.problem) facts.push(r.problem);
  facts.push(r.bytes + " bytes");
  if (r.layout) facts.push("layout " + r.layout);
  facts.push("exit code " + r.exit_code);
  $("facts").textContent = $("facts").textContent + facts.join("; ") + ".";
  $("none").hidden = findings.length > 0;
  structure(r.outline);
  stats(r.statistics, r.group);
  $("status").textContent = "Checked " + current.name + ".";
}

worker.onmessage = (event) => {
  const { kind, data } = event.data;
  if (kind === "formats") {
    formats = data;
    for (const f of formats) $("format").add(new Option(f.name, f.name));
    $("status").textContent = "Ready: nothing is uploaded.";
    document.body.dataset.state = "ready";
  } else if (kind === "version") {
    $("version").textContent = data;
  } else if (kind === "start") {
    $("facts").textContent = (data.format ? data.format + ", profile " +
      data.profile + ", format from " + data.detected_by + "; " : "");
  } else if (kind === "finding") {
    addFinding(data);
  } else if (kind === "progress") {
    $("status").textContent = "Read " + (data.read >> 20) + " of " +
      (data.size >> 20) + " MiB...";
  } else if (kind === "end") {
    end(data);
  } else if (kind === "done") {
    if (data.code === 2)
      $("status").textContent = "That format has no such profile.";
    /* how the file was read: its slices, the largest, and the checker's
     * memory, which stays small whatever the file's size */
    document.body.dataset.slices = String(data.slices);
    document.body.dataset.largest = String(data.largest);
    document.body.dataset.heap = String(data.heap);
    document.body.dataset.state = "done";
  }
};

$("format").addEventListener("change", fillProfiles);
$("file").addEventListener("change", () => {
  if ($("file").files.length) start($("file").files[0]);
});
const drop = $("drop");
drop.addEventListener("dragover", (e) => {
  e.preventDefault();
  drop.classList.add("over");
});
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  if (e.dataTransfer.files.length) start(e.dataTransfer.files[0]);
});
