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
  if (typeof json.teacher === "boolean") { teaching(json.teacher); }
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

// The page's work with the server, one piece at a time: a click, a
// poll and the catching up after a restart never interleave (two replays
// at once would each find the other's events).
let queue = Promise.resolve();
function serially(work) {
  const run = queue.then(work);
  queue = run.catch(() => {});
  return run;
}

// The clicks made while the server could not be reached, oldest first:
// each is sent once when it is back (`send` tells the server how many
// events came before it, so a click the server already had is not taken twice).
const waiting = [];
function waitingLine() {
  return waiting.length === 1 ? "1 click is kept (" + visible(waiting[0]) + ")" :
    waiting.length + " clicks are kept (" + waiting.map(visible).join(", ") + ")";
}

// Sends the clicks kept while the server was down, in order; one the
// server refuses is dropped, and the message says why.
async function sendWaiting() {
  let sent = 0;
  while (waiting.length > 0) {
    let result;
    try {
      result = await send(waiting[0]);
    } catch (error) {
      if (error instanceof Unreachable) { throw error; }
      message.textContent = visible("The click " + waiting[0] + " made while the server " +
        "was down was refused: " + error.message);
      waiting.shift();
      continue;
    }
    waiting.shift();
    sent += 1;
    if (result.played.step.error) { message.textContent = visible(result.played.step.error); }
  }
  return sent;
}

// While the server cannot be reached, asks every two seconds whether
// it is back, and then catches up: the events it lost, then the clicks
// made meanwhile.
let watching = null;
function online() {
  if (!watching) { return; }
  clearInterval(watching);
  watching = null;
  document.body.classList.remove("offline");
}
function failed(error) {
  message.textContent = visible(error.message);
  if (error instanceof Unreachable && waiting.length > 0) {
    message.textContent = "The server cannot be reached: " + waitingLine() +
      " and sent once it is back.";
  }
  if (error instanceof Unreachable && !watching) {
    document.body.classList.add("offline");
    watching = setInterval(() => serially(async () => {
      if (!watching) { return; }
      try {
        await call("/trace");  // Back: `call` ends the watch.
      } catch (error) {
        return;
      }
      message.textContent = "The server is back.";
      shown = -1;
      try {
        await refresh();
        const sent = await sendWaiting();
        if (sent > 0) {
          message.textContent = "The server is back: " + (sent === 1 ? "the click" :
            "the " + sent + " clicks") + " made while it was down went to it.";
          await refresh();
        }
      } catch (error) { failed(error); }
    }), 2000);
  }
}

// Text from the machines, with controls and invisible format characters
// (a right-to-left override, a zero-width space) written out, as `fsm` does.
function visible(text) {
  return String(text).replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    c => "\\u{" + c.codePointAt(0).toString(16).toUpperCase() + "}");
}

// A count as prose writes it: in words up to twelve, else in digits. The
// count comes from the page (a pane per implementation), never typed in.
function inWords(count) {
  const words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "eleven", "twelve"];
  return count < words.length ? words[count] : String(count);
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
    agreement.textContent = "All " + inWords(document.querySelectorAll(".source").length) +
      " implementations agree on every step.";
  } else {
    agreement.className = "disagree";
    agreement.textContent = "BUG: the implementations disagree (see the marked steps).";
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
    const response = await fetch(diagramAddress());
    if (response.ok) { showDiagram(await response.text()); }
  }
}

// Where the diagram comes from: presenting, laid out by the server for
// its pane and the smallest text the class reads (a 1280x720
// projector's pixels are large: 12 is enough there).
function diagramAddress() {
  if (mode !== "present") { return api + "/diagram"; }
  const pane = document.getElementById("diagram");
  const width = Math.max(100, Math.floor(pane.clientWidth));
  const height = Math.max(100, Math.floor(pane.clientHeight));
  return api + "/diagram?fit=" + width + "x" + height + "&text=" + smallestText();
}

// The smallest text the class reads, in CSS pixels: 14 on a screen 1080
// tall, as large for the room on another, never under 12.
function smallestText() { return Math.max(12, Math.round(14 * innerHeight / 1080)); }

// Presenting, a new size of the window or of the diagram's pane asks for
// the diagram laid out again.
let laidOutFor = "";
function layOutAgain() {
  if (mode !== "present" || diagramAddress() === laidOutFor) { return; }
  laidOutFor = diagramAddress();
  serially(async () => {
    const response = await fetch(laidOutFor);
    if (response.ok) { showDiagram(await response.text()); }
  }).catch(failed);
}
let resizing = null;
addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(layOutAgain, 200);
});

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
  if (mode === "present") {
    laidOutFor = diagramAddress();
    keepReadable(pane, drawing);
  }
}

// Presenting, a chart that even laid out for its pane (and around the
// step shown) would be drawn under the smallest text the class reads is
// drawn at that size instead: the pane then scrolls, as the code does,
// with the state the machine is in at its centre.
function keepReadable(pane, drawing) {
  pane.classList.remove("panned");
  drawing.style.removeProperty("width");
  const view = drawing.viewBox.baseVal;
  const sizes = Array.from(drawing.querySelectorAll("text"),
    text => parseFloat(text.getAttribute("font-size"))).filter(size => size > 0);
  if (!view || view.width === 0 || view.height === 0 || sizes.length === 0) { return; }
  const scale = Math.min(pane.clientWidth / view.width, pane.clientHeight / view.height, 2);
  const needed = smallestText() / Math.min(...sizes);
  if (scale >= needed) { return; }
  pane.classList.add("panned");
  // A hair over, so that rounding never takes the text under.
  drawing.style.width = Math.ceil(view.width * needed * 1.01) + "px";
  const current = drawing.querySelector("g.node.current") || drawing;
  const box = current.getBoundingClientRect();
  const frame = pane.getBoundingClientRect();
  pane.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
  pane.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
}

function mark(handlers) {
  document.querySelectorAll(".line.handled").forEach(
    line => line.classList.remove("handled", "rule"));
  for (const handler of handlers) {
    const source = document.querySelector('.source[data-style="' + handler.style + '"]');
    if (!source) { continue; }
    for (const [from, to] of handler.lines) {
      for (let n = from; n <= to; n++) {
        const line = source.querySelector('.line[data-line="' + n + '"]');
        if (line) { line.classList.add("handled"); }
      }
    }
    // The piece that decided (the case that matched, the method that
    // answered) is marked more strongly than the dispatch around it.
    const [ruleFrom, ruleTo] = handler.rule || [0, -1];
    for (let n = ruleFrom; n <= ruleTo; n++) {
      const line = source.querySelector('.line[data-line="' + n + '"]');
      if (line) { line.classList.add("rule"); }
    }
    const first = source.querySelector('.line[data-line="' + ruleFrom + '"]');
    if (first) {
      // The piece that decided a quarter down its box, so that the lines
      // after it show too; the box scrolls, never the page.
      const box = source.querySelector(".code");
      box.scrollTop = first.offsetTop - box.clientHeight / 4;
    }
  }
}

for (const form of document.querySelectorAll("form.event")) {
  form.addEventListener("submit", event => {
    event.preventDefault();
    const field = form.querySelector("input");
    const text = form.dataset.event + (field ? ":" + field.value : "");
    // The keys go back to the page: the next digit is an event, not text.
    if (field) { field.blur(); }
    if (waiting.length > 0) {
      // The server is down: this click waits behind the others.
      waiting.push(text);
      message.textContent = "The server cannot be reached: " + waitingLine() +
        " and sent once it is back.";
      return;
    }
    serially(async () => {
      notice = "";
      let result;
      try {
        result = await send(text);
      } catch (error) {
        // Not sent: it waits for the server (a click the server took
        // without answering is not taken twice, see `send`).
        if (error instanceof Unreachable) { waiting.push(text); }
        failed(error);
        return;
      }
      message.textContent = visible(result.played.step.error || notice);
      await refresh().catch(failed);
    });
  });
}

document.getElementById("reset").addEventListener("click", () => serially(async () => {
  message.textContent = "";
  waiting.length = 0;
  mark([]);
  keep([]);
  try {
    render(await call("/reset", {}));
    shown = -1;
    await refresh();
  } catch (error) { failed(error); }
}));

let timer = null;
const clock = document.getElementById("real-clock");
if (clock) {
  clock.addEventListener("change", async () => {
    try {
      render(await call("/clock", { real: clock.checked }));
    } catch (error) { failed(error); }
    if (timer) { clearInterval(timer); timer = null; }
    if (clock.checked) { timer = setInterval(poll, 500); }
  });
}

// Asks the server for the trace, unless other work is under way.
let polling = false;
function poll() {
  if (polling || watching) { return; }
  polling = true;
  serially(() => refresh().catch(failed)).finally(() => { polling = false; });
}

// The teacher's page: the follow link, and whether this browser is still
// the teacher's. A restarted server with the same key knows the teacher's
// browser again by its cookie; one whose key changed, or where another
// browser opened the teacher's link since, does not, and the page says so.
const followLink = document.getElementById("follow-link");
const followLinkShown = followLink ? followLink.innerHTML : "";
function teaching(teacher) {
  if (!followLink) { return; }
  followLink.classList.toggle("lost", !teacher);
  if (teacher) {
    if (followLink.innerHTML !== followLinkShown) { followLink.innerHTML = followLinkShown; }
  } else {
    followLink.textContent = "This page is no longer the teacher's: no one follows it. " +
      "Open the teacher's link that fsm serve printed (/teach/…) to teach from this browser again.";
  }
}

showDiagram();
if (mode === "follow") {
  follow();
} else {
  serially(refresh).then(() => {
    if (clock && clock.checked) { timer = setInterval(poll, 500); }
  }).catch(failed);
  // The teacher's page asks every two seconds: after a restart it catches
  // up (its events replayed), and the followers see its machine again.
  if (followLink) { setInterval(poll, 2000); }
}

// Following the teacher: each of the teacher's changes arrives as one
// snapshot (trace, handler lines, diagram) over Server-Sent Events; the
// browser reconnects by itself after a drop.
function follow() {
  message.textContent = "Waiting for the teacher to open a machine…";
  let stream = null;
  let leaving = false;
  // The browser connects again by itself after a stream ends; one it gave
  // up on (the server answered 503 as it stopped, or had too many
  // followers) is opened again here. A new stream begins with the
  // teacher's machine as it is now.
  function connect() {
    stream = new EventSource("/api/follow");
    stream.addEventListener("snapshot", event => {
      const snapshot = JSON.parse(event.data);
      if (snapshot.machine !== machine) {
        location.replace("/machines/" + snapshot.machine + "?view=follow");
        return;
      }
      message.textContent = "";
      document.body.classList.remove("offline");
      render(snapshot.trace);
      mark(snapshot.trace.handlers);
      showDiagram(snapshot.diagram);
      document.body.dataset.followed = snapshot.trace.events;
    });
    stream.addEventListener("open", () => {
      if (document.body.classList.contains("offline")) {
        message.textContent = "Connected again: waiting for the teacher's machine…";
      }
    });
    stream.addEventListener("error", () => {
      if (leaving) { return; }
      document.body.classList.add("offline");
      message.textContent = "The connection to the teacher dropped; reconnecting…";
      if (stream.readyState === EventSource.CLOSED) {
        stream.close();
        setTimeout(() => { if (!leaving) { connect(); } }, 2000);
      }
    });
  }
  connect();
  document.getElementById("continue").addEventListener("click", async () => {
    leaving = true;
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

// High contrast on or off (theme.js applied the theme remembered, or the
// system's): the button and the key c switch it, and this browser
// remembers the choice.
const themeButton = document.getElementById("theme");
function applyTheme(contrast, remember) {
  document.documentElement.classList.toggle("contrast", contrast);
  themeButton.setAttribute("aria-pressed", String(contrast));
  if (!remember) { return; }
  try { localStorage.setItem("fsm-contrast", contrast ? "on" : "off"); } catch (e) { /* private mode */ }
}
themeButton.addEventListener("click", () =>
  applyTheme(!document.documentElement.classList.contains("contrast"), true));
applyTheme(document.documentElement.classList.contains("contrast"), false);

// The implementations shown when presenting: one or two, chosen in the
// toolbar or with [ ] and { }, kept in the URL (styles=) so that a teacher
// can bookmark them. Every pane of the page can be shown: the styles and
// the variants the machine lists. The two panes never show the same one,
// and no key drops a pane: [ ] step the first pane through all of them,
// skipping the second pane's; { } step the second through none and all of
// them, skipping the first's.
const styleNames = Array.from(document.querySelectorAll(".source"), source => source.dataset.style);
const panes = { first: "", second: "" };
function showStyles(first, second, keepAddress) {
  panes.first = first;
  panes.second = second === first ? "" : second;
  const showing = [panes.first, panes.second].filter(style => styleNames.includes(style));
  for (const source of document.querySelectorAll(".source")) {
    source.classList.toggle("shown", showing.includes(source.dataset.style));
  }
  document.querySelector(".sources").style.setProperty("--shown", String(showing.length));
  document.body.classList.toggle("one-style", showing.length === 1);
  document.getElementById("style-1").value = panes.first;
  document.getElementById("style-2").value = panes.second;
  if (!keepAddress) {
    const url = new URL(location.href);
    url.searchParams.set("styles", showing.join(","));
    history.replaceState(null, "", url);
  }
  document.querySelectorAll(".line.rule").forEach(line => line.scrollIntoView({ block: "nearest" }));
  layOutAgain();  // One style or two: the diagram's pane changed.
}
// The choice `by` steps away from `current` in `choices`, round.
function stepped(choices, current, by) {
  const at = choices.indexOf(current);
  if (at < 0) { return by > 0 ? choices[0] : choices[choices.length - 1]; }
  return choices[(at + by + choices.length) % choices.length];
}
function stepStyle(pane, by) {
  if (pane === "first") {
    showStyles(stepped(styleNames.filter(style => style !== panes.second), panes.first, by),
      panes.second);
  } else {
    showStyles(panes.first,
      stepped([""].concat(styleNames.filter(style => style !== panes.first)), panes.second, by));
  }
}
// A style chosen in a menu; the one the other pane shows swaps places
// with it. The menu then gives the keys back to the page.
function chooseStyle(select) {
  const chosen = select.value;
  if (select.id === "style-1") {
    showStyles(chosen, chosen === panes.second ? panes.first : panes.second);
  } else {
    showStyles(chosen === panes.first ? panes.second : panes.first, chosen);
  }
  select.blur();
}
if (mode === "present") {
  const asked = new URL(location.href).searchParams.get("styles");
  const wanted = (asked === null ? "enum,state-pattern" : asked).split(",");
  const unknown = wanted.filter(style => style !== "" && !styleNames.includes(style));
  if (unknown.length > 0) {
    // The address stays as it was typed, to be corrected; the page shows
    // the usual two meanwhile.
    message.textContent = visible("No style " + unknown.map(style => "'" + style + "'").join(" or ") +
      " (in styles= of the address): this machine's panes are " + styleNames.join(", ") +
      ". Showing enum and state-pattern; [ ] { } or the menus choose others.");
    showStyles("enum", "state-pattern", true);
  } else {
    showStyles(wanted[0] || styleNames[0], wanted[1] || "");
  }
  for (const id of ["style-1", "style-2"]) {
    const select = document.getElementById(id);
    select.addEventListener("change", () => chooseStyle(select));
  }
}

// The key d, presenting: the diagram gets the screen (the code hidden), or
// gives it back; laid out again for its new pane.
function giveTheDiagramTheScreen() {
  document.body.classList.toggle("diagram-only");
  layOutAgain();
}

// Keys: 1–9 the events, [ ] { } the styles, p present, c contrast,
// d the diagram's screen, ? help;
// Esc leaves a field. They work wherever the focus is but in a field
// being typed into (a menu's own keys, the arrows, are left to it).
const keyHelp = document.getElementById("key-help");
const keysButton = document.getElementById("keys");
function toggleHelp() {
  keyHelp.hidden = !keyHelp.hidden;
  keysButton.setAttribute("aria-expanded", String(!keyHelp.hidden));
}
keysButton.addEventListener("click", toggleHelp);
document.addEventListener("keydown", event => {
  if (event.ctrlKey || event.metaKey || event.altKey) { return; }
  if (event.key === "Escape") {
    if (event.target.closest("input, select, textarea")) { event.target.blur(); }
    else if (!keyHelp.hidden) { toggleHelp(); }
    return;
  }
  if (event.target.closest("input, textarea")) { return; }
  const form = mode !== "follow" && document.querySelector('form.event[data-key="' + event.key + '"]');
  if (form) {
    event.preventDefault();
    const field = form.querySelector("input");
    if (field) { field.focus(); } else { form.requestSubmit(); }
    return;
  }
  const present = mode === "present";
  const actions = {
    "[": () => present && stepStyle("first", -1),
    "]": () => present && stepStyle("first", 1),
    "{": () => present && stepStyle("second", -1),
    "}": () => present && stepStyle("second", 1),
    "p": () => { if (mode !== "follow") { location.href = "/machines/" + machine + (present ? "" : "?view=present"); } },
    "c": () => themeButton.click(),
    "d": () => present && giveTheDiagramTheScreen(),
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
    const response = await fetch(diagramAddress());
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
