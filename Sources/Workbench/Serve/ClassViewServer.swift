import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The class view on a socket: Hummingbird's HTTP/1.1 server, with a
/// `RequestGuard` on every connection, answering with the class view.
final class ClassViewServer: Sendable {
  /// Why the server did not start.
  enum StartError: Error {
    /// `host` is not an IPv4 or IPv6 address (or `localhost`).
    case badHost(String)
    /// The address could not be bound: the port is in use, or not ours.
    case cannotListen(String)
  }

  /// The port it listens on: the one asked for, or the one the system
  /// chose for port 0.
  let port: UInt16

  /// The address it listens on, as given (`localhost` as 127.0.0.1).
  let host: String

  /// The connections each address holds, for tests.
  let clients: ClientConnections

  /// Runs the server until it is shut down or cancelled.
  private let group: ServiceGroup

  /// The task running `group`.
  private let running: Task<Void, Never>

  /// The class view, whose followers' streams end and whose machine work
  /// stops as the server stops.
  let view: ClassView

  /// The threads the class view's work runs on.
  private let pool: NIOThreadPool

  private init(
    host: String, port: UInt16, clients: ClientConnections, group: ServiceGroup,
    running: Task<Void, Never>, view: ClassView, pool: NIOThreadPool
  ) {
    self.view = view
    self.pool = pool
    self.host = host
    self.port = port
    self.clients = clients
    self.group = group
    self.running = running
  }

  /// The URL of the class view, as printed.
  var url: String { Self.url(host: host, port: port) }

  /// The URL of a server on `host` and `port`.
  static func url(host: String, port: UInt16) -> String {
    let name = host.contains(":") ? "[\(host)]" : host
    return "http://\(name):\(port)/"
  }

  /// Starts serving `view` on `host` and `port` (0 for any free port), held
  /// to `limits`, and returns once the server listens.
  ///
  /// - Throws: `StartError` when the host is not an address or the port
  ///   cannot be bound.
  static func start(
    host: String, port: UInt16, view: ClassView, limits: ServerLimits = .standard
  ) async throws(StartError) -> ClassViewServer {
    let literal = host == "localhost" ? "127.0.0.1" : host
    guard isAddress(host) else { throw .badHost(host) }
    let clients = ClientConnections(
      limit: limits.connectionsPerClient, capacity: limits.connections)
    let pool = NIOThreadPool(numberOfThreads: limits.workThreads)
    pool.start()
    let responder = ClassViewResponder(
      view: view, limits: limits, pool: pool, lanes: ClientLanes(width: limits.requestsAtWork))
    let channel = GuardedHTTP1Channel(
      responder: { try await responder.respond(to: $0, writer: $1, channel: $2) },
      limits: limits, clients: clients)
    let logger = Logger(label: "fsm serve") { _ in SwiftLogNoOpLogHandler() }
    let (started, starting) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
    let server = channel.server(
      configuration: ServerConfiguration(
        address: .hostname(literal, port: Int(port)),
        // Connections that arrive while the server is at its cap wait here
        // for the one they shed to close; past the queue, the system drops
        // them and a newcomer waits seconds for its retries.
        backlog: 4 * limits.connections,
        // Accepting goes on a little past the cap, where the guard sheds a
        // connection for each new one (`ClientConnections`): were it to
        // stop at the cap itself, no new connection would arrive to shed
        // one, and a newcomer would wait in the queue for a write timeout.
        availableConnectionsDelegate: MaximumAvailableConnections(limits.connections + 64)),
      onServerRunning: { starting.yield(.success($0.localAddress?.port ?? Int(port))) },
      eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [server], gracefulShutdownSignals: [], cancellationSignals: [], logger: logger))
    let running = Task {
      do {
        try await group.run()
      } catch {
        starting.yield(.failure(error))
      }
      starting.finish()
    }
    for await outcome in started {
      switch outcome {
      case .success(let bound):
        // The follow link the teacher's page shows the class.
        view.classroom.reach = .of(host: literal, port: UInt16(clamping: bound))
        return ClassViewServer(
          host: literal, port: UInt16(clamping: bound), clients: clients, group: group,
          running: running, view: view, pool: pool)
      case .failure(let error):
        try? await pool.shutdownGracefully()
        throw .cannotListen(Self.reason(error))
      }
    }
    try? await pool.shutdownGracefully()
    throw .cannotListen("the server stopped before it listened")
  }

  /// Whether `host` is an IPv4 or IPv6 address, or `localhost`.
  static func isAddress(_ host: String) -> Bool {
    let literal = host == "localhost" ? "127.0.0.1" : host
    return (try? SocketAddress(ipAddress: literal, port: 0)) != nil
  }

  /// What a bind error says, without the type names around it.
  private static func reason(_ error: any Error) -> String {
    if let io = error as? IOError { return io.description }
    if let group = error as? ServiceGroupError { return "\(group)" }
    return "\(error)"
  }

  /// Stops listening, lets the requests in progress finish for up to a
  /// second, then closes every connection still open. Machine work stops
  /// at once, at its next event: a long replay does not hold the stop.
  func stop() async {
    view.allowances.stop()
    defer { pool.shutdownGracefully { _ in } }
    let ended = Mutex(false)
    let running = self.running
    let watcher = Task {
      await running.value
      ended.withLock { $0 = true }
    }
    await group.triggerGracefulShutdown()
    // A follower's stream is a request that never ends by itself.
    view.classroom.dismiss()
    if await Self.wait(for: ended, upTo: .seconds(1)) { return }
    clients.closeAll()
    if await Self.wait(for: ended, upTo: .milliseconds(500)) { return }
    running.cancel()
    await watcher.value
  }

  /// Whether `flag` is set within `time`, looked at every 10 ms. (Awaiting
  /// a task's value cannot be cancelled, so it cannot be raced with a
  /// timer in a task group.)
  private static func wait(for flag: borrowing Mutex<Bool>, upTo time: Duration) async -> Bool {
    let deadline = ContinuousClock.now + time
    while ContinuousClock.now < deadline {
      if flag.withLock({ $0 }) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return flag.withLock { $0 }
  }
}
