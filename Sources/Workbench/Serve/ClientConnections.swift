import NIOCore
import Synchronization

/// The connections each client address holds open, counted across the
/// server's event loops, and kept so that stopping the server can close
/// them all.
final class ClientConnections: Sendable {
  /// The most connections one address may hold.
  let limit: Int

  /// Open connections by address.
  private let open = Mutex<[String: Int]>([:])

  /// Every open connection.
  private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

  /// A count that lets each address hold `limit` connections.
  init(limit: Int) {
    self.limit = limit
  }

  /// Counts a new connection from `address`, unless it already holds
  /// `limit`: then it is not counted and the answer is `false`.
  func admit(_ address: String) -> Bool {
    open.withLock { open in
      let count = open[address, default: 0]
      guard count < limit else { return false }
      open[address] = count + 1
      return true
    }
  }

  /// Forgets a connection `admit` counted.
  func release(_ address: String) {
    open.withLock { open in
      let count = open[address, default: 1] - 1
      open[address] = count > 0 ? count : nil
    }
  }

  /// Keeps `channel` until `forget` or `closeAll`.
  func track(_ channel: any Channel) {
    channels.withLock { $0[ObjectIdentifier(channel)] = channel }
  }

  /// Forgets a closed `channel`.
  func forget(_ channel: any Channel) {
    channels.withLock { $0[ObjectIdentifier(channel)] = nil }
  }

  /// Closes every connection still open: the end of a server's stop, for
  /// clients that would otherwise hold it until their time is up.
  func closeAll() {
    for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
  }

  /// The connections `address` holds, for tests.
  func count(of address: String) -> Int {
    open.withLock { $0[address, default: 0] }
  }
}
