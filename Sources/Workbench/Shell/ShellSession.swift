import ArgumentParser
import StateMachines

/// An interactive session with one machine: the loop behind `fsm shell`.
///
/// It reads lines from a console until `quit` or the end of input, so the
/// tests drive it with a list of lines and read what it printed.
struct ShellSession<M: CatalogMachine> {
  /// One step of the session's trace.
  typealias Step = TraceStep<M.State, M.Event, M.Output>

  /// Whether the loop goes on after a line.
  enum Next {
    case goOn
    case quit
  }

  /// The style of the machine in use.
  private(set) var style: Style

  /// The configuration every fresh machine starts from.
  private let configuration: M.Configuration

  /// A machine of the workbench's, in any style.
  typealias AnyMachine = any StateMachine<M.State, M.Event, M.Output>

  /// The machine in use.
  private var machine: AnyMachine

  /// The steps since the last reset, each as the style in use then took it.
  private(set) var trace: [Step] = []

  /// The style that took each step of `trace`, which a report of a
  /// difference names.
  private var takenBy: [Style] = []

  /// The machines of the styles switched away from since the last reset,
  /// each with how many steps of the trace it has run.
  ///
  /// Switching back replays only the steps taken since, so that each event
  /// is replayed at most once per style: replaying the whole trace at every
  /// switch made a long session quadratic (8,000 switches took 46 s).
  private var parked: [Style: (machine: AnyMachine, position: Int)] = [:]

  /// Writes the steps as `fsm run` does.
  private let text = TraceText(M.self)

  /// Starts a session on a fresh machine.
  init(style: Style, configuration: M.Configuration) throws(ValidationError) {
    self.style = style
    self.configuration = configuration
    self.machine = try M.build(style, configuration)
  }

  /// The prompt, as in `turnstile[locked]> `.
  var prompt: String { "\(M.id)[\(machine.state)]> " }

  /// Reads and handles lines until `quit` or the end of input.
  ///
  /// The greeting and the prompts appear only when a person types at a
  /// terminal, so that piped input gives just the trace.
  mutating func run(on console: inout Console) {
    greet(on: &console)
    while true {
      if console.isInteractive { console.write(prompt) }
      guard let line = console.readLine() else {
        if console.isInteractive { print("", to: &console) }  // End the prompt's line.
        return
      }
      if handleInput(line, on: &console) == .quit { return }
    }
  }

  /// Says what the session is and how to use it, to a person at a terminal.
  func greet(on console: inout Console) {
    guard console.isInteractive else { return }
    let events = M.Event.signatures.map(\.usage).joined(separator: ", ")
    print(
      "\(M.id) in \(style), in \(machine.state). Type an event (\(events)) or help; "
        + "quit or the end of input leaves.", to: &console)
  }

  /// Handles one line as read, skipping one cut for being too long.
  mutating func handleInput(_ line: String, on console: inout Console) -> Next {
    if StandardInput.isCut(line) {
      print(
        "a line of more than \(StandardInput.lineLimit) bytes was skipped: type one event or "
          + "command a line", to: &console)
      return .goOn
    }
    return handle(line, on: &console)
  }

  /// Handles one line: an event for the machine, or a command of the shell.
  mutating func handle(_ line: String, on console: inout Console) -> Next {
    let line = line.trimmingWhitespace
    guard let word = line.split(whereSeparator: \.isWhitespace).first.map(String.init) else {
      return .goOn
    }
    let argument = line.dropFirst(word.count).trimmingWhitespace
    if word.hasPrefix(":") {
      guard let action = ShellAction(rawValue: String(word.dropFirst())) else {
        print("unknown command '\(word.printable)'; commands: \(Self.commandList)", to: &console)
        return .goOn
      }
      return perform(action, argument: argument, on: &console)
    }
    // A bare word is a command unless the machine has an event of that name.
    let namesEvent = M.Event.signatures.contains { $0.name == word }
    if !namesEvent, let action = ShellAction(rawValue: word) {
      return perform(action, argument: argument, on: &console)
    }
    send(line, on: &console)
    return .goOn
  }

  /// `help, state, style, reset, quit, exit`.
  private static var commandList: String {
    ShellAction.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// `nested-switch, enum, state-pattern`.
  private static var styleList: String {
    Style.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// Whether the machine has a `wait` event, so that real time can be fed
  /// to it.
  static var keepsTime: Bool {
    M.Event.signatures.contains { $0.name == waitEvent && $0.parameter == .seconds }
  }

  /// `wait`.
  private static var waitEvent: String { MachineDescription<M.State>.waitEvent }

  /// Sends the real time that passed since the last look as `wait` events,
  /// and prints the steps in which the machine changed state; a wait that
  /// only moved the clock, or an internal transition (the video player's
  /// position), is kept in the trace but not printed ten times a second.
  ///
  /// - Returns: whether anything was printed.
  @discardableResult
  mutating func catchUp(
    with feed: inout RealTimeFeed<some Clock<Duration>>, on console: inout Console
  ) -> Bool {
    var printed = false
    for wait in feed.waits() {
      guard let event = try? M.Event.parse("\(Self.waitEvent):\(wait.secondsText)") else {
        return printed  // Not reached: `keepsTime` checked that the machine has `wait`.
      }
      let step = machine.step(event)
      record(step)
      if step.from != step.to || !step.via.isEmpty {
        print(text.line(step), to: &console)
        printed = true
      }
    }
    return printed
  }

  /// Parses `input` as an event and sends it to the machine.
  private mutating func send(_ input: String, on console: inout Console) {
    let event: M.Event
    do {
      event = try M.Event.parse(input)
    } catch {
      let name = input.prefix { $0 != ":" }
      let hint =
        ShellAction(rawValue: String(name)).map { "the shell's own \($0) is written :\($0)" }
        ?? "type help for the events and the shell's commands"
      // A one-line message: any control character in it is the user's.
      print("\(error.message.printable) (\(hint))", to: &console)
      return
    }
    let step = machine.step(event)
    record(step)
    print(text.line(step), to: &console)
  }

  /// Adds `step`, taken by the machine in use, to the trace.
  private mutating func record(_ step: Step) {
    trace.append(step)
    takenBy.append(style)
  }

  private mutating func perform(
    _ action: ShellAction, argument: String, on console: inout Console
  ) -> Next {
    guard action.takesArgument || argument.isEmpty else {
      print("\(action) takes no argument; type help for the commands", to: &console)
      return .goOn
    }
    switch action {
    case .help: printHelp(on: &console)
    case .state:
      print("\(machine.state) (\(style), \(trace.count) events so far)", to: &console)
    case .style: switchStyle(to: argument, on: &console)
    case .reset: reset(on: &console)
    case .quit, .exit: return .quit
    }
    return .goOn
  }

  private func printHelp(on console: inout Console) {
    print("Events for \(M.id):", to: &console)
    for signature in M.Event.signatures {
      print("  \(signature.usage)", to: &console)
    }
    print("Commands (also written with a colon, as :reset):", to: &console)
    let width = ShellAction.allCases.map(\.usage.count).max() ?? 0
    for action in ShellAction.allCases {
      print("  \(action.usage.padded(to: width))   \(action.summary)", to: &console)
    }
    let shadowed = ShellAction.allCases.filter { action in
      M.Event.signatures.contains { $0.name == action.rawValue }
    }
    for action in shadowed {
      print("'\(action)' is an event of \(M.id); the command is written :\(action)", to: &console)
    }
  }

  /// Starts again from a fresh machine in the same style.
  private mutating func reset(on console: inout Console) {
    do {
      machine = try M.build(style, configuration)
    } catch {
      print("cannot reset: \(error.message)", to: &console)
      return
    }
    trace = []
    takenBy = []
    parked = [:]
    print("reset: a fresh \(M.id) in \(style), in \(machine.state)", to: &console)
  }

  /// Brings the new style's machine up to date with the trace, so the
  /// session goes on where it was, and says whether the new style agreed:
  /// a style used before replays only the steps taken since, on its own
  /// machine; any other starts from a fresh one.
  private mutating func switchStyle(to name: String, on console: inout Console) {
    guard !name.isEmpty else {
      print("style needs one of: \(Self.styleList) (now \(style))", to: &console)
      return
    }
    guard let newStyle = Style(rawValue: name) else {
      print("unknown style '\(name.printable)'; valid styles: \(Self.styleList)", to: &console)
      return
    }
    let start: (machine: AnyMachine, position: Int)
    if let kept = parked[newStyle] {
      start = kept
    } else if newStyle == style {
      start = (machine, trace.count)  // The machine in use took every step.
    } else {
      do {
        start = (try M.build(newStyle, configuration), 0)
      } catch {
        print("cannot switch to \(newStyle): \(error.message)", to: &console)
        return
      }
    }
    var next = start.machine
    let position = start.position
    let replayed = trace[position...].map { next.step($0.event) }
    print(
      replayReport(to: newStyle, from: position, replayed: replayed, now: next.state),
      to: &console)
    parked[style] = (machine, trace.count)
    parked[newStyle] = nil
    style = newStyle
    machine = next
  }

  /// Says what replaying the steps from `position` on in `newStyle` gave:
  /// the same steps, or the first step that differs; then the state it is in.
  private func replayReport(
    to newStyle: Style, from position: Int, replayed: [Step], now state: M.State
  ) -> String {
    let switched = "switched from \(style) to \(newStyle)"
    guard !replayed.isEmpty else {
      let seen = position == 0 ? "" : ", it has run all \(position)"
      return "\(switched): no events to replay\(seen); in \(state)"
    }
    let count =
      (replayed.count == 1 ? "1 event" : "\(replayed.count) events")
      + (position == 0 ? "" : " it had not seen")
    guard let offset = replayed.indices.first(where: { trace[position + $0] != replayed[$0] })
    else {
      return "\(switched): replayed \(count), the trace is identical; in \(state)"
    }
    let index = position + offset
    let before = takenBy[index]
    let width = max(before.rawValue.count, newStyle.rawValue.count) + 1
    let old = (before.rawValue + ":").padded(to: width)
    let new = (newStyle.rawValue + ":").padded(to: width)
    return """
      \(switched): replayed \(count), but the trace DIFFERS at step \(index + 1):
        \(old) \(text.line(trace[index]))
        \(new) \(text.line(replayed[offset]))
      now in \(state)
      """
  }
}

extension StringProtocol {
  /// The text without white space at either end.
  fileprivate var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
