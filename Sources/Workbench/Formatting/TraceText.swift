import StateMachines

/// Writes trace steps as aligned lines a person can read:
///
///     disarm:0000   armed      -> armed      ignored   invalidCode
///     reset:1234    alarm      -> disarmed   fired     codeAccepted, alarmStopped, systemDisarmed
///
/// The columns are as wide as the machine's longest event usage and state
/// ids, so every run of a machine lines up the same way.
struct TraceText<M: CatalogMachine> {
  /// The width of the event column.
  private let eventWidth: Int

  /// The width of a state column.
  private let stateWidth: Int

  /// The width of the target column, which also shows `(via sold)`.
  private let targetWidth: Int

  /// The space between columns.
  private static var gap: String { "   " }

  /// Lines up the columns for `M`, and for `events` when some of them are
  /// longer than their usage (`send:a long message`).
  init(_ machine: M.Type, events: [M.Event] = []) {
    let states = Array(M.State.allCases)
    let stateWidth = states.map(\.rawValue.count).max() ?? 0
    self.stateWidth = stateWidth
    // An event whose argument is a state id (`moveTo:inProgress`) is as
    // wide as its longest id, which is known, unlike data (`send:DATA`).
    let usages =
      M.Event.signatures.map { signature in
        signature.parameter == .state
          ? signature.name.count + 1 + stateWidth : signature.usage.count
      }.max() ?? 0
    // A closure, not a key path, for the same reason as in `line(_:)`.
    eventWidth = max(usages, events.lazy.map { $0.description.printable.count }.max() ?? 0)
    let transient = states.filter { state in
      M.leaves(of: state).contains(where: M.description.isTransient)
    }
    let viaWidth = transient.map { Self.via([$0]).count + 1 }.max() ?? 0
    targetWidth = stateWidth + viaWidth
  }

  /// One step on one line, without trailing spaces, and with the control
  /// characters of event data (`send:DATA`) escaped.
  func line(_ step: TraceStep<M.State, M.Event, M.Output>) -> String {
    var target = step.to.rawValue
    if !step.via.isEmpty { target += " " + Self.via(step.via) }
    // Closures, not key paths: a generic key path is instantiated at run
    // time on every call, which was a quarter of a long run's time.
    let outputs = step.outputs.map { $0.description.printable }.joined(separator: ", ")
    let result: String
    if let error = step.error {
      result = (["rejected: " + error.printable] + (outputs.isEmpty ? [] : [outputs]))
        .joined(separator: Self.gap)
    } else {
      result = (step.fired ? "fired" : "ignored").padded(to: "ignored".count) + Self.gap + outputs
    }
    let transition =
      step.from.rawValue.padded(to: stateWidth) + " -> " + target.padded(to: targetWidth)
    let columns = [step.event.description.printable.padded(to: eventWidth), transition, result]
    return columns.joined(separator: Self.gap).trimmingTrailingSpaces
  }

  /// `(via sold)`, or `(via yellow, red)`.
  private static func via(_ states: [M.State]) -> String {
    "(via \(states.map { $0.rawValue }.joined(separator: ", ")))"
  }
}
