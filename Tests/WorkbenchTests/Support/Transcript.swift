import StateMachines

@testable import Workbench

/// What one in-process run of `fsm` printed, and how it ended.
struct Transcript {
  /// The exit status.
  var status: Int32

  /// Everything written to standard output.
  var output: String

  /// Everything written to standard error.
  var errors: String

  /// Standard output, line by line, without the empty line after the last.
  var lines: [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// The first line of standard error: the error message.
  var firstError: String {
    errors.split(separator: "\n").first.map(String.init) ?? ""
  }
}

/// Collects a console's output; a class so that the console's closures can
/// write into it.
final class Capture {
  var output = ""
  var errors = ""
}

/// Runs `fsm` in-process with `arguments`, feeding it `input` line by line.
func fsm(_ arguments: String..., input: [String] = [], interactive: Bool = false) -> Transcript {
  fsm(arguments, input: input, interactive: interactive)
}

/// Runs `fsm` in-process with `arguments`, feeding it `input` line by line.
func fsm(_ arguments: [String], input: [String] = [], interactive: Bool = false) -> Transcript {
  let capture = Capture()
  var console = scriptedConsole(input, interactive: interactive, capture: capture)
  let status = FSM.execute(arguments, console: &console)
  return Transcript(status: status, output: capture.output, errors: capture.errors)
}

/// A console that reads `input` and writes into `capture`.
func scriptedConsole(_ input: [String], interactive: Bool, capture: Capture) -> Console {
  var remaining = input[...]
  return Console(
    readLine: { remaining.popFirst() }, isInteractive: interactive,
    output: { capture.output += $0 }, errorOutput: { capture.errors += $0 })
}

/// The lines, each ended by a newline, as commands print them.
func text(_ lines: String...) -> String {
  lines.map { $0 + "\n" }.joined()
}
