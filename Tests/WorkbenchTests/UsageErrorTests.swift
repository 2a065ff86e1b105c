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
  /// What a `wait` takes, as its usage errors say.
  static let waitRule =
    "expected seconds from 0 to 3600 with at most three decimals, as in 2 or 0.5"

  /// What a point of the drawing tool takes, as its usage errors say.
  static let pointRule =
    "expected X,Y, two whole numbers from -9999 to 9999, as in 10,20"

  /// What the drawing tool's `copyLines` takes, as its usage errors say.
  static let countRule = "expected a whole number from 0 to 1000, as in 3"

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
    // A state id: the message names the five, for a wrong, mis-cased or missing one.
    UsageError(
      "run", "ticket-workflow", "moveTo:done",
      message:
        "Error: 'done' is not a valid state for 'moveTo': "
        + "expected one of open, reopened, inProgress, resolved, closed"),
    UsageError(
      "run", "ticket-workflow", "moveTo:Open",
      message:
        "Error: 'Open' is not a valid state for 'moveTo': "
        + "expected one of open, reopened, inProgress, resolved, closed"),
    UsageError(
      "run", "ticket-workflow", "moveTo:inProgress", "moveTo",
      message:
        "Error: event 'moveTo' needs a state: write moveTo:STATE; "
        + "expected one of open, reopened, inProgress, resolved, closed"),
    UsageError(
      "run", "security-system", "--code", "abc", "arm",
      message: "Error: the security code must be digits, as in 1234, not 'abc'"),
    UsageError(
      "shell", "security-system", "--code", "",
      message: "Error: the security code must be digits, as in 1234, not ''"),
    UsageError(
      "run", "security-system", "--code", "-1234", "arm",
      message: "Error: the security code must be digits, as in 1234, not '-1234'"),
    // Numbers: the message names the range.
    UsageError(
      "run", "gumball-machine", "--seed", "-3",
      message:
        "Error: The value '-3' is invalid for '--seed <seed>': "
        + "give a whole number from 0 to 18446744073709551615"),
    UsageError(
      "run", "gumball-machine", "--seed", "18446744073709551616",
      message:
        "Error: The value '18446744073709551616' is invalid for '--seed <seed>': "
        + "give a whole number from 0 to 18446744073709551615"),
    UsageError(
      "run", "gumball-machine", "--gumballs", "many",
      message:
        "Error: The value 'many' is invalid for '--gumballs <gumballs>': "
        + "give a whole number from 0 to 9223372036854775807"),
    UsageError(
      "shell", "gumball-machine", "--gumballs", "-1",
      message: "Error: a gumball machine cannot start with -1 gumballs: give 0 or more"),
    UsageError(
      "change-cost", "--diff", "enum", "--from", "7",
      message: "Error: The value '7' is invalid for '--from <from>': give a revision from 1 to 4"),
    UsageError(
      "change-cost", "--diff", "enum", "--from", "-1",
      message: "Error: The value '-1' is invalid for '--from <from>': give a revision from 1 to 4"
    ),
    UsageError(
      "change-cost", "--diff", "enum", "--from", "first",
      message:
        "Error: The value 'first' is invalid for '--from <from>': give a revision from 1 to 4"),
    // The drawing tool's points, counts and seconds, after events that would run.
    UsageError(
      "run", "drawing-tool", "touchesBegan:1,1", "touchesBegan",
      message: "Error: event 'touchesBegan' needs a point: write touchesBegan:X,Y"),
    UsageError(
      "run", "drawing-tool", "touchesBegan:1,1", "touchesMoved:10",
      message: "Error: '10' is not a valid point for 'touchesMoved': " + pointRule),
    UsageError(
      "run", "drawing-tool", "touchesBegan:1,1", "touchesMoved:1,2,3",
      message: "Error: '1,2,3' is not a valid point for 'touchesMoved': " + pointRule),
    UsageError(
      "run", "drawing-tool", "touchesBegan:1,1", "touchesBegan:10000,0",
      message: "Error: '10000,0' is not a valid point for 'touchesBegan': " + pointRule),
    UsageError(
      "run", "drawing-tool", "touchesBegan:1,1", "touchesBegan:1.5,2",
      message: "Error: '1.5,2' is not a valid point for 'touchesBegan': " + pointRule),
    UsageError(
      "run", "drawing-tool", "copyLines:2", "copyLines:1001",
      message: "Error: '1001' is not a valid number for 'copyLines': " + countRule),
    UsageError(
      "run", "drawing-tool", "copyLines:2", "copyLines:-1",
      message: "Error: '-1' is not a valid number for 'copyLines': " + countRule),
    UsageError(
      "run", "drawing-tool", "copyLines:2", "copyLines:two",
      message: "Error: 'two' is not a valid number for 'copyLines': " + countRule),
    UsageError(
      "run", "drawing-tool", "animate:fast",
      message: "Error: event 'animate' takes no argument, but was given 'fast'"),
    UsageError(
      "run", "drawing-tool", "copyLines:1", "animate", "wait:1e3",
      message:
        "Error: '1e3' is not a valid time in seconds for 'wait': "
        + "expected seconds from 0 to 3600 with at most three decimals, as in 2 or 0.5"),
    // A missing machine, an unknown subcommand.
    UsageError(
      "run",
      message:
        "Error: Missing expected argument '<machine>': name one of "
        + Machines.ids.joinedAsChoices),
    UsageError(
      "describe",
      message:
        "Error: Missing expected argument '<machine>': name one of "
        + Machines.ids.joinedAsChoices),
    UsageError(
      "bogus",
      message: "Error: unknown subcommand 'bogus'; valid subcommands: \(subcommandNames)"),
    UsageError(
      "-x",
      message: "Error: unknown option '-x'; fsm takes a subcommand first: \(subcommandNames)"),
    UsageError(
      "--version", "run",
      message:
        "Error: unknown option '--version'; fsm takes a subcommand first: \(subcommandNames)"),
    UsageError(
      "-",
      message: "Error: unexpected argument '-'; fsm takes a subcommand first: \(subcommandNames)"),
    UsageError(
      "--", "run",
      message:
        "Error: unexpected argument 'run'; fsm takes a subcommand first: \(subcommandNames)"),
    UsageError(
      "help", "bogus",
      message:
        "Error: no help for 'bogus': it is not a subcommand; subcommands: \(subcommandNames)"),
    UsageError(
      "help", "run", "extra",
      message: "Error: help takes one subcommand, as in fsm help run; leave out 'extra'"),
    UsageError("list", "--verbose", message: "Error: Unknown option '--verbose'"),
    // Options that mean nothing for the machine, or without another option.
    UsageError(
      "run", "turnstile", "--code", "1234", "coin",
      message: "Error: --code goes with security-system; turnstile takes no machine options"),
    UsageError(
      "run", "security-system", "--gumballs", "3", "--loaded", "arm",
      message:
        "Error: --gumballs goes with gumball-machine, --loaded goes with record-commit; "
        + "security-system takes only --code"),
    UsageError(
      "run", "gumball-machine", "--code", "1",
      message:
        "Error: --code goes with security-system; "
        + "gumball-machine takes only --gumballs, --winner and --seed"),
    UsageError(
      "shell", "record-commit", "--winner", "always",
      message: "Error: --winner goes with gumball-machine; record-commit takes only --loaded"),
    UsageError(
      "change-cost", "--from", "2",
      message:
        "Error: --from goes with --diff STYLE, which shows one change; the table shows them all"),
    UsageError(
      "run", "turnstile", "coin", "--events-from", "-",
      message: "Error: give the events on the command line or with --events-from, not both"),
    UsageError(
      "run", "turnstile", "--events-from", "/nonexistent/events.txt",
      message:
        "Error: cannot read events from '/nonexistent/events.txt': there is no such file; "
        + "give a file of events, or - for standard input"),
    // A negative port is the port's value, not an option (it was "Missing
    // value for '--port <port>'").
    UsageError(
      "serve", "--port", "-1",
      message: "Error: The value '-1' is invalid for '--port <port>': give a port from 1 to 65535"),
    UsageError(
      "serve", "--port=-1",
      message: "Error: The value '-1' is invalid for '--port <port>': give a port from 1 to 65535"),
    UsageError(
      "serve", "--port", "65536",
      message:
        "Error: The value '65536' is invalid for '--port <port>': give a port from 1 to 65535"),
    UsageError(
      "serve", "--port", "0",
      message: "Error: The value '0' is invalid for '--port <port>': give a port from 1 to 65535"),
    // What the user typed is echoed with its control characters escaped.
    UsageError(
      "run", "turnstile", "dan\u{1B}[2Jce",
      message: #"Error: unknown event 'dan\u{1B}[2Jce'; valid events: coin, pass"#),
    UsageError(
      "run", "security-system", "--code", "12\u{7}",
      message: #"Error: the security code must be digits, as in 1234, not '12\u{7}'"#),
    UsageError(
      "bo\ngus",
      message: #"Error: unknown subcommand 'bo\u{A}gus'; valid subcommands: "# + subcommandNames),
    UsageError(
      "run", "turnstile", "--style=fan\u{202E}cy",
      message:
        #"Error: The value 'fan\u{202E}cy' is invalid for '--style <style>'. "#
        + "Please provide one of 'nested-switch', 'enum', 'state-pattern', 'state-classes' or 'table'."
    ),
    UsageError(
      "run", "turnstile", "--diagram", "run\u{1B}.gif",
      message:
        #"Error: cannot tell the format of 'run\u{1B}.gif' from its extension: "#
        + "end the --diagram file name in .dot, .svg, .png or .pdf"),
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
          runUsage, "  See 'fsm run --help' for more information."))
  }

  @Test("a usage error found while running is followed by the usage of the command")
  func usageWhileRunning() {
    let result = fsm("run", "turnstile", "--events-from", "-", input: ["coin dance"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.errors
        == text(
          "Error: unknown event 'dance'; valid events: coin, pass", runUsage,
          "  See 'fsm run --help' for more information."))
  }

  @Test("nothing the user typed reaches the terminal unescaped")
  func controlCharacters() {
    let typed = "\u{1B}]0;pwned\u{7}\r\u{8}\u{9B}31m\u{2028}\u{7F}"
    for arguments in [
      [typed], ["help", typed], ["run", typed], ["run", "turnstile", typed],
      ["run", "turnstile", "--style", typed], ["run", "turnstile", "--\(typed)"],
      ["run", "gumball-machine", "--seed", typed], ["run", "security-system", "--code", typed],
      ["diagram", "turnstile", "--output", "\(typed).gif"],
    ] {
      let result = fsm(arguments)
      #expect(result.status == 64, "\(arguments)")
      let shown = result.errors.unicodeScalars.filter { $0 != "\n" }
      #expect(
        shown.allSatisfy { (0x20...0x7E).contains($0.value) }, "\(arguments): \(result.errors)")
    }
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

/// The usage line of `fsm run`.
private let runUsage =
  "Usage: fsm run <machine> [--style <style>] [--json] [--handlers] [--diagram <file>] [--events-from <file>] [--code <code>] [--gumballs <gumballs>] [--winner <winner>] [--seed <seed>] [--loaded] [<events> ...]"

/// Every subcommand's name, and `help`, as `fsm` lists them.
private let subcommandNames =
  (FSM.configuration.subcommands.compactMap {
    $0.configuration.commandName
  } + ["help"]).joined(separator: ", ")
