import StateMachines

/// The two streams every machine is measured on.
enum StreamKind: String, CaseIterable {
  /// Events drawn uniformly from the machine's alphabet: many are ignored or
  /// rejected, and branches are hard to predict.
  case uniform

  /// Episodes of the path the machine usually takes: mostly transitions that
  /// fire, in patterns a branch predictor learns.
  case typical
}

extension BenchmarkedMachine {
  /// `count` events of `kind`, the same for every run and every style: the
  /// generator is seeded with a fixed seed.
  static func stream(_ kind: StreamKind, count: Int, seed: UInt64 = 0x5EED) -> [Event] {
    var generator = SeededGenerator(seed: seed)
    var builder = StreamBuilder<Self>()
    switch kind {
    case .uniform:
      let alphabet = uniformAlphabet
      while builder.count < count {
        let candidates = builder.keepingAlive(alphabet)
        guard !candidates.isEmpty else { break }
        builder.append(candidates[Int.random(in: candidates.indices, using: &generator)])
      }
    case .typical:
      while builder.count < count {
        let episode = typicalEpisode(using: &generator)
        guard !episode.isEmpty else { break }
        for event in episode.prefix(count - builder.count) {
          builder.append(event)
        }
      }
    }
    return builder.events
  }
}

/// Builds a stream while tracking the state it leads to, so that no stream
/// ever puts a machine into a final state (a deleted record): every event
/// after that would measure a dead machine.
///
/// The state is tracked with the enum style; the conformance suite checks
/// that all styles agree on it.
private struct StreamBuilder<M: BenchmarkedMachine> {
  /// The events so far.
  private(set) var events: [M.Event] = []

  /// The machine after the events so far, or `nil` if it cannot be built.
  private var probe = M.make(.enum, as: M.Enum.self)

  /// The number of events so far.
  var count: Int { events.count }

  /// The events of `alphabet` that leave the machine in a state that is not
  /// final.
  func keepingAlive(_ alphabet: [M.Event]) -> [M.Event] {
    alphabet.filter { after($0) != nil }
  }

  /// Appends `event`, unless it would put the machine into a final state.
  mutating func append(_ event: M.Event) {
    guard let next = after(event) else { return }
    probe = next
    events.append(event)
  }

  /// The machine after `event`, or `nil` if that state is final.
  private func after(_ event: M.Event) -> M.Enum? {
    guard var machine = probe else { return nil }
    var outputs: [M.Output] = []
    _ = try? machine.handle(event, into: &outputs)
    return M.description.finalStates.contains(machine.state) ? nil : machine
  }
}
