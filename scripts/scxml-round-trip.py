"""Runs every worked example of docs/machines in Qt's SCXML engine.

For each machine: each `$ fsm run ID ... --json EVENTS` block of its page is
run with the built fsm (the workbench's trace), and the machine is exported
with `fsm export ID --format scxml` and the same machine options, loaded with
QScxmlStateMachine.fromData (any parse error fails), and sent the same events
one by one. After each step Qt's active atomic states are compared, as a set,
with the leaves of the trace's `to` (`standing+unarmed` is {standing,
unarmed}). Outputs (the document's <log label="OUTPUT"/>) are compared too,
and a difference is reported as a note, as are the outputs of starting: the
differences SCXML's semantics make are listed in docs/scxml.md. Exits 1 on any disagreement of states, naming the
machine, the example, the step and both configurations.

Usage: scxml-round-trip.py --fsm PATH [--root DIR] [--verbose]
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys

from PySide2.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice
from PySide2.QtScxml import QScxmlStateMachine

# The options of `fsm run` that take a value, and those that are flags; the
# machine options go to `fsm export` as well.
VALUE_OPTIONS = {"--code", "--gumballs", "--winner", "--seed", "--style"}
FLAG_OPTIONS = {"--json", "--loaded"}
RUN_ONLY = {"--style", "--json"}

# How an event's argument is written on the command line, by the
# placeholder of its usage (`disarm:CODE`), and how it reaches the document
# as _event.data (docs/scxml.md, "Events and their data").
PLACEHOLDERS = {
    "CODE": lambda text: {"code": text},
    "COUNT": lambda text: {"count": int(text)},
    "DATA": lambda text: {"data": text},
    "SECONDS": lambda text: {"seconds": float(text)},
    "X,Y": lambda text: dict(zip(("x", "y"), (int(part) for part in text.split(",")))),
    "N": lambda text: {"n": int(text)},
    "STATE": lambda text: {"state": text},
    "WEAPON": lambda text: {"weapon": text},
}


def examples(page):
    """The worked examples of a machine page: (command line, its lines)."""
    found = []
    lines = open(page, encoding="utf-8").read().splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("$ fsm run "):
            continue
        output = []
        for following in lines[index + 1 :]:
            if not following.startswith("{"):
                break
            output.append(json.loads(following))
        found.append((line[2:], output))
    return found


def split_command(command):
    """`fsm run ID OPTIONS EVENTS` as (id, machine options, run options, events)."""
    words = shlex.split(command)
    machine, rest = words[2], words[3:]
    options, run_options, events = [], [], []
    index = 0
    while index < len(rest):
        word = rest[index]
        if word in VALUE_OPTIONS:
            target = run_options if word in RUN_ONLY else options
            target += [word, rest[index + 1]]
            index += 2
        elif word in FLAG_OPTIONS:
            (run_options if word in RUN_ONLY else options).append(word)
            index += 1
        else:
            events.append(word)
            index += 1
    return machine, options, run_options, events


def usages(fsm, machine):
    """The placeholder of each event that takes an argument, from fsm describe."""
    text = subprocess.run(
        [fsm, "describe", machine], check=True, capture_output=True, text=True
    ).stdout
    found = {}
    for name, placeholder in re.findall(r"\b([a-zA-Z]+):(X,Y|[A-Z]+)\b", text):
        if placeholder in PLACEHOLDERS:
            found[name] = placeholder
    return found


def event_data(event, placeholders):
    """The event's name and _event.data, as the document reads them."""
    name, _, argument = event.partition(":")
    if not argument:
        return name, None
    placeholder = placeholders.get(name)
    if placeholder is None:
        raise SystemExit(f"scxml-round-trip: no argument syntax known for {event}")
    return name, PLACEHOLDERS[placeholder](argument)


class QtRun:
    """One SCXML document in Qt's engine."""

    def __init__(self, app, document):
        self.app = app
        self.buffer = QBuffer()
        self.buffer.setData(QByteArray(document))
        self.buffer.open(QIODevice.ReadOnly)
        self.machine = QScxmlStateMachine.fromData(self.buffer)
        self.errors = [error.toString() for error in self.machine.parseErrors()]
        self.outputs = []
        self.machine.log.connect(self._logged)

    def _logged(self, label, message):
        self.outputs.append(f"{label}:{message}" if message else label)

    def settle(self):
        # Qt handles submitted events and delayed work on its event loop.
        for _ in range(8):
            self.app.processEvents()

    def start(self):
        """Starts the machine; returns the outputs of entering its initial states."""
        self.machine.start()
        self.settle()
        started = list(self.outputs)
        self.outputs.clear()
        return started

    def step(self, name, data):
        self.outputs.clear()
        if data is None:
            self.machine.submitEvent(name)
        else:
            self.machine.submitEvent(name, data)
        self.settle()
        return list(self.outputs)

    def leaves(self):
        return set(self.machine.activeStateNames(True))

    @property
    def running(self):
        return self.machine.isRunning()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fsm", required=True)
    parser.add_argument("--root", default=".")
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])

    pages = sorted(
        os.path.join(arguments.root, "docs", "machines", name)
        for name in os.listdir(os.path.join(arguments.root, "docs", "machines"))
        if name.endswith(".md")
    )
    disagreements = []
    notes = []
    creation_notes = {}
    totals = [0, 0]
    print(f"{'machine':<16} {'examples':>8} {'steps':>6} {'states agree':>13} {'outputs agree':>14}")
    for page in pages:
        machine = os.path.basename(page)[:-3]
        placeholders = usages(arguments.fsm, machine)
        steps = agreements = same_outputs = 0
        found = examples(page)
        if not found:
            disagreements.append(f"{machine}: its page has no worked example")
        for number, (command, _) in enumerate(found, start=1):
            name, options, run_options, events = split_command(command)
            where = f"{machine}, example {number} ({' '.join(options + events)})"
            run = subprocess.run(
                [arguments.fsm, "run", name, "--json", *options, *events],
                capture_output=True, text=True,
            )
            if run.returncode != 0:
                disagreements.append(f"{where}: fsm run failed: {run.stderr.strip()}")
                continue
            trace = [json.loads(line) for line in run.stdout.splitlines()]
            export = subprocess.run(
                [arguments.fsm, "export", name, "--format", "scxml", *options],
                capture_output=True,
            )
            if export.returncode != 0:
                disagreements.append(
                    f"{where}: fsm export failed: {export.stderr.decode().strip()}")
                continue
            qt = QtRun(app, export.stdout)
            if qt.errors:
                disagreements.append(f"{where}: Qt cannot load the document: {qt.errors}")
                continue
            started = qt.start()
            if started and machine not in creation_notes:
                creation_notes[machine] = started
            start = set(trace[0]["from"].split("+")) if trace else None
            if start is not None and qt.leaves() != start:
                disagreements.append(
                    f"{where}, start: fsm is in {sorted(start)}, Qt in {sorted(qt.leaves())}")
            for index, (event, step) in enumerate(zip(events, trace), start=1):
                steps += 1
                name_, data = event_data(event, placeholders)
                outputs = qt.step(name_, data)
                wanted = set(step["to"].split("+"))
                got = qt.leaves()
                if got == wanted:
                    agreements += 1
                else:
                    disagreements.append(
                        f"{where}, step {index} ({event}): fsm goes to {step['to']} "
                        f"{sorted(wanted)}, Qt is in {sorted(got)}"
                        + ("" if qt.running else " (Qt's machine has stopped)"))
                if outputs == step["outputs"]:
                    same_outputs += 1
                else:
                    notes.append(
                        f"{where}, step {index} ({event}): outputs differ: fsm "
                        f"{step['outputs']}, Qt {outputs}")
                if arguments.verbose:
                    print(f"  {where} step {index} {event}: {sorted(got)} {outputs}")
        totals[0] += steps
        totals[1] += agreements
        print(f"{machine:<16} {len(found):>8} {steps:>6} {agreements:>13} {same_outputs:>14}")
    print(f"{'all':<16} {'':>8} {totals[0]:>6} {totals[1]:>13}")
    if creation_notes:
        print("\nCreation: SCXML runs the initial states' entry activities, the workbench none "
              "(docs/scxml.md):")
        for machine, outputs in creation_notes.items():
            print(f"  {machine}: Qt output {outputs} on starting")
    if notes:
        print(f"\n{len(notes)} steps whose outputs differ (docs/scxml.md says which orders "
              "SCXML cannot give):")
        for note in notes:
            print("  " + note)
    if disagreements:
        print(f"\n{len(disagreements)} disagreements of states:", file=sys.stderr)
        for disagreement in disagreements:
            print("  " + disagreement, file=sys.stderr)
        return 1
    print("\nscxml-round-trip: every step of every worked example agrees on the states.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
