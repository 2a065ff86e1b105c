import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The class view on a socket: FlyingFox's server with the class view as
/// its one handler, started and stopped from synchronous code.
final class ClassViewServer: Sendable {
  /// Why the server did not start.
  enum StartError: Error {
    /// `host` is not an IPv4 or IPv6 address (or `localhost`).
    case badHost(String)
    /// The address could not be bound: the port is in use, or not ours.
    case cannotListen(String)
  }

  /// FlyingFox's server.
  private let server: HTTPServer

  /// The port it listens on: the one asked for, or the one the system
  /// chose for port 0.
  let port: UInt16

  /// The address it listens on, as given.
  let host: String

  private init(server: HTTPServer, host: String, port: UInt16) {
    self.server = server
    self.host = host
    self.port = port
  }

  /// The URL of the class view, as printed.
  var url: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return "http://\(name):\(port)/"
  }

  /// Starts serving `view` on `host` and `port` (0 for any free port), and
  /// returns once the server listens.
  ///
  /// - Throws: `StartError` when the host is not an address or the port
  ///   cannot be bound.
  static func start(host: String, port: UInt16, view: ClassView) async throws(StartError)
    -> ClassViewServer
  {
    let address: any SocketAddress
    let literal = host == "localhost" ? "127.0.0.1" : host
    do {
      address =
        literal.contains(":")
        ? try sockaddr_in6.inet6(ip6: literal, port: port)
        : try sockaddr_in.inet(ip4: literal, port: port)
    } catch {
      throw .badHost(host)
    }
    // A request that takes longer than this is a client that stopped
    // sending; FlyingFox drops it and goes on serving everyone else.
    let server = HTTPServer(
      address: address, timeout: 30, pool: NoDelaySocketPool(base: HTTPServer.defaultPool()),
      logger: .disabled, handler: ClassViewHTTPHandler(view: view))
    let failure = Mutex<String?>(nil)
    Task {
      do {
        try await server.run()
      } catch {
        failure.withLock { $0 = error.localizedDescription }
      }
    }
    // Poll, with a bound, for whichever comes first: listening or failing.
    for _ in 0..<500 {
      if let message = failure.withLock({ $0 }) { throw .cannotListen(message) }
      if await server.isListening { break }
      try? await Task.sleep(for: .milliseconds(10))
    }
    guard let bound = await server.listeningAddress else {
      await server.stop()
      throw .cannotListen(failure.withLock { $0 } ?? "the server did not start listening")
    }
    let actual: UInt16 =
      switch bound {
      case .ip4(_, let port), .ip6(_, let port): port
      default: port
      }
    return ClassViewServer(server: server, host: literal, port: actual)
  }

  /// Stops listening and lets open requests finish for up to a second.
  func stop() async {
    await server.stop(timeout: 1)
  }
}
