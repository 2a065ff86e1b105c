import NIOCore
import Synchronization

/// The connections open on the server, by client address, counted across
/// the server's event loops: each address is held to `limit` of them, the
/// server to `capacity`, and stopping the server closes them all.
///
/// At `capacity` the server would stop accepting, and a new client would
/// wait behind clients that never read (a socket's answer stuck unread
/// holds its connection until `ServerLimits.writeTimeout`). So the
/// connection that reaches `capacity` sheds another one, chosen in this
/// order:
/// 1. one whose writes are stalled (the client takes none of its answer),
///    or one already refused: neither serves anyone;
/// 2. one of the address holding the most connections: each address
///    then keeps at least an equal share, however many addresses a
///    hostile client brings, and a student's browser (a few connections)
///    loses nothing to them;
/// 3. the one that made no progress the longest: a kept-alive connection
///    idle longest, which a browser reopens without a word.
final class ClientConnections: Sendable {
  /// One open connection, and how it is doing.
  final class Connection: Sendable {
    /// Its channel, closed when it is shed.
    let channel: any Channel

    /// The client's address.
    let address: String

    /// Whether it counts toward its address's `limit` (a refused one does
    /// not: it is closing).
    let admitted: Bool

    /// When it last made progress (a byte read, a byte of its answer
    /// taken), in `NIODeadline.uptimeNanoseconds`.
    private let progress: Atomic<UInt64>

    /// Whether its answer is waiting on a client that does not read.
    private let stalled: Atomic<Bool>

    fileprivate init(channel: any Channel, address: String, admitted: Bool) {
      self.channel = channel
      self.address = address
      self.admitted = admitted
      progress = Atomic(admitted ? NIODeadline.now().uptimeNanoseconds : 0)
      stalled = Atomic(!admitted)
    }

    /// Records progress now.
    func progressed() {
      progress.store(NIODeadline.now().uptimeNanoseconds, ordering: .relaxed)
      stalled.store(false, ordering: .relaxed)
    }

    /// Records that its answer is waiting on the client.
    func stalledWriting() {
      stalled.store(true, ordering: .relaxed)
    }

    /// Whether it is to be shed before `other`, whose address holds
    /// `otherCount` connections where its own holds `count`.
    fileprivate func shedsBefore(_ other: Connection, count: Int, otherCount: Int) -> Bool {
      let (mine, theirs) = (
        stalled.load(ordering: .relaxed), other.stalled.load(ordering: .relaxed)
      )
      if mine != theirs { return mine }
      if count != otherCount { return count > otherCount }
      return progress.load(ordering: .relaxed) < other.progress.load(ordering: .relaxed)
    }
  }

  /// The most connections one address may hold.
  let limit: Int

  /// The most connections open at once: the one that reaches it sheds
  /// another.
  let capacity: Int

  /// The open connections, by address and channel, and the admitted ones'
  /// count by address.
  private struct Registry {
    var open: [String: [ObjectIdentifier: Connection]] = [:]
    var admitted: [String: Int] = [:]
    var count = 0
    /// When freed memory was last given back, and whether a time to give
    /// it back is set.
    var lastTrim = ContinuousClock.now
    var trimScheduled = false
  }

  /// How often, at most, memory that closed connections freed is given
  /// back to the system: their buffers (a refused flood's reads, a large
  /// answer a client never took) would otherwise stay the process's.
  static let trimInterval: Duration = .seconds(5)

  private let registry = Mutex(Registry())

  /// Connections held to `limit` per address and `capacity` in all.
  init(limit: Int, capacity: Int = .max) {
    self.limit = limit
    self.capacity = capacity
  }

  /// Registers `channel` from `address`: admitted unless the address
  /// holds `limit` admitted connections already (then it is refused, and
  /// kept only until it closes). Where it makes `capacity`, another
  /// connection is shed (closed), as the type's summary says.
  func open(_ channel: any Channel, from address: String) -> Connection {
    let (connection, shed) = registry.withLock { registry in
      let admitted = registry.admitted[address, default: 0] < limit
      if admitted { registry.admitted[address, default: 0] += 1 }
      let connection = Connection(channel: channel, address: address, admitted: admitted)
      registry.open[address, default: [:]][ObjectIdentifier(channel)] = connection
      registry.count += 1
      return (
        connection, registry.count >= capacity ? Self.shed(in: registry, sparing: connection) : nil
      )
    }
    shed?.channel.close(promise: nil)
    return connection
  }

  /// The connection to shed, `sparing` the new one; nil if there is none.
  private static func shed(in registry: Registry, sparing new: Connection) -> Connection? {
    var chosen: (connection: Connection, count: Int)?
    for connections in registry.open.values {
      for connection in connections.values where connection !== new {
        if let current = chosen,
          !connection.shedsBefore(
            current.connection, count: connections.count, otherCount: current.count)
        {
          continue
        }
        chosen = (connection, connections.count)
      }
    }
    return chosen?.connection
  }

  /// Forgets `connection`, which has closed; a second call does nothing.
  /// The memory closed connections freed goes back to the system, at most
  /// every `trimInterval`.
  func close(_ connection: Connection) {
    defer { releaseMemory(after: connection.channel.eventLoop) }
    registry.withLock { registry in
      let id = ObjectIdentifier(connection.channel)
      guard registry.open[connection.address]?.removeValue(forKey: id) != nil else { return }
      if registry.open[connection.address]?.isEmpty == true {
        registry.open[connection.address] = nil
      }
      registry.count -= 1
      if connection.admitted {
        let count = registry.admitted[connection.address, default: 1] - 1
        registry.admitted[connection.address] = count > 0 ? count : nil
      }
    }
  }

  /// Gives freed memory back now if it was not for `trimInterval`, else
  /// once that time is up (on `loop`), unless that is already set.
  private func releaseMemory(after loop: any EventLoop) {
    let now = ContinuousClock.now
    let wait: Duration? = registry.withLock { registry in
      let due = registry.lastTrim + Self.trimInterval
      if now >= due {
        registry.lastTrim = now
        return .zero
      }
      guard !registry.trimScheduled else { return nil }
      registry.trimScheduled = true
      return due - now
    }
    guard let wait else { return }
    if wait == .zero {
      MemoryRelease.returnFreedMemoryElsewhere()
      return
    }
    let nanoseconds = Int64((wait / .nanoseconds(1)).rounded(.up))
    let scheduled = loop.scheduleTask(in: .nanoseconds(nanoseconds)) { [self] in
      registry.withLock { registry in
        registry.trimScheduled = false
        registry.lastTrim = .now
      }
      MemoryRelease.returnFreedMemoryElsewhere()
    }
    // A loop that shuts down runs no task: the next close sets another.
    scheduled.futureResult.whenFailure { [self] _ in
      registry.withLock { $0.trimScheduled = false }
    }
  }

  /// Closes every connection still open: the end of a server's stop, for
  /// clients that would otherwise hold it until their time is up.
  func closeAll() {
    let all = registry.withLock { $0.open.values.flatMap(\.values) }
    for connection in all { connection.channel.close(promise: nil) }
  }

  /// The admitted connections `address` holds, for tests.
  func count(of address: String) -> Int {
    registry.withLock { $0.admitted[address, default: 0] }
  }
}
