import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox's socket pool, with Nagle's algorithm turned off on every
/// socket it waits on.
///
/// FlyingFox writes a response's header and body in two writes. On a
/// keep-alive connection (a browser's, the load test's), Nagle holds the
/// second until the first is acknowledged, and the client delays that
/// acknowledgement: every answer then takes 40 ms. FlyingFox has no option
/// for `TCP_NODELAY`, but every socket passes through the pool before it
/// waits for a request, so the pool sets it there; Linux also passes it
/// from the listening socket to the ones it accepts.
struct NoDelaySocketPool: AsyncSocketPool {
  /// The pool that does the work: FlyingFox's default for the platform.
  let base: any AsyncSocketPool

  func prepare() async throws { try await base.prepare() }

  func run() async throws { try await base.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    var on: Int32 = 1
    // Fails harmlessly on a socket that is not TCP.
    _ = setsockopt(
      socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on,
      socklen_t(MemoryLayout<Int32>.size))
    try await base.suspendSocket(socket, untilReadyFor: events)
  }
}
