#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

/// The two streams every machine is measured on.
public enum StreamKind: String, CaseIterable {
  /// Events drawn uniformly from the machine's alphabet: many are ignored or
  /// rejected, and branches are hard to predict.
  case uniform

  /// Episodes of the path the machine usually takes: mostly transitions that
  /// fire, in patterns a branch predictor learns.
  case typical
}

extension BenchmarkedMachine {
  /// A stream of `kind` with at least `count` events, the same for every
  /// run and every style: its generator has a fixed seed.
  ///
  /// The stream never puts the machine into a final state, and it ends in
  /// the state it starts from, so that a machine can handle it again and
  /// again: each benchmark iteration continues where the last one stopped.
  /// A typical stream is made of whole episodes; a few events may be added
  /// to lead the machine home, so a stream can be a little longer than
  /// `count`. The harness records the exact number with the results.
  public static func stream(_ kind: StreamKind, count: Int, seed: UInt64 = 0x5EED) -> [Event] {
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
        episode.forEach { builder.append($0) }
      }
    }
    builder.returnHome(using: uniformAlphabet)
    return builder.events
  }
}

/// Builds a stream while tracking the machine it leads to, so that no
/// stream puts a machine into a final state (a deleted record), where every
/// later event would measure a dead machine.
///
/// The machine is tracked with the enum style; the conformance suite checks
/// that all styles agree with it.
private struct StreamBuilder<M: BenchmarkedMachine> {
  /// The events so far.
  private(set) var events: [M.Event] = []

  /// The machine after the events so far, or `nil` if it cannot be built.
  private var probe = M.make(Implementation(.enum), as: M.Enum.self)

  /// The state the stream starts in, and must end in.
  private let home = M.make(Implementation(.enum), as: M.Enum.self)?.state

  /// The number of events so far.
  public var count: Int { events.count }

  /// The events of `alphabet` that leave the machine in a state that is not
  /// final (all of them, for a machine without final states).
  public func keepingAlive(_ alphabet: [M.Event]) -> [M.Event] {
    guard !M.description.finalStates.isEmpty else { return alphabet }
    return alphabet.filter { after($0, from: probe) != nil }
  }

  /// Appends `event`, unless it would put the machine into a final state.
  public mutating func append(_ event: M.Event) {
    guard let next = after(event, from: probe) else { return }
    probe = next
    events.append(event)
  }

  /// Appends the shortest run of `alphabet` events that leads the machine
  /// back to the state it started in, found breadth first.
  public mutating func returnHome(using alphabet: [M.Event]) {
    guard let start = probe, let home else { return }
    var paths: [M.State: [M.Event]] = [start.state: []]
    var frontier = [start]
    while !frontier.isEmpty, paths[home] == nil {
      var next: [M.Enum] = []
      for machine in frontier {
        for event in alphabet {
          guard let reached = after(event, from: machine), paths[reached.state] == nil else {
            continue
          }
          paths[reached.state] = (paths[machine.state] ?? []) + [event]
          next.append(reached)
        }
      }
      frontier = next
    }
    paths[home]?.forEach { append($0) }
  }

  /// `machine` after `event`, or `nil` if that state is final.
  private func after(_ event: M.Event, from machine: M.Enum?) -> M.Enum? {
    guard var machine else { return nil }
    _ = try? machine.handle(event, emit: { _ in })
    let final = M.leaves(of: machine.state).contains(where: M.description.finalStates.contains)
    return final ? nil : machine
  }
}
