import Benchmark
import Foundation
import Workbench

/// The command line's cost: `fsm` reading and running long lists of events,
/// in-process through `FSM.execute`, as the executable does.
///
/// Each size is measured at 10,000 and 100,000 events: ten times the events
/// must take about ten times the time (a hundred times would be quadratic, as
/// swift-argument-parser alone is for a long list of arguments). The names
/// have no `/` and no comma, so that `fsm compare` skips them in an export.
///
/// Run from `Benchmarks/`:
/// `swift package --allow-writing-to-package-directory benchmark --target Parsing`
let benchmarks: @Sendable () -> Void = {
  for count in [10_000, 100_000] {
    let events = turnstileEvents(count)
    Benchmark("fsm run with events as arguments: \(count)", configuration: .parsing) { _ in
      execute(["run", "turnstile"] + events)
    }
    Benchmark("fsm run --events-from FILE: \(count)", configuration: .parsing) { benchmark in
      let file = try eventsFile(events)
      defer { try? FileManager.default.removeItem(at: file) }
      benchmark.startMeasurement()
      execute(["run", "turnstile", "--events-from", file.path])
      benchmark.stopMeasurement()
    }
    Benchmark("fsm diagram --events: \(count)", configuration: .parsing) { _ in
      execute(["diagram", "turnstile", "--events"] + events)
    }
  }
}

extension Benchmark.Configuration {
  /// A few iterations of a run that takes milliseconds, timed in them.
  static var parsing: Self {
    .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 1,
      maxDuration: .seconds(2), maxIterations: 20)
  }
}

/// `count` events for the turnstile, both kinds, as a person would type them.
func turnstileEvents(_ count: Int) -> [String] {
  (0..<count).map { $0 % 3 == 0 ? "pass" : "coin" }
}

/// A new file with `events`, one a line.
func eventsFile(_ events: [String]) throws -> URL {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("fsm-events-\(UUID().uuidString).txt")
  try Data(events.joined(separator: "\n").utf8).write(to: file)
  return file
}

/// Runs `fsm` with `arguments`, counting what it prints instead of printing
/// it, and stops the benchmark if the command fails.
func execute(_ arguments: [String]) {
  let printed = Printed()
  var console = Console(
    readLine: { nil }, isInteractive: false, output: { printed.bytes += $0.utf8.count },
    errorOutput: { printed.errors += $0 })
  let status = FSM.execute(arguments, console: &console)
  precondition(status == 0, "fsm \(arguments.prefix(3).joined(separator: " ")): \(printed.errors)")
  blackHole(printed.bytes)
}

/// What a command printed: the size of its output, and its errors.
final class Printed {
  var bytes = 0
  var errors = ""
}
