import StateMachines

/// The machine states reachable from a machine's sample configurations, each
/// with the events that first reached it.
///
/// Machines keep extended state (counters, gumballs, queued data) that the
/// state id does not show, so states are told apart by the machine's whole
/// value as reflection prints it, and explored breadth-first up to a depth.
struct Exploration<M: Machine> {
  /// A reachable machine state: how to build it and how to get there.
  struct Path {
    var configuration: Configuration
    var events: [M.Event]
  }

  private(set) var paths: [Path] = []

  /// Explores `style` from every sample configuration.
  init(_ style: Style, depth: Int = 10, limit: Int = 2_000) {
    for configuration in M.sampleConfigurations {
      guard let start = try? M.make(style, configuration) else { continue }
      var seen: Set<String> = [String(reflecting: start)]
      var frontier = [(machine: start, path: Path(configuration: configuration, events: []))]
      paths.append(frontier[0].path)
      for _ in 0..<depth where !frontier.isEmpty && paths.count < limit {
        var next: [(machine: any StateMachine<M.State, M.Event, M.Output>, path: Path)] = []
        for (machine, path) in frontier {
          for event in M.sampleEvents(for: configuration) {
            var successor = machine
            _ = successor.step(event)
            guard seen.insert(String(reflecting: successor)).inserted else { continue }
            var longer = path
            longer.events.append(event)
            paths.append(longer)
            next.append((successor, longer))
          }
        }
        frontier = next
      }
    }
  }

  /// The reachable states of every style together.
  static func allStyles() -> [Path] {
    Style.allCases.flatMap { Exploration($0).paths }
  }
}

extension Exploration.Path {
  /// A fresh machine in `style`, driven along this path.
  func replay(in style: Style) -> (any StateMachine<M.State, M.Event, M.Output>)? {
    guard var machine = try? M.make(style, configuration) else { return nil }
    for event in events { _ = machine.step(event) }
    return machine
  }
}
