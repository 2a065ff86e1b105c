import StateMachines
import Synchronization
import Testing

@testable import Workbench

/// A clock that moves only when told to: real time, as the tests make it
/// pass, so that no test sleeps. (The few lines the standard `Clock`
/// protocol needs.)
final class ManualClock: Clock, Sendable {
  /// A reading: how far the clock has been moved.
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (left: Self, right: Self) -> Bool { left.offset < right.offset }
  }

  private let offset = Mutex(Duration.zero)

  var now: Instant { Instant(offset: offset.withLock { $0 }) }
  var minimumResolution: Duration { .zero }

  /// Moves the clock on by `duration`.
  func advance(by duration: Duration) { offset.withLock { $0 += duration } }

  /// Never waits: nothing here sleeps.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

@Suite("fsm shell --real-time")
struct RealTimeShellTests {
  @Test("real time goes out in whole milliseconds; the rest waits for the next look")
  func feedKeepsTheRemainder() {
    let clock = ManualClock()
    var feed = RealTimeFeed(clock: clock)
    #expect(feed.waits() == [])
    clock.advance(by: .microseconds(1500))
    #expect(feed.waits() == [.milliseconds(1)])
    clock.advance(by: .microseconds(600))
    #expect(feed.waits() == [.milliseconds(1)], "0.5 ms left over and 0.6 ms more")
    clock.advance(by: .microseconds(900))
    #expect(feed.waits() == [.milliseconds(1)], "0.1 ms left over and 0.9 ms more")
    #expect(feed.waits() == [])
  }

  @Test("more than an hour goes out as waits of an hour at most")
  func feedSplitsLongTimes() {
    let clock = ManualClock()
    var feed = RealTimeFeed(clock: clock)
    clock.advance(by: .seconds(7500))
    #expect(feed.waits() == [.seconds(3600), .seconds(3600), .seconds(300)])
  }

  @Test("catching up prints each change of state and keeps every wait in the trace")
  func catchUpPrintsChanges() throws {
    let clock = ManualClock()
    var feed = RealTimeFeed(clock: clock)
    var session = try ShellSession<TrafficLight>(style: .enum, configuration: .init())
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    clock.advance(by: .milliseconds(400))
    #expect(!session.catchUp(with: &feed, on: &console))
    clock.advance(by: .milliseconds(700))
    #expect(session.catchUp(with: &feed, on: &console))
    #expect(capture.output == text("wait:0.7       green  -> yellow   fired     showYellow"))
    #expect(session.trace.map(\.event) == [.wait(.milliseconds(400)), .wait(.milliseconds(700))])
  }

  @Test("a typed event first catches up with the real time that passed")
  func typedEventsSeeTheTime() {
    let clock = ManualClock()
    var lines = ["state", "wait:0", "state"][...]
    let capture = Capture()
    let console = Console(
      readLine: {
        clock.advance(by: .milliseconds(1200))
        return lines.popFirst()
      }, isInteractive: false, output: { capture.output += $0 },
      errorOutput: { capture.errors += $0 })
    let session = try? ShellSession<TrafficLight>(style: .table, configuration: .init())
    session?.runInRealTime(on: console, clock: clock)
    #expect(
      capture.output
        == text(
          "wait:1.2       green  -> yellow   fired     showYellow",
          "yellow (table, 1 events so far)",
          "wait:1.2       yellow -> red      fired     showRed",
          "wait:0         red    -> red      ignored",
          "wait:1.2       red    -> green    fired     showGreen",
          "green (table, 4 events so far)"))
  }

  @Test("a machine without a clock is a usage error that names the machines with one")
  func machinesWithoutTime() {
    let result = fsm("shell", "turnstile", "--real-time")
    #expect(result.status == 64)
    #expect(
      result.firstError
        == "Error: --real-time needs a machine that keeps time: traffic-light, video-player or "
        + "drawing-tool; turnstile has no wait event")
  }
}
