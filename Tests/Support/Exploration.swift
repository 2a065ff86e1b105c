import StateMachines

/// The machine states reachable from a machine's sample configurations, each
/// with the events that first reached it.
///
/// Machines keep extended state (counters, gumballs, queued data) that the
/// state id does not show, so states are told apart by the machine's whole
/// value as reflection prints it, and explored breadth-first up to a depth.
public struct Exploration<M: Machine> {
  /// A reachable machine state: how to build it and how to get there.
  public struct Path {
    /// How the machine is created.
    public var configuration: M.Configuration
    /// The events that first reached this state.
    public var events: [M.Event]
  }

  /// Every reachable state found, as the path that reaches it.
  public private(set) var paths: [Path] = []

  /// Explores the value-type styles from every sample configuration.
  ///
  /// Each successor is made by replaying its path on a fresh machine, never
  /// by copying one: a machine written with classes would share its state.
  public init(_ style: Style, depth: Int = 10, limit: Int = 2_000) {
    for configuration in M.sampleConfigurations {
      let start = Path(configuration: configuration, events: [])
      guard let machine = start.replay(in: Implementation(style)) else { continue }
      var seen: Set<String> = [String(reflecting: machine)]
      var frontier = [start]
      paths.append(start)
      for _ in 0..<depth where !frontier.isEmpty && paths.count < limit {
        var next: [Path] = []
        for path in frontier {
          for event in M.sampleEvents(for: configuration) {
            var longer = path
            longer.events.append(event)
            guard let successor = longer.replay(in: Implementation(style)),
              seen.insert(String(reflecting: successor)).inserted
            else { continue }
            paths.append(longer)
            next.append(longer)
          }
        }
        frontier = next
      }
    }
  }

  /// The reachable states of the styles whose machines are values (so that
  /// reflection shows their whole state), together: every style of the
  /// machine but the book's state classes, whose state is an object.
  public static func allStyles() -> [Path] {
    M.styles.filter { $0 != .stateClasses }.flatMap { Exploration($0).paths }
  }
}

extension Exploration.Path {
  /// A fresh machine in `style`, driven along this path.
  public func replay(in style: Implementation) -> (any StateMachine<M.State, M.Event, M.Output>)? {
    guard var machine = try? M.make(style, configuration) else { return nil }
    for event in events { _ = machine.step(event) }
    return machine
  }
}
