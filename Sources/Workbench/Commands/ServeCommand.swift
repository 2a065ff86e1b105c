import ArgumentParser
import Dispatch
import Foundation
import Synchronization

/// `fsm serve`: the class view, a local web server that shows each machine's
/// diagram, its five styles' code and their costs in a browser, live.
struct ServeCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the class view: the machines, their code and costs in a browser.",
    discussion: """
      Serves the class view on http://127.0.0.1:PORT/ (this machine only, unless --host \
      says otherwise): every machine with its diagram; a machine's page, where each event \
      runs through the machine in all five styles on the server and the page shows whether \
      they agree, which code handled it, and the diagram with the current state; the \
      benchmark costs; the lessons. Each browser has its own machines. It finds the sources, \
      lessons and results in the workbench's checkout (FSM_ROOT, else the current folder or \
      one above it, else the checkout fsm was built from). Ctrl-C stops it.
      """)

  // Unconditional, so that the argument parser hands over `--port -1` (else
  // read as an option, and reported as a missing value) for the range's
  // message.
  @Option(
    parsing: .unconditional,
    help: "The port to listen on, from 1 to 65535.",
    transform: { text throws(ValidationError) in
      guard let port = UInt16(text), port >= 1 else {
        // ArgumentParser says which value of which option, before this.
        throw ValidationError("give a port from 1 to 65535")
      }
      return port
    })
  var port: UInt16 = 8080

  @Option(
    help: ArgumentHelp(
      "The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for a classroom's "
        + "network.", valueName: "address"))
  var host = "127.0.0.1"

  @Flag(
    help: "Start the timed machines on the real clock; each page can still switch it off.")
  var realTime = false

  @Option(
    help: ArgumentHelp(
      "The browser sessions kept at once, from 1 to 100000; past it the least recently used "
        + "is dropped (its page replays its events into a new one).",
      valueName: "count"),
    transform: { text throws(ValidationError) in
      guard let count = Int(text), (1...100_000).contains(count) else {
        throw ValidationError(
          "give --max-sessions a count from 1 to 100000, not '\(text.printable)'")
      }
      return count
    })
  var maxSessions = ServeLimits.sessions

  func run(on console: inout Console) throws {
    let root: String
    do {
      root = try WorkbenchRoot.locate()
    } catch {
      throw ValidationError(error.description)
    }
    let view = ClassView(root: root, realTime: realTime, sessions: maxSessions)
    let started =
      Self.wait { () async throws(ClassViewServer.StartError) -> ClassViewServer in
        try await ClassViewServer.start(host: host, port: port, view: view)
      } ?? .failure(.cannotListen("the server did not start"))
    let server: ClassViewServer
    switch started {
    case .success(let running): server = running
    case .failure(.badHost(let host)):
      throw ValidationError(
        "--host '\(host)' is not an address: give an IPv4 or IPv6 address, as 127.0.0.1, "
          + "0.0.0.0 or ::1, or localhost")
    case .failure(.cannotListen(let reason)):
      throw ValidationError(
        "cannot listen on \(host) port \(port) (\(reason)); is it in use? "
          + "give another with --port, from 1 to 65535")
    }
    print("The class view is at \(server.url)  (Ctrl-C stops it)", to: &console)
    print(
      "Teacher, open (and keep to yourself): \(server.url)teach/\(view.classroom.teacherKey)",
      to: &console)
    print("Students follow the teacher at: \(server.url)follow", to: &console)
    if root != "." {
      print("It serves the workbench at \(root.printable)", to: &console)
    }
    for line in Self.networkLines(host: server.host, port: server.port) {
      print(line, to: &console)
    }
    Self.waitForSignal()
    _ = Self.wait { () async throws(Never) in await server.stop() }
    print("stopped", to: &console)
  }

  /// What to tell a teacher who serves beyond this machine: the addresses
  /// students can type, and that anyone on the network can reach it.
  static func networkLines(host: String, port: UInt16) -> [String] {
    guard !NetworkAddresses.isLoopback(host) else { return [] }
    let reachable = NetworkAddresses.reachable(bound: host)
    var lines = ["Students on this network follow the teacher at:"]
    lines += reachable.map { found in
      let url = ClassViewServer.url(host: found.address, port: port) + "follow"
      return found.interface.isEmpty ? "  \(url)" : "  \(url)  (\(found.interface))"
    }
    if reachable.isEmpty {
      lines.append("  (no network address found: is this machine on a network?)")
    }
    lines.append(
      "Warning: anyone who can reach this machine on the network can use this server; "
        + "stop it (Ctrl-C) when the class is over, or serve on 127.0.0.1.")
    return lines
  }

  /// Runs `work` and blocks this thread until it is done: the command is
  /// synchronous, the server is not. The work runs on the concurrency
  /// pool, never on this thread, so blocking here cannot deadlock.
  private static func wait<Success: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () async throws(Failure) -> Success
  ) -> Result<Success, Failure>? {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Result<Success, Failure>?>(nil)
    Task {
      let outcome: Result<Success, Failure>
      do throws(Failure) {
        outcome = .success(try await work())
      } catch {
        outcome = .failure(error)
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return result.withLock { $0 }  // Set before the signal: never `nil`.
  }

  /// Blocks until SIGINT (Ctrl-C) or SIGTERM arrives, so that the server
  /// ends cleanly: its socket closed, its requests finished.
  private static func waitForSignal() {
    let arrived = DispatchSemaphore(value: 0)
    let sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)  // The dispatch source gets it instead.
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { arrived.signal() }
      source.resume()
      return source
    }
    arrived.wait()
    for source in sources { source.cancel() }
  }
}
