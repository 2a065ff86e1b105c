import ConformanceSupport
import StateMachines
import Testing

/// Data that grows with events (the TCP queue while the handshake waits)
/// grows in place, in every style: 40,000 events copy about twice as many
/// elements as 20,000, not four times as many.
///
/// Measured without a clock: after every event the machine's collections
/// are found by reflection, and a collection whose storage is not the one
/// it had before the event was copied, all its elements. Appending in place
/// copies only when the storage grows (doubling: about 2n elements in all);
/// copying the whole queue for each send copies n²/2.
@Suite("Growing data")
struct GrowingDataTests {
  @Test(
    "where repeating an event grows the data, 40,000 events copy about twice what 20,000 do",
    arguments: MachineCase.all)
  func growthIsLinear(_ machine: MachineCase) {
    for failure in linearGrowthFailures(machine.machine) {
      Issue.record("\(failure)")
    }
  }

  @Test("the TCP queue is found growing in every style, on both ways into the handshake")
  func queueIsFound() {
    let growth = Growth<TCPConnection>.find()
    for style in TCPConnection.implementations {
      let places = Set(growth.filter { $0.style == style }.map(\.place))
      #expect(places == ["synSent, send:hello", "synReceived, send:hello"], "\(style)")
    }
  }

  // Opens the existential so that `Growth` sees the concrete machine.
  private func linearGrowthFailures<M: Conformant>(_: M.Type) -> [String] {
    let growth = Growth<M>.find()
    var failures: [String] = []
    let found = Dictionary(grouping: growth, by: \.place).mapValues { Set($0.map(\.style)) }
    for (place, styles) in found where styles.count != M.implementations.count {
      let hidden = M.implementations.filter { !styles.contains($0) }
      failures.append(
        "\(M.id): the data grows at \(place) in \(styles.map(\.description).sorted()), "
          + "not in \(hidden), or this test cannot see it there")
    }
    for run in growth {
      let (twenty, forty) = (run.copiedElements(20_000), run.copiedElements(40_000))
      if forty > 3 * twenty {
        failures.append(
          "\(M.id) \(run.style), \(run.place) repeated: 20,000 events copied \(twenty) elements, "
            + "40,000 copied \(forty): the data is copied whole, not grown in place")
      }
    }
    return failures
  }
}

/// A place where repeating one event grows a machine's data: a path to a
/// state, and the event that, repeated, adds an element each time.
struct Growth<M: Conformant> {
  let style: Implementation
  let path: Exploration<M>.Path
  let event: M.Event
  /// The state it grows in and the event, as the failures name it.
  let place: String

  /// Every place, in every implementation: from the first path to each
  /// state, each sample event repeated 64 times adds at least 64 elements.
  static func find() -> [Growth] {
    var firstPaths: [M.State: Exploration<M>.Path] = [:]
    for path in Exploration<M>(.nestedSwitch).paths {
      guard let machine = path.replay(in: Implementation(.nestedSwitch)) else { continue }
      if firstPaths[machine.state] == nil { firstPaths[machine.state] = path }
    }
    var found: [String: Growth] = [:]
    for style in M.implementations {
      for path in firstPaths.values {
        for event in M.sampleEvents(for: path.configuration) {
          guard var machine = path.replay(in: style) else { continue }
          let before = Collections(of: machine).elements
          for _ in 0..<64 { _ = machine.step(event) }
          guard Collections(of: machine).elements >= before + 64 else { continue }
          let place = "\(machine.state), \(event)"
          found["\(style) \(place)"] = Growth(style: style, path: path, event: event, place: place)
        }
      }
    }
    return found.keys.sorted().compactMap { found[$0] }
  }

  /// The elements copied into new storage while the event is repeated
  /// `count` times.
  func copiedElements(_ count: Int) -> Int {
    guard var machine = path.replay(in: style) else { return 0 }
    var before = Collections(of: machine)
    var copied = 0
    for _ in 0..<count {
      _ = machine.step(event)
      let after = Collections(of: machine)
      copied += after.copiedElements(since: before)
      before = after
    }
    return copied
  }
}

/// The collections a machine holds, found by reflection (stored properties,
/// enum payloads, the current state object), each by its path, with its
/// count and the address of its storage. Only addresses are kept, so this
/// value owns none of the storage it describes.
struct Collections {
  private var found: [String: (count: Int, storage: UnsafeRawPointer?)] = [:]

  init(of value: Any) { visit(value, path: "self", depth: 0) }

  /// Every element of every collection found.
  var elements: Int { found.values.reduce(0) { $0 + $1.count } }

  /// The elements of the collections whose storage is not the one they
  /// had in `earlier`: copied, or moved to grow. A collection without
  /// contiguous storage counts whole, as if copied: were one to grow, this
  /// test would fail and need a way to tell its storage apart.
  func copiedElements(since earlier: Collections) -> Int {
    found.reduce(0) { copied, entry in
      let (path, now) = entry
      let kept = now.storage != nil && earlier.found[path]?.storage == now.storage
      return copied + (kept ? 0 : now.count)
    }
  }

  private mutating func visit(_ value: Any, path: String, depth: Int) {
    if let collection = value as? any Collection {
      found[path] = Self.describe(collection)
      return
    }
    guard depth < 8 else { return }
    var mirror: Mirror? = Mirror(reflecting: value)
    while let level = mirror {
      for (index, child) in level.children.enumerated() {
        visit(child.value, path: "\(path).\(child.label ?? String(index))", depth: depth + 1)
      }
      mirror = level.superclassMirror
    }
  }

  private static func describe<C: Collection>(
    _ collection: C
  ) -> (count: Int, storage: UnsafeRawPointer?) {
    let storage = collection.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) }
    return (collection.count, storage ?? nil)
  }
}
