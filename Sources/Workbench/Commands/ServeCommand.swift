import ArgumentParser
import Dispatch
import Foundation
import Synchronization

/// `fsm serve`: the class view, a local web server that shows each machine's
/// diagram, its code in every style and measured variant it is written in,
/// and their costs in a browser, live.
struct ServeCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the class view: the machines, their code and costs in a browser.",
    discussion: """
      Serves the class view on http://127.0.0.1:PORT/ (this machine only, unless --host \
      says otherwise): every machine with its diagram; a machine's page, where each event \
      runs through the machine in every style and variant it is written in on the server \
      and the page shows whether they agree, which code handled it, and the diagram with \
      the current state; the benchmark costs; the lessons. Each browser has its own machines. It finds the sources, \
      lessons and results in the workbench's checkout (FSM_ROOT, else the current folder or \
      one above it, else the checkout fsm was built from). Ctrl-C stops it.

      The teacher's link (/teach/KEY) has a key that outlives a restart: it is kept in \
      $XDG_STATE_HOME/fsm/teacher-key (else ~/.local/state/fsm/teacher-key), made there the \
      first time with mode 0600, so the same link keeps working and a restarted server knows \
      the teacher's browser. --new-teacher-key makes a new one (the old link stops working); \
      --teacher-key KEY uses KEY instead and keeps it nowhere.
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

  @Option(
    help: ArgumentHelp(
      "The key of the teacher's link, instead of the one kept in the user's state: "
        + "\(TeacherKey.rule). It is kept nowhere.",
      valueName: "key"),
    transform: { text throws(ValidationError) in
      do throws(TeacherKey.Failure) {
        return try TeacherKey.given(text)
      } catch {
        throw ValidationError(error.message)
      }
    })
  var teacherKey: String?

  @Flag(
    help: ArgumentHelp(
      "Make a new key for the teacher's link and keep it in place of the old one: the old "
        + "link, and the browser that opened it, no longer make a teacher."))
  var newTeacherKey = false

  func validate() throws {
    // Before the teacher's key is read or made: a usage error touches nothing.
    guard ClassViewServer.isAddress(host) else { throw Self.badHost(host) }
    if teacherKey != nil && newTeacherKey {
      throw ValidationError(
        "give --teacher-key KEY (a key of your own, kept nowhere) or --new-teacher-key "
          + "(a new key, kept in place of the old one), not both")
    }
  }

  func run(on console: inout Console) throws {
    let root: String
    do {
      root = try WorkbenchRoot.locate()
    } catch {
      throw ValidationError(error.description)
    }
    let (key, keyNote): (String, String)
    do throws(TeacherKey.Failure) {
      (key, keyNote) = try Self.teacherKey(
        given: teacherKey, renew: newTeacherKey, environment: ProcessInfo.processInfo.environment)
    } catch {
      throw ValidationError(error.message)
    }
    let view = ClassView(
      root: root, realTime: realTime, sessions: maxSessions,
      classroom: Classroom(teacherKey: key))
    let started =
      Self.wait { () async throws(ClassViewServer.StartError) -> ClassViewServer in
        try await ClassViewServer.start(host: host, port: port, view: view)
      } ?? .failure(.cannotListen("the server did not start"))
    let server: ClassViewServer
    switch started {
    case .success(let running): server = running
    case .failure(.badHost(let host)):
      throw Self.badHost(host)
    case .failure(.cannotListen(let reason)):
      throw ValidationError(
        "cannot listen on \(host) port \(port) (\(reason)); is it in use? "
          + "give another with --port, from 1 to 65535")
    }
    // A browser on this computer cannot open 0.0.0.0 (Chromium refuses it).
    let local = ClassViewServer.url(host: Self.localHost(server.host), port: server.port)
    print("The class view is at \(local)  (Ctrl-C stops it)", to: &console)
    print("Teacher, open (and keep to yourself): \(local)teach/\(key)", to: &console)
    print(keyNote, to: &console)
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

  /// The usage error for a `--host` that is not an address.
  static func badHost(_ host: String) -> ValidationError {
    ValidationError(
      "--host '\(host)' is not an address: give an IPv4 or IPv6 address, as 127.0.0.1, "
        + "0.0.0.0 or ::1, or localhost")
  }

  /// The teacher's key: `given` (`--teacher-key`), else the one kept where
  /// `environment` says the user's state is (`TeacherKey.path(in:)`),
  /// made anew when `renew`; and the line that says where it is kept.
  /// Where there is no such place, a key for this run only.
  static func teacherKey(
    given: String?, renew: Bool, environment: [String: String]
  ) throws(TeacherKey.Failure) -> (key: String, note: String) {
    if let given {
      return (given, "The teacher's key is the one given with --teacher-key; it is kept nowhere.")
    }
    guard let path = TeacherKey.path(in: environment) else {
      return (
        SessionStore.makeID(),
        "Neither XDG_STATE_HOME nor HOME is set: this teacher's key lasts until the server "
          + "stops (give one with --teacher-key KEY to keep it)."
      )
    }
    let (key, made) = try TeacherKey.kept(at: path, renew: renew)
    return (
      key,
      "The teacher's key \(made ? "was made and " : "")is kept in \(path.printable), so the "
        + "link survives a restart; fsm serve --new-teacher-key makes a new one."
    )
  }

  /// The address a browser on this computer opens for a server bound to
  /// `host`: loopback for a wildcard, else `host`.
  static func localHost(_ host: String) -> String {
    switch host {
    case "0.0.0.0": "127.0.0.1"
    case "::": "::1"
    default: host
    }
  }

  /// Where students follow the teacher: on loopback, this computer only
  /// and how to serve the network; beyond, the addresses students can
  /// type, and that anyone on the network can reach it.
  static func networkLines(host: String, port: UInt16) -> [String] {
    guard !NetworkAddresses.isLoopback(host) else {
      return [
        "Students on this computer follow the teacher at: "
          + "\(ClassViewServer.url(host: host, port: port))follow",
        "Students on other computers cannot reach it: for a class, serve the network with "
          + "fsm serve --host 0.0.0.0",
      ]
    }
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
