import StateMachines
import Testing

@testable import Workbench

/// A command line that must be refused, and the first line of its message.
struct UsageError: CustomTestStringConvertible, Sendable {
  var arguments: [String]
  var message: String

  var testDescription: String { "fsm " + arguments.joined(separator: " ") }

  init(_ arguments: String..., message: String) {
    self.arguments = arguments
    self.message = message
  }
}

@Suite("usage errors: a message naming the valid choices, a non-zero exit, no output")
struct UsageErrorTests {
  static let errors = [
    UsageError(
      "run", "turnstile", "--style", "fancy",
      message:
        "Error: The value 'fancy' is invalid for '--style <style>'. "
        + "Please provide one of 'nested-switch', 'enum', 'state-pattern', 'state-classes' or 'table'."
    ),
    UsageError(
      "shell", "turnstile", "--style", "Enum",
      message:
        "Error: The value 'Enum' is invalid for '--style <style>'. "
        + "Please provide one of 'nested-switch', 'enum', 'state-pattern', 'state-classes' or 'table'."
    ),
    UsageError(
      "run", "turnstile", "--winner", "sometimes",
      message:
        "Error: The value 'sometimes' is invalid for '--winner <winner>'. "
        + "Please provide one of 'never', 'always' or 'random'."),
    UsageError(
      "run", "turnstile", "dance", message: "Error: unknown event 'dance'; valid events: coin, pass"
    ),
    UsageError(
      "run", "security-system", "disarm",
      message: "Error: event 'disarm' needs a code: write disarm:CODE"),
    UsageError(
      "run", "security-system", "arm", "disarm:abc",
      message: "Error: 'abc' is not a valid code for 'disarm': expected digits, as in 1234"),
    UsageError(
      "run", "security-system", "reset:",
      message: "Error: '' is not a valid code for 'reset': expected digits, as in 1234"),
    UsageError(
      "run", "turnstile", "coin:5",
      message: "Error: event 'coin' takes no argument, but was given '5'"),
    UsageError(
      "run", "security-system", "--code", "abc", "arm",
      message: "Error: the security code must be digits, as in 1234, not 'abc'"),
    UsageError(
      "shell", "security-system", "--code", "",
      message: "Error: the security code must be digits, as in 1234, not ''"),
    UsageError(
      "run", "turnstile", "--seed", "-3",
      message:
        "Error: The value '-3' is invalid for '--seed <seed>': "
        + "expected a seed from 0 to 18446744073709551615"),
    UsageError(
      "run", "turnstile", "--gumballs", "many",
      message:
        "Error: The value 'many' is invalid for '--gumballs <gumballs>': "
        + "expected a number of gumballs from 0 to 9223372036854775807"),
    UsageError("run", message: "Error: Missing expected argument '<machine>'"),
    UsageError(
      "bogus",
      message: "Error: unknown subcommand 'bogus'; valid subcommands: \(subcommandNames)"),
    UsageError("list", "--verbose", message: "Error: Unknown option '--verbose'"),
  ]

  @Test("the message names what is valid", arguments: errors)
  func refused(error: UsageError) {
    let result = fsm(error.arguments)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.firstError == error.message)
  }

  @Test(
    "an unknown machine: every machine is named",
    arguments: [["run", "nope"], ["describe", "nope"], ["shell", "nope", "--style", "enum"]])
  func unknownMachine(arguments: [String]) {
    let result = fsm(arguments)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.firstError.hasPrefix(
        "Error: The value 'nope' is invalid for '<machine>'. Please provide one of "))
    for id in Machines.ids {
      #expect(result.errors.contains("'\(id)'") || result.errors.contains("  - \(id)\n"))
    }
  }

  @Test("a bad event stops the run before any event runs")
  func nothingRuns() {
    let result = fsm("run", "turnstile", "coin", "pass", "dance", "coin")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
  }

  @Test("the message is followed by the usage of the command")
  func usage() {
    let result = fsm("run", "turnstile", "coin:5")
    #expect(
      result.errors
        == text(
          "Error: event 'coin' takes no argument, but was given '5'",
          "Usage: fsm run <machine> [--style <style>] [--json] [--diagram <file>] [--code <code>] [--gumballs <gumballs>] [--winner <winner>] [--seed <seed>] [--loaded] [<events> ...]",
          "  See 'fsm run --help' for more information."))
  }

  @Test("parseAsRoot reports the same errors, with a usage exit code")
  func parseAsRoot() {
    #expect {
      _ = try FSM.parseAsRoot(["run", "security-system", "disarm"])
    } throws: { error in
      FSM.exitCode(for: error).rawValue == 64
        && FSM.message(for: error) == "event 'disarm' needs a code: write disarm:CODE"
        && FSM.fullMessage(for: error).hasPrefix("Error: event 'disarm' needs a code")
    }
  }

  @Test("help is not an error: it goes to standard output with status 0")
  func help() {
    let result = fsm("run", "--help")
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(
      result.lines.first
        == "OVERVIEW: Run events through a machine and print the trace, one line per event.")
    #expect(result.output.contains("--style <style>"))
  }

  @Test("fsm alone prints the overview and the subcommands")
  func overview() {
    let result = fsm([])
    #expect(result.status == 0)
    #expect(result.lines.first == "OVERVIEW: A workbench for the State pattern.")
    for name in ["list", "describe", "run", "shell", "tour"] {
      #expect(result.lines.contains { $0.hasPrefix("  \(name) ") })
    }
  }
}

/// Every subcommand's name, and `help`, as `fsm` lists them.
private let subcommandNames =
  (FSM.configuration.subcommands.compactMap {
    $0.configuration.commandName
  } + ["help"]).joined(separator: ", ")
