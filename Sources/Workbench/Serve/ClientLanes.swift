import Synchronization

/// Lets each client address have at most `width` requests at work at once;
/// the others wait their turn, in the order they came.
///
/// The class view's work runs on a small pool of threads of its own. A
/// client that sends many heavy requests at once (64 connections of
/// replays) would otherwise fill that pool and make every other student
/// wait behind it; in a lane of its own, it waits only for itself
/// (`ServerLimits.requestsAtWork` wide).
final class ClientLanes: Sendable {
  /// One address's requests: how many are at work, and who waits.
  private struct Lane {
    var working = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  /// The lanes of the addresses with requests at work.
  private let lanes = Mutex<[String: Lane]>([:])

  /// The most requests of one address at work at once.
  let width: Int

  /// Lanes that each let `width` requests work at once.
  init(width: Int = 2) {
    self.width = max(1, width)
  }

  /// Runs `work` once `client` has fewer than `width` requests at work.
  func run<Result>(
    for client: String, _ work: () async throws -> Result
  ) async rethrows -> Result {
    await enter(client)
    defer { leave(client) }
    return try await work()
  }

  /// The requests of `client` at work or waiting, for tests.
  func count(of client: String) -> Int {
    lanes.withLock { lanes in
      lanes[client].map { $0.working + $0.waiting.count } ?? 0
    }
  }

  /// Returns once `client` may start a request.
  private func enter(_ client: String) async {
    await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
      let now = lanes.withLock { lanes in
        var lane = lanes[client] ?? Lane()
        defer { lanes[client] = lane }
        guard lane.working < width else {
          lane.waiting.append(turn)
          return false
        }
        lane.working += 1
        return true
      }
      if now { turn.resume() }
    }
  }

  /// Ends a request of `client`, handing its place to the next waiting.
  private func leave(_ client: String) {
    let next: CheckedContinuation<Void, Never>? = lanes.withLock { lanes in
      guard var lane = lanes[client] else { return nil }
      if !lane.waiting.isEmpty {
        let next = lane.waiting.removeFirst()
        lanes[client] = lane
        return next
      }
      lane.working -= 1
      lanes[client] = lane.working > 0 ? lane : nil
      return nil
    }
    next?.resume()
  }
}
