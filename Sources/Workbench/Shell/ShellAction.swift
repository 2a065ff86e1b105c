/// A command of `fsm shell` itself, as opposed to an event for the machine.
///
/// A command may always be written with a leading colon (`:reset`); the bare
/// word works too, unless the machine has an event of the same name, which
/// then wins (the security system's `reset:CODE`).
enum ShellAction: String, CaseIterable {
  case help
  case state
  case style
  case reset
  case quit
  case exit

  /// How the command is written, for the help text.
  var usage: String {
    switch self {
    case .style: "style STYLE"
    case .help, .state, .reset, .quit, .exit: rawValue
    }
  }

  /// What the command does, for the help text.
  var summary: String {
    switch self {
    case .help: "list the events and the commands"
    case .state: "show the current state"
    case .style: "switch style, replaying the events that style has not seen"
    case .reset: "start again from a fresh machine"
    case .quit: "leave the shell (so does the end of input)"
    case .exit: "the same as quit"
    }
  }

  /// Whether the command is written with an argument.
  var takesArgument: Bool { self == .style }
}
