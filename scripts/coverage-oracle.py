#!/usr/bin/env python3
"""The coverage oracle's generator; scripts/coverage-oracle builds the
instrumented `fsm` and runs this. See that script for what and why.

For each run (every `$ fsm run` example in docs/machines/*.md, and three
seeded random runs per machine) and each prefix of its events, runs the
prefix through all five styles with a fresh profile per style, merges them,
and reads the code regions of the five style files from `llvm-cov export`.
A step's regions are those whose count grew from the prefix before it.
Python 3 standard library only.
"""

import argparse
import concurrent.futures
import functools
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

STYLES = {  # --style value: the file's suffix, Sources/StateMachines/<Machine>/<Machine>+<Suffix>.swift
    "enum": "Enum",
    "nested-switch": "NestedSwitch",
    "state-classes": "StateClasses",
    "state-pattern": "StatePattern",
    "table": "Table",
}
RANDOM_RUNS_PER_MACHINE = 3
RANDOM_RUN_LENGTH = 25
DEFAULT_OUT = "Tests/WorkbenchTests/Fixtures/coverage-oracle.json"
CODE_REGION = 0  # llvm::coverage::CounterMappingRegion::CodeRegion; 1 expansion, 2 skipped, 3 gap, 4+ branch
ME = "scripts/coverage-oracle"


def fail(message):
    print(f"{ME}: {message}", file=sys.stderr)
    sys.exit(1)


def parse_args(argv):
    parser = argparse.ArgumentParser(prog=ME, add_help=True)
    parser.add_argument("--out", default=DEFAULT_OUT, help=f"where to write the JSON (default: {DEFAULT_OUT})")
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temporary file and compare with --out; exit 1 if they differ")
    parser.add_argument("--jobs", type=int, default=2, help="prefixes measured at once (default: 2)")
    parser.add_argument("--regions", action="store_true",
                        help="also write each step's full region tuples under \"regions\" (for debugging; "
                             "not in the committed file)")
    parser.add_argument("--fsm", help=argparse.SUPPRESS)
    parser.add_argument("--llvm-bin", help=argparse.SUPPRESS)
    parser.add_argument("--parse-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.check and args.regions:
        parser.error("--check compares the committed file, which has no regions: drop --regions")
    return args


# The runs ---------------------------------------------------------------------------------------


def machine_dirs():
    """Machine id (turnstile, tcp-connection) -> its directory under Sources/StateMachines."""
    base = "Sources/StateMachines"
    found = {}
    for name in os.listdir(base):
        if os.path.isdir(os.path.join(base, name)):
            found[name.lower()] = os.path.join(base, name)
    return found


def style_files(machine, dirs):
    key = machine.replace("-", "").lower()
    if key not in dirs:
        fail(f"no directory under Sources/StateMachines for the machine '{machine}'")
    directory = dirs[key]
    stem = os.path.basename(directory)
    files = {}
    for style, suffix in STYLES.items():
        path = os.path.join(directory, f"{stem}+{suffix}.swift")
        if not os.path.isfile(path):
            fail(f"{path} (the {style} style of {machine}) is missing")
        files[style] = path
    return files


def docs_runs():
    runs = []
    docs = "docs/machines"
    for name in sorted(os.listdir(docs)):
        if not name.endswith(".md"):
            continue
        path = f"{docs}/{name}"
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                if not line.startswith("$ fsm run "):
                    continue
                tokens = line.split()[3:]
                if not tokens or "--json" not in tokens:
                    fail(f"{path}:{number}: an example without a machine or --json: {line.strip()}")
                machine = tokens[0]
                j = tokens.index("--json")
                options, events = tokens[1:j], tokens[j + 1:]
                if "--style" in options or any(e.startswith("-") for e in events):
                    fail(f"{path}:{number}: cannot read the options and events of: {line.strip()}")
                runs.append({"machine": machine, "options": options, "events": events,
                             "from": f"{path}:{number}"})
    if not runs:
        fail("no '$ fsm run' examples found in docs/machines/*.md")
    return runs


def random_runs(examples):
    """Three seeded runs per machine, drawn from the event tokens its examples use (so every
    argument is valid), with the options of its first example. Seeds are 1, 2, 3, ... across the
    machines in name order, so that 'random seed N' names one run."""
    by_machine = {}
    for run in examples:
        entry = by_machine.setdefault(run["machine"], {"options": run["options"], "tokens": set()})
        entry["tokens"].update(run["events"])
    runs = []
    seed = 0
    for machine in sorted(by_machine):
        tokens = sorted(by_machine[machine]["tokens"])
        for _ in range(RANDOM_RUNS_PER_MACHINE):
            seed += 1
            rng = random.Random(seed)
            events = [rng.choice(tokens) for _ in range(RANDOM_RUN_LENGTH)]
            runs.append({"machine": machine, "options": list(by_machine[machine]["options"]),
                         "events": events, "from": f"random seed {seed}"})
    return runs


# Measuring one prefix ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def real(path):
    return os.path.realpath(path)


def measure(fsm, llvm_bin, machine, options, events, files, scratch):
    """Runs `events` through each style, one fresh profile each, and returns
    {style: {(startLine, startCol, endLine, endCol): count}} for the code regions of its file."""
    work = tempfile.mkdtemp(prefix="prefix-", dir=scratch)
    try:
        env = dict(os.environ)
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        profiles = []
        for style in STYLES:
            profile = os.path.join(work, f"{style}.profraw")
            env["LLVM_PROFILE_FILE"] = profile
            command = [fsm, "run", machine, *options, "--style", style, "--json", *events]
            done = subprocess.run(command, env=env, cwd=work, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
            lines = [l for l in done.stdout.splitlines() if l.strip()]
            if len(lines) != len(events):
                raise RuntimeError(f"{' '.join(command)} printed {len(lines)} lines for {len(events)} events")
            if not os.path.isfile(profile):
                raise RuntimeError(f"{' '.join(command)} wrote no profile (is {fsm} instrumented?)")
            profiles.append(profile)
        merged = os.path.join(work, "merged.profdata")
        subprocess.run([os.path.join(llvm_bin, "llvm-profdata"), "merge", "-sparse", *profiles,
                        "-o", merged], check=True, stdout=subprocess.DEVNULL)
        absolute = {style: os.path.realpath(path) for style, path in files.items()}
        exported = subprocess.run(
            [os.path.join(llvm_bin, "llvm-cov"), "export", "-format=text", f"-instr-profile={merged}",
             fsm, "-sources", *absolute.values()],
            check=True, stdout=subprocess.PIPE).stdout
    finally:
        shutil.rmtree(work, ignore_errors=True)
    style_of = {path: style for style, path in absolute.items()}
    counts = {style: {} for style in STYLES}
    for function in json.loads(exported)["data"][0]["functions"]:
        filenames = [real(f) for f in function["filenames"]]  # 17,000 functions: cached
        if not any(f in style_of for f in filenames):
            continue
        for region in function["regions"]:
            line_start, col_start, line_end, col_end, count, file_id, _expanded, kind = region[:8]
            if kind != CODE_REGION or filenames[file_id] not in style_of:
                continue
            key = (line_start, col_start, line_end, col_end)
            regions = counts[style_of[filenames[file_id]]]
            # Two functions (a closure and its parent, say) could share a span; the sum grows
            # exactly when one of them does.
            regions[key] = regions.get(key, 0) + count
    return counts


def measure_job(job):
    fsm, llvm_bin, run_index, k, machine, options, events, files, scratch = job
    return run_index, k, measure(fsm, llvm_bin, machine, options, events, files, scratch)


# Steps ------------------------------------------------------------------------------------------


def steps_of(run, prefixes, with_regions):
    steps = []
    for k in range(1, len(run["events"]) + 1):
        before, after = prefixes[k - 1], prefixes[k]
        ran, regions = {}, {}
        for style in sorted(STYLES):
            if set(before[style]) != set(after[style]):
                fail(f"{run['from']} ({run['machine']}), {style}: the regions after {k - 1} and "
                     f"{k} events differ: {sorted(set(before[style]) ^ set(after[style]))[:5]}")
            grown = []
            for key, count in after[style].items():
                previous = before[style][key]
                if count < previous:
                    fail(f"{run['from']} ({run['machine']}), {style}: region {key} counted "
                         f"{previous} after {k - 1} events but {count} after {k}: the runs are "
                         "not deterministic")
                if count > previous:
                    grown.append(key)
            ran[style] = sorted({key[0] for key in grown})
            regions[style] = sorted(list(key) for key in grown)
        step = {"event": run["events"][k - 1], "ran": ran}
        if with_regions:
            step["regions"] = regions
        steps.append(step)
    return steps


# Writing and checking ---------------------------------------------------------------------------


def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def render(document):
    """Compact but diffable: one line per source, per run's header, and per step."""
    out = ["{"]
    out.append(f'  "tool": {dumps(document["tool"])},')
    out.append('  "sources": {')
    sources = sorted(document["sources"].items())
    for i, (path, digest) in enumerate(sources):
        out.append(f"    {dumps(path)}: {dumps(digest)}" + ("," if i < len(sources) - 1 else ""))
    out.append("  },")
    out.append('  "runs": [')
    runs = document["runs"]
    for i, run in enumerate(runs):
        head = ", ".join(f"{dumps(key)}: {dumps(run[key])}" for key in ("machine", "options", "events", "from"))
        out.append(f"    {{{head}, \"steps\": [")
        for j, step in enumerate(run["steps"]):
            out.append("      " + dumps(step) + ("," if j < len(run["steps"]) - 1 else ""))
        out.append("    ]}" + ("," if i < len(runs) - 1 else ""))
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"


def differences(committed, fresh):
    found = []
    if committed.get("tool") != fresh.get("tool"):
        found.append(f"tool: committed {committed.get('tool')!r}, now {fresh.get('tool')!r}")
    old_sources, new_sources = committed.get("sources", {}), fresh.get("sources", {})
    for path in sorted(set(old_sources) | set(new_sources)):
        if old_sources.get(path) != new_sources.get(path):
            found.append(f"source {path}: its sha256 changed (or it was added or removed)")
    old_runs, new_runs = committed.get("runs", []), fresh.get("runs", [])
    if len(old_runs) != len(new_runs):
        found.append(f"runs: committed {len(old_runs)}, now {len(new_runs)}")
    for i, (old, new) in enumerate(zip(old_runs, new_runs), start=1):
        name = f"run {i} ({new.get('from')}, {new.get('machine')})"
        head = ("machine", "options", "events", "from")
        if any(old.get(key) != new.get(key) for key in head):
            found.append(f"{name}: machine, options, events or origin differ "
                         f"(committed {[old.get(key) for key in head]})")
            continue
        for k, (old_step, new_step) in enumerate(zip(old.get("steps", []), new.get("steps", [])), start=1):
            for style in sorted(set(old_step.get("ran", {})) | set(new_step.get("ran", {}))):
                before, after = old_step.get("ran", {}).get(style), new_step.get("ran", {}).get(style)
                if before != after:
                    found.append(f"{name} step {k} {new_step.get('event')} {style}: "
                                 f"committed {before}, now {after}")
    return found


# Main -------------------------------------------------------------------------------------------


def llvm_cov_version(llvm_bin):
    text = subprocess.run([os.path.join(llvm_bin, "llvm-cov"), "--version"], check=True,
                          stdout=subprocess.PIPE, text=True).stdout
    match = re.search(r"LLVM version (\S+)", text)
    if not match:
        fail(f"cannot read llvm-cov's version from: {text.strip()}")
    return f"llvm-cov {match.group(1)}"


def main(argv):
    args = parse_args(argv)
    if args.parse_only:
        return 0
    if not args.fsm or not args.llvm_bin:
        fail("run scripts/coverage-oracle, which builds the instrumented fsm, rather than this file")
    started = time.monotonic()
    fsm = os.path.realpath(args.fsm)
    examples = docs_runs()
    runs = examples + random_runs(examples)
    dirs = machine_dirs()
    files_of = {run["machine"]: style_files(run["machine"], dirs) for run in runs}
    tool = llvm_cov_version(args.llvm_bin)
    scratch = tempfile.mkdtemp(prefix="coverage-oracle-")
    try:
        # Determinism: the same prefix, measured twice, must count the same.
        first = runs[0]
        once, twice = (measure(fsm, args.llvm_bin, first["machine"], first["options"], first["events"],
                               files_of[first["machine"]], scratch) for _ in range(2))
        if once != twice:
            changed = [(style, key) for style in STYLES for key in set(once[style]) | set(twice[style])
                       if once[style].get(key) != twice[style].get(key)]
            fail(f"{first['from']} measured twice counts differently, e.g. {changed[:5]}: "
                 "the oracle cannot be trusted")
        if not any(once[style] for style in STYLES):
            fail(f"{first['from']}: no code regions in the style files at all: is {fsm} built with "
                 "-profile-generate -profile-coverage-mapping?")

        jobs = []
        for index, run in enumerate(runs):
            for k in range(len(run["events"]) + 1):
                jobs.append((fsm, args.llvm_bin, index, k, run["machine"], run["options"],
                             run["events"][:k], files_of[run["machine"]], scratch))
        prefixes = [dict() for _ in runs]
        done_runs = 0
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(measure_job, job) for job in jobs]
            try:
                for future in concurrent.futures.as_completed(futures):
                    index, k, counts = future.result()
                    prefixes[index][k] = counts
                    run = runs[index]
                    if len(prefixes[index]) == len(run["events"]) + 1:
                        done_runs += 1
                        print(f"run {done_runs}/{len(runs)} {run['machine']}: {len(run['events'])} steps "
                              f"({run['from']})", file=sys.stderr, flush=True)
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    except RuntimeError as error:
        fail(str(error))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    sources = {}
    for files in files_of.values():
        for path in files.values():
            with open(path, "rb") as f:
                sources[path] = hashlib.sha256(f.read()).hexdigest()
    document = {"tool": tool, "sources": sources, "runs": []}
    for index, run in enumerate(runs):
        entry = dict(run)
        entry["steps"] = steps_of(run, prefixes[index], args.regions)
        document["runs"].append(entry)
    text = render(document)
    steps = sum(len(run["events"]) for run in runs)
    elapsed = time.monotonic() - started

    if args.check:
        try:
            with open(args.out, encoding="utf-8") as f:
                committed = json.load(f)
        except (OSError, ValueError) as error:
            fail(f"cannot read {args.out}: {error}; run {ME} and commit it")
        found = differences(committed, json.loads(text))
        print(f"{ME}: {len(runs)} runs, {steps} steps measured in {elapsed:.0f}s", file=sys.stderr)
        if found:
            for line in found[:20]:
                print(line)
            if len(found) > 20:
                print(f"... and {len(found) - 20} more")
            print(f"{args.out} is out of date: rerun {ME} and commit it.")
            return 1
        print(f"{args.out} is up to date.", file=sys.stderr)
        return 0

    directory = os.path.dirname(args.out)
    if directory:
        os.makedirs(directory, exist_ok=True)
    temporary = args.out + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, args.out)
    print(f"{ME}: wrote {args.out}: {len(runs)} runs, {steps} steps, {len(text)} bytes, "
          f"in {elapsed:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
