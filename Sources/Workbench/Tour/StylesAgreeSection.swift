import StateMachines

/// The heart of the tour: each worked example runs in every style, and the
/// traces must be identical step by step.
///
/// A trace is printed once, as `fsm run` prints it, with the command that
/// reproduces it; then either a check mark naming the styles that agree, or a
/// report of every step on which they differ.
struct StylesAgreeSection: TourSection {
  /// The machines whose examples are played.
  var machines: [any CatalogMachine.Type]

  /// The styles compared, each for the machines written in it (a style
  /// added to some machines only, `Machine.styles`); the first one's trace
  /// is the one printed.
  var styles: [Style]

  var heading: String { "Five styles, one behaviour" }

  var name: TourSectionName { .styles }

  var about: String { "each worked example in every style" }

  func run(on console: inout Console) -> TourFindings {
    let styleList = styles.map(\.rawValue).joined(separator: ", ")
    print(
      """
      Each worked example runs in every style: \(styleList).
      Its trace is printed once, as `fsm run` prints it, under the command that
      replays it. The styles agree when their traces are identical step by step:
      the same states, the same verdict, the same outputs in the same order.
      """, to: &console)
    var tally = Tally()
    for machine in machines {
      play(machine, on: &console, tally: &tally)
    }
    let counts =
      "\(count(machines.count, "machine")), \(count(tally.examples, "worked example")), "
      + "\(count(styles.count, "style"))"
    if tally.disagreements.isEmpty {
      return TourFindings(summary: "\(counts): all traces agree", passed: true)
    }
    let failed = tally.disagreements.joined(separator: "; ")
    return TourFindings(
      summary: "\(counts): \(tally.disagreements.count) DISAGREE: \(failed)", passed: false)
  }

  /// What the section has seen so far.
  private struct Tally {
    var examples = 0
    var disagreements: [String] = []
  }

  /// One machine's outcome in one style: its trace, or why it was not built.
  private typealias Run<M: CatalogMachine> = Result<
    [TraceStep<M.State, M.Event, M.Output>], Rejection
  >

  private func play<M: CatalogMachine>(_: M.Type, on console: inout Console, tally: inout Tally) {
    // A machine not written in a style simply lacks it: it is compared in
    // those of `styles` it is written in (CONTRIBUTING.md, "Adding a style").
    let styles = self.styles.filter { M.styles.contains($0) }
    print("", to: &console)
    print("\(M.id): \(M.summary)", to: &console)
    for example in M.workedExamples {
      tally.examples += 1
      print("", to: &console)
      print("  \(example.title)", to: &console)
      let command =
        ["fsm", "run", M.id] + example.configuration.commandLineOptions
        + example.events.map(\.description)
      print("  $ " + command.map(shellQuoted).joined(separator: " "), to: &console)
      let runs = styles.map { style in
        Run<M> { () throws(Rejection) in
          var machine = try M.make(style, example.configuration)
          return machine.run(example.events)
        }
      }
      if !compare(runs, in: styles, of: M.self, on: &console) {
        tally.disagreements.append("\(M.id) \"\(example.title)\"")
      }
    }
  }

  /// Prints the trace and the verdict; returns whether every style of
  /// `styles` (one run each) agreed.
  private func compare<M: CatalogMachine>(
    _ runs: [Run<M>], in styles: [Style], of _: M.Type, on console: inout Console
  ) -> Bool {
    // As wide as the longest event of any of the machine's examples
    // (`touchesMoved:100,50` is longer than `touchesMoved:X,Y`), so that
    // all of them line up.
    let text = TraceText(M.self, events: M.workedExamples.flatMap(\.events))
    let traces = runs.compactMap { try? $0.get() }
    if let reference = traces.first {
      for step in reference { print("    " + text.line(step), to: &console) }
    }
    let styleList = styles.map(\.rawValue).joined(separator: ", ")
    if traces.count == runs.count, traces.allSatisfy({ $0 == traces.first }) {
      print("  ✓ \(styleList) agree", to: &console)
      return true
    }
    let printed = zip(styles, runs).first { _, run in (try? run.get()) != nil }
    let whose = printed.map { " (the trace above is \($0.0)'s)" } ?? ""
    print("  ✗ MISMATCH: the styles disagree\(whose)", to: &console)
    let width = styles.map(\.rawValue.count).max() ?? 0
    for (style, run) in zip(styles, runs) {
      if case .failure(let rejection) = run {
        print("    \(style) could not be built: \(rejection.message)", to: &console)
      }
    }
    let length = traces.map(\.count).max() ?? 0
    for index in 0..<length {
      let steps = traces.map { $0.indices.contains(index) ? $0[index] : nil }
      guard steps.contains(where: { $0 != steps.first }) else { continue }
      print("    step \(index + 1):", to: &console)
      for (style, run) in zip(styles, runs) {
        guard case .success(let trace) = run else { continue }
        let line = trace.indices.contains(index) ? text.line(trace[index]) : "(no step)"
        print("      \(style.rawValue.padded(to: width))   \(line)", to: &console)
      }
    }
    return false
  }
}

/// `1 machine`, `2 machines`.
private func count(_ number: Int, _ noun: String) -> String {
  number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
}

/// The word as a POSIX shell reads it back: quoted only when it must be.
private func shellQuoted(_ word: String) -> String {
  let plain = word.unicodeScalars.allSatisfy { scalar in
    scalar.isASCII
      && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || "-_:.,=/+@".unicodeScalars.contains(scalar))
  }
  if plain && !word.isEmpty { return word }
  return "'" + word.replacing("'", with: #"'\''"#) + "'"
}
