"use strict";
const machine = document.getElementById("machine").dataset.machine;
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
  document.getElementById("events-count").textContent = trace.events + " events" + kept;
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
    cell(row, step.to);
    cell(row, step.error ? "error: " + step.error : (step.fired ? "yes" : "no"));
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
  body.lastElementChild?.scrollIntoView({ block: "nearest" });
}

async function refresh() {
  let trace = await call("/trace");
  if (trace.sent < journal().length) {
    await replay();
    trace = await call("/trace");
  }
  render(trace);
  if (trace.events !== shown) {
    shown = trace.events;
    mark(trace.handlers);
    const response = await fetch(api + "/diagram");
    if (response.ok) { document.getElementById("diagram").innerHTML = await response.text(); }
  }
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
      const box = source.querySelector(".code");
      box.scrollTop = first.offsetTop - box.clientHeight / 3;
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

refresh().then(() => {
  if (clock && clock.checked) { timer = setInterval(() => refresh().catch(failed), 500); }
}).catch(failed);
