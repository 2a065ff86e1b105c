"use strict";
const heading = document.getElementById("machine");
const machine = heading.dataset.machine;
const mode = heading.dataset.mode;  // "normal", "present" or "follow"
const api = "/api/machines/" + machine;
const message = document.getElementById("message");
let shown = -1;

// The events this page sent, kept in the browser: a machine is a
// function of its events, so a server that restarted (or dropped the
// session to make room) gets them back and nothing the student saw is lost.
const journalKey = "fsm-journal:" + machine;
function journal() {
  try { return JSON.parse(localStorage.getItem(journalKey)) || []; } catch (e) { return []; }
}
function keep(events) {
  try { localStorage.setItem(journalKey, JSON.stringify(events)); } catch (e) { /* full: no journal */ }
}

class Unreachable extends Error {}

async function call(path, body) {
  const init = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(api + path, init);
  } catch (error) {
    throw new Unreachable("The server cannot be reached. Your events are kept in this page " +
      "and go back to the server as soon as it is up.");
  }
  online();
  let json = {};
  try { json = await response.json(); } catch (error) { /* an error page */ }
  if (!response.ok) {
    const failure = new Error(json.error || response.statusText);
    failure.status = response.status;
    throw failure;
  }
  return json;
}

// What the page last had to say about the server, shown until the next click.
let notice = "";

// Sends the journal to a new session, in batches the server takes
// (its bodies are at most 64 KB), and says so in one line.
async function replay() {
  const events = journal();
  let trace = await call("/reset", {});
  let sent = 0;
  while (sent < events.length) {
    const batch = [];
    let size = 0;
    while (sent + batch.length < events.length && size < 48000) {
      const next = events[sent + batch.length];
      batch.push(next);
      size += next.length + 8;
    }
    trace = await call("/replay", { events: batch, after: sent });
    sent += batch.length;
  }
  notice = "The server had lost this page's session (it restarted, or made room " +
    "for others): your " + events.length +
    (events.length === 1 ? " event was" : " events were") + " replayed into a new one.";
  message.textContent = notice;
  shown = -1;
  return trace;
}

// One event, after the events the page journaled; a server that lost
// them answers 409, and gets them again first.
async function send(text) {
  const events = journal();
  let result;
  try {
    result = await call("/step", { event: text, after: events.length });
  } catch (error) {
    if (error.status !== 409) { throw error; }
    await replay();
    result = await call("/step", { event: text, after: events.length });
  }
  events.push(text);
  keep(events);
  return result;
}

// While the server cannot be reached, asks every two seconds whether
// it is back, and then catches up.
let watching = null;
function online() {
  if (!watching) { return; }
  clearInterval(watching);
  watching = null;
  document.body.classList.remove("offline");
}
function failed(error) {
  message.textContent = visible(error.message);
  if (error instanceof Unreachable && !watching) {
    document.body.classList.add("offline");
    watching = setInterval(async () => {
      try {
        await call("/trace");  // Back: `call` ends the watch.
      } catch (error) {
        return;
      }
      message.textContent = "The server is back.";
      shown = -1;
      await refresh().catch(failed);
    }, 2000);
  }
}

// Text from the machines, with controls and invisible format characters
// (a right-to-left override, a zero-width space) written out, as `fsm` does.
function visible(text) {
  return String(text).replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    c => "\\u{" + c.codePointAt(0).toString(16).toUpperCase() + "}");
}

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = visible(text);
  row.appendChild(td);
  return td;
}

function render(trace) {
  document.getElementById("state").textContent = trace.state;
  document.getElementById("clock").textContent = trace.clock;
  const kept = trace.kept < trace.events ? " (last " + trace.kept + " shown)" : "";
  document.getElementById("events-count").textContent =
    trace.events + (trace.events === 1 ? " event" : " events") + kept;
  const agreement = document.getElementById("agreement");
  if (trace.agree) {
    agreement.className = "agree";
    agreement.textContent = "All five styles agree on every step.";
  } else {
    agreement.className = "disagree";
    agreement.textContent = "BUG: the styles disagree (see the marked steps).";
  }
  const clock = document.getElementById("real-clock");
  if (clock) { clock.checked = trace.realClock; }
  const body = document.querySelector("#trace tbody");
  body.replaceChildren();
  for (const played of trace.steps) {
    const row = document.createElement("tr");
    const step = played.step;
    cell(row, played.number);
    cell(row, step.event);
    cell(row, step.from);
    cell(row, (step.via || []).join(", "));
    cell(row, step.to);
    cell(row, firing(step));
    cell(row, step.outputs.join(", "));
    if (played.agree) {
      cell(row, "✓ agree").className = "agree";
    } else {
      const wrong = played.styles.filter(s => !s.agrees)
        .map(s => s.style + ": " + s.step.to + " [" + s.step.outputs.join(", ") + "]");
      cell(row, "✗ disagree: " + wrong.join("; ")).className = "disagree";
      row.className = "bug";
    }
    body.appendChild(row);
  }
  // The trace scrolls in its own box: the page itself never moves.
  const box = document.querySelector(".trace-box");
  box.scrollTop = box.scrollHeight;
  showSteps(trace);
}

// What a step did: it fired, or why nothing happened.
function firing(step) {
  if (step.error) { return "rejected: " + step.error; }
  if (step.fired) { return "yes"; }
  return step.event.startsWith("wait:") ? "nothing came due" : "ignored";
}

async function refresh() {
  let trace = await call("/trace");
  if (trace.sent < journal().length) {
    await replay();
    trace = await call("/trace");
  }
  render(trace);
  // A new event, or another step shown: new marks and a new diagram.
  const seen = trace.events + "@" + trace.shown;
  if (seen !== shown) {
    shown = seen;
    mark(trace.handlers);
    const response = await fetch(api + "/diagram");
    if (response.ok) { showDiagram(await response.text()); }
  }
}

// The diagram at its drawn size times `scale` (1 on the page, 1.5 when
// presenting), in CSS pixels, so that browser zoom enlarges it, and never
// wider or taller than its pane, so that it shrinks with the window.
function showDiagram(svg) {
  const pane = document.getElementById("diagram");
  if (svg !== undefined) { pane.innerHTML = svg; }
  const drawing = pane.querySelector("svg");
  if (!drawing) { return; }
  const width = parseFloat(drawing.getAttribute("width"));
  if (width > 0) { drawing.style.setProperty("--drawn-width", width + "pt"); }
}

function mark(handlers) {
  document.querySelectorAll(".line.handled").forEach(line => line.classList.remove("handled"));
  for (const handler of handlers) {
    const source = document.querySelector('.source[data-style="' + handler.style + '"]');
    if (!source) { continue; }
    let first = null;
    for (let n = handler.from; n <= handler.to; n++) {
      const line = source.querySelector('.line[data-line="' + n + '"]');
      if (line) { line.classList.add("handled"); first = first || line; }
    }
    if (first) {
      // The handler's first line a quarter down its box, so that the
      // lines after it show too; the box scrolls, never the page.
      const box = source.querySelector(".code");
      box.scrollTop = first.offsetTop - box.clientHeight / 4;
    }
  }
}

for (const form of document.querySelectorAll("form.event")) {
  form.addEventListener("submit", async event => {
    event.preventDefault();
    const field = form.querySelector("input");
    const text = form.dataset.event + (field ? ":" + field.value : "");
    try {
      notice = "";
      const result = await send(text);
      message.textContent = visible(result.played.step.error || notice);
      await refresh();
    } catch (error) {
      failed(error);
    }
  });
}

document.getElementById("reset").addEventListener("click", async () => {
  message.textContent = "";
  mark([]);
  keep([]);
  try {
    render(await call("/reset", {}));
    shown = -1;
    await refresh();
  } catch (error) { failed(error); }
});

let timer = null;
const clock = document.getElementById("real-clock");
if (clock) {
  clock.addEventListener("change", async () => {
    try {
      render(await call("/clock", { real: clock.checked }));
    } catch (error) { failed(error); }
    if (timer) { clearInterval(timer); timer = null; }
    if (clock.checked) { timer = setInterval(() => refresh().catch(failed), 500); }
  });
}

showDiagram();
if (mode === "follow") {
  follow();
} else {
  refresh().then(() => {
    if (clock && clock.checked) { timer = setInterval(() => refresh().catch(failed), 500); }
  }).catch(failed);
}

// Following the teacher: each of the teacher's changes arrives as one
// snapshot (trace, handler lines, diagram) over Server-Sent Events; the
// browser reconnects by itself after a drop.
function follow() {
  message.textContent = "Waiting for the teacher to open a machine…";
  const stream = new EventSource("/api/follow");
  stream.addEventListener("snapshot", event => {
    const snapshot = JSON.parse(event.data);
    if (snapshot.machine !== machine) {
      location.replace("/machines/" + snapshot.machine + "?view=follow");
      return;
    }
    message.textContent = "";
    render(snapshot.trace);
    mark(snapshot.trace.handlers);
    showDiagram(snapshot.diagram);
    document.body.dataset.followed = snapshot.trace.events;
  });
  stream.addEventListener("error", () => {
    message.textContent = "The connection to the teacher dropped; reconnecting…";
  });
  document.getElementById("continue").addEventListener("click", async () => {
    stream.close();
    try {
      const copy = await call("/copy", {});
      keep(copy.journal);
      location.href = "/machines/" + machine;
    } catch (error) {
      failed(error);
    }
  });
}

// The theme: the system's (light or dark) unless high contrast is on,
// which this browser remembers.
const themeButton = document.getElementById("theme");
function applyTheme(contrast) {
  document.documentElement.classList.toggle("contrast", contrast);
  themeButton.setAttribute("aria-pressed", String(contrast));
  try { localStorage.setItem("fsm-contrast", contrast ? "on" : "off"); } catch (e) { /* private mode */ }
}
themeButton.addEventListener("click", () =>
  applyTheme(!document.documentElement.classList.contains("contrast")));
try { applyTheme(localStorage.getItem("fsm-contrast") === "on"); } catch (e) { /* private mode */ }

// The styles shown when presenting: one or two, chosen in the toolbar or
// with [ ] and { }, kept in the URL so that a teacher can bookmark them.
const styleNames = Array.from(document.querySelectorAll(".source"), source => source.dataset.style);
function showStyles(first, second) {
  const shown = [first, second].filter(style => styleNames.includes(style));
  for (const source of document.querySelectorAll(".source")) {
    source.classList.toggle("shown", shown.includes(source.dataset.style));
  }
  document.querySelector(".sources").style.setProperty("--shown", String(shown.length));
  document.body.classList.toggle("one-style", shown.length === 1);
  document.getElementById("style-1").value = first;
  document.getElementById("style-2").value = second;
  const url = new URL(location.href);
  url.searchParams.set("styles", shown.join(","));
  history.replaceState(null, "", url);
  document.querySelectorAll(".line.handled").forEach(line => line.scrollIntoView({ block: "nearest" }));
}
function stepStyle(select, by) {
  const choices = select.id === "style-2" ? [""].concat(styleNames) : styleNames;
  const next = choices[(choices.indexOf(select.value) + by + choices.length) % choices.length];
  const first = select.id === "style-1" ? next : document.getElementById("style-1").value;
  const second = select.id === "style-2" ? next : document.getElementById("style-2").value;
  showStyles(first, second === first ? "" : second);
}
if (mode === "present") {
  const asked = (new URL(location.href).searchParams.get("styles") || "enum,state-pattern").split(",");
  showStyles(asked[0] || styleNames[0], asked[1] || "");
  for (const id of ["style-1", "style-2"]) {
    document.getElementById(id).addEventListener("change", () => stepStyle(document.getElementById(id), 0));
  }
}

// Keys: 1–9 the events, [ ] { } the styles, p present, c contrast, ? help.
const keyHelp = document.getElementById("key-help");
const keysButton = document.getElementById("keys");
function toggleHelp() {
  keyHelp.hidden = !keyHelp.hidden;
  keysButton.setAttribute("aria-expanded", String(!keyHelp.hidden));
}
keysButton.addEventListener("click", toggleHelp);
document.addEventListener("keydown", event => {
  if (event.ctrlKey || event.metaKey || event.altKey) { return; }
  if (event.target.closest("input, select, textarea")) { return; }
  const form = mode !== "follow" && document.querySelector('form.event[data-key="' + event.key + '"]');
  if (form) {
    event.preventDefault();
    const field = form.querySelector("input");
    if (field) { field.focus(); } else { form.requestSubmit(); }
    return;
  }
  const present = mode === "present";
  const actions = {
    "[": () => present && stepStyle(document.getElementById("style-1"), -1),
    "]": () => present && stepStyle(document.getElementById("style-1"), 1),
    "{": () => present && stepStyle(document.getElementById("style-2"), -1),
    "}": () => present && stepStyle(document.getElementById("style-2"), 1),
    "p": () => { if (mode !== "follow") { location.href = "/machines/" + machine + (present ? "" : "?view=present"); } },
    "c": () => themeButton.click(),
    "?": toggleHelp,
  };
  if (actions[event.key]) {
    event.preventDefault();
    actions[event.key]();
  }
});

// The step shown: the page shows the step the server says (`shown` in
// the trace: the number of the step gone back to, null for the latest),
// and the step control asks the server to show another (POST /show), so
// that a reload keeps it and the teacher's followers see it. The diagram,
// the trace's row and the marked code are that step's; a new event
// returns to the latest.
const stepShown = document.getElementById("step-shown");
let keptSteps = [];
let stepInThePast = null;
function showSteps(trace) {
  keptSteps = trace.steps.map(played => played.number);
  if ("shown" in trace) { stepInThePast = trace.shown; }
  if (!keptSteps.includes(stepInThePast)) { stepInThePast = null; }
  const number = stepInThePast === null ? keptSteps[keptSteps.length - 1] : stepInThePast;
  document.body.classList.toggle("earlier-step", stepInThePast !== null);
  if (number === undefined) {
    stepShown.textContent = "No steps yet";
  } else {
    // "Step 3 of 7": not the latest, which the control marks too.
    stepShown.textContent = "Step " + number + " of " + trace.events;
  }
  const index = keptSteps.indexOf(number);
  const buttons = { "step-back": index <= 0, "step-forward": stepInThePast === null,
    "step-latest": stepInThePast === null };
  for (const [id, disabled] of Object.entries(buttons)) {
    const button = document.getElementById(id);
    if (button) { button.disabled = disabled; }
  }
  for (const row of document.querySelectorAll("#trace tbody tr")) {
    const here = Number(row.cells[0].textContent) === number && stepInThePast !== null;
    row.classList.toggle("shown", here);
    if (here) {
      const box = document.querySelector(".trace-box");
      box.scrollTop = row.offsetTop - box.clientHeight / 2;
    }
  }
}

// Shows step `number` of the trace (null: the latest): its row, the lines
// that handled it and the run drawn up to it.
async function goToStep(number) {
  try {
    message.textContent = "";
    const trace = await call("/show", { step: number });
    render(trace);
    shown = trace.events + "@" + trace.shown;
    mark(trace.handlers);
    const response = await fetch(api + "/diagram");
    if (response.ok) { showDiagram(await response.text()); }
  } catch (error) {
    failed(error);
  }
}

// Back or forward `by` kept steps from the one shown.
function stepBy(by) {
  if (mode === "follow" || keptSteps.length === 0) { return; }
  const latest = keptSteps.length - 1;
  const from = stepInThePast === null ? latest : keptSteps.indexOf(stepInThePast);
  const to = Math.min(Math.max(from + by, 0), latest);
  if (to !== from) { goToStep(to === latest ? null : keptSteps[to]); }
}

if (mode !== "follow") {
  document.getElementById("step-back").addEventListener("click", () => stepBy(-1));
  document.getElementById("step-forward").addEventListener("click", () => stepBy(1));
  document.getElementById("step-latest").addEventListener("click", () => goToStep(null));
  const stepTo = document.getElementById("step-to");
  stepTo.addEventListener("submit", event => {
    event.preventDefault();
    const field = document.getElementById("step-number");
    const number = Number(field.value);
    field.value = "";
    field.blur();
    goToStep(number === keptSteps[keptSteps.length - 1] ? null : number);
  });
  // Keys: ← and → a step back and forward, g to step n, l the latest.
  document.addEventListener("keydown", event => {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.target.closest("input, select, textarea")) { return; }
    const actions = {
      "ArrowLeft": () => stepBy(-1),
      "ArrowRight": () => stepBy(1),
      "g": () => document.getElementById("step-number").focus(),
      "l": () => goToStep(null),
    };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  });
}

// The teacher's follow link in full, as students type it.
const followLink = document.querySelector("#follow-link a");
if (followLink) { followLink.textContent = location.origin + "/follow"; }
