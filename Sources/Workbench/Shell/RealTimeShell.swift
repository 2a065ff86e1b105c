import Foundation
import StateMachines
import Synchronization

extension ShellSession {
  /// How often the shell looks at the real clock: ten times a second is
  /// smooth enough to watch a light change, and costs nothing.
  static var lookInterval: Duration { .milliseconds(100) }

  /// Runs the session on real time: `clock` is read ten times a second on a
  /// thread of its own, and the time that passed goes to the machine as
  /// `wait` events; a typed line first catches up with the clock, then runs.
  ///
  /// The machine, its trace and the console are shared between the two
  /// threads behind one lock, held only to catch up or to handle a line,
  /// never while waiting for input.
  consuming func runInRealTime(
    on console: consuming Console, clock: some Clock<Duration> & Sendable
  ) {
    let readLine = console.readLine
    let interactive = console.isInteractive
    greet(on: &console)
    let shared = SharedSession(session: self, console: console, clock: clock)
    Thread.detachNewThread {
      while !shared.isOver {
        Thread.sleep(forTimeInterval: Double(Self.lookInterval.wholeMilliseconds) / 1000)
        shared.withLock { session, console, feed in
          if session.catchUp(with: &feed, on: &console), interactive {
            console.write(session.prompt)
          }
        }
      }
    }
    defer { shared.end() }
    while true {
      if interactive { shared.withLock { session, console, _ in console.write(session.prompt) } }
      guard let line = readLine() else {
        if interactive { shared.withLock { _, console, _ in print("", to: &console) } }
        return
      }
      let next = shared.withLock { session, console, feed in
        session.catchUp(with: &feed, on: &console)
        return session.handleInput(line, on: &console)
      }
      if next == .quit { return }
    }
  }
}

/// A shell session, its console and its feed of real time, shared by the
/// thread that reads the clock and the one that reads the input.
///
/// `@unchecked` because the compiler cannot see what the lock guarantees:
/// the parts are only ever touched inside `withLock`. (A `Mutex` would say
/// it by itself, but it must be handed values no one else holds, and the
/// console's reader stays with the thread that reads the input.)
private final class SharedSession<M: CatalogMachine, C: Clock<Duration>>: @unchecked Sendable {
  /// The session, behind the lock.
  private var session: ShellSession<M>

  /// Where both threads print, behind the lock.
  private var console: Console

  /// The real time not yet handed to the machine, behind the lock.
  private var feed: RealTimeFeed<C>

  /// The lock.
  private let lock = NSLock()

  /// Whether the session has ended, so the clock's thread stops.
  private let over = Atomic(false)

  /// Shares `session` and `console`, feeding it time from `clock` from now.
  init(session: ShellSession<M>, console: Console, clock: C) {
    self.session = session
    self.console = console
    feed = RealTimeFeed(clock: clock)
  }

  /// Whether the session has ended.
  var isOver: Bool { over.load(ordering: .acquiring) }

  /// Ends the session: the clock's thread stops at its next look.
  func end() { over.store(true, ordering: .releasing) }

  /// Runs `body` with the parts, holding the lock.
  func withLock<Result>(
    _ body: (inout ShellSession<M>, inout Console, inout RealTimeFeed<C>) -> Result
  ) -> Result {
    lock.withLock { body(&session, &console, &feed) }
  }
}
