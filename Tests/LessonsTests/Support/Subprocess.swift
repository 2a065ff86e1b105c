import Foundation

/// What a finished child process left behind.
struct ProcessResult: Sendable {
  /// The exit status, or the signal number when `signaled` is true.
  var status: Int32
  /// Whether the process was ended by a signal (a crash, or our timeout).
  var signaled: Bool
  /// Whether we ended it because it ran out of time.
  var timedOut: Bool
  /// Everything it wrote to standard output.
  var stdout: String
  /// Everything it wrote to standard error.
  var stderr: String

  /// Whether it exited by itself with status 0.
  var succeeded: Bool { status == 0 && !signaled && !timedOut }

  /// How it ended, in words.
  var ending: String {
    if timedOut { return "ran out of time and was stopped" }
    if signaled { return "was killed by signal \(status)" }
    return "exited with status \(status)"
  }
}

/// Runs child processes with their output captured in files (no pipe can
/// fill up) and a time limit.
enum Subprocess {
  /// Runs `executable` with `arguments`, feeding it `input`, and waits for it.
  static func run(
    _ executable: URL, _ arguments: [String], input: String = "",
    environment: [String: String] = [:], in directory: URL? = nil,
    timeout: Duration = .seconds(180)
  ) async throws -> ProcessResult {
    let scratch = try Scratch(prefix: "subprocess")
    defer { scratch.remove() }
    let stdinFile = scratch.url.appending(path: "stdin")
    let stdoutFile = scratch.url.appending(path: "stdout")
    let stderrFile = scratch.url.appending(path: "stderr")
    try input.write(to: stdinFile, atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = try FileHandle(forReadingFrom: stdinFile)
    process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
    process.standardError = try FileHandle(forWritingTo: stderrFile)

    let running = Running(process)
    try process.run()
    running.stop(after: timeout)
    // Waits on a thread of its own rather than with a terminationHandler:
    // swift-corelibs-foundation never frees a Process given one, nor what it
    // holds (LeakSanitizer, in scripts/sanitize).
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        process.waitUntilExit()
        continuation.resume()
      }
    }
    return ProcessResult(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal,
      timedOut: running.timedOut,
      stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")
  }

  /// The first executable called `name` on the `PATH`.
  static func onPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(filePath: String(directory)).appending(path: name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}

/// A process that may have to be stopped when its time is up.
private final class Running: @unchecked Sendable {
  private let process: Process
  private let lock = NSLock()
  private var stopped = false

  init(_ process: Process) {
    self.process = process
  }

  /// Whether the time limit ended the process.
  var timedOut: Bool { lock.withLock { stopped } }

  /// Terminates the process if it is still running after `timeout`.
  func stop(after timeout: Duration) {
    let seconds = Double(timeout.components.seconds)
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      lock.withLock {
        guard process.isRunning else { return }
        stopped = true
        // The REPL's code runs in a grandchild (lldb's `repl_swift`), which
        // outlives its parent when only the parent is told to stop: kill the
        // whole tree, children first.
        for pid in descendants(of: process.processIdentifier).reversed() {
          kill(pid, SIGKILL)
        }
        process.terminate()
      }
    }
  }
}

/// Every process below `root`, parents before children, from Linux's `/proc`
/// (empty elsewhere).
private func descendants(of root: pid_t) -> [pid_t] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  var parents: [pid_t: pid_t] = [:]
  for entry in entries {
    guard let pid = pid_t(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { continue }
    // After the command name in parentheses: state, then the parent's pid.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
  }
  var found: [pid_t] = []
  var frontier = [root]
  while let parent = frontier.popLast() {
    let children = parents.filter { $0.value == parent }.map(\.key)
    found += children
    frontier += children
  }
  return found
}

/// A temporary folder of our own, removed when we are done.
struct Scratch: Sendable {
  /// The folder.
  let url: URL

  /// Creates a new, empty folder in the temporary directory.
  init(prefix: String) throws {
    url = FileManager.default.temporaryDirectory.appending(
      path: "lessons-\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// How busy the machine is (Linux only; elsewhere it never waits).
enum CPU {
  /// Waiting time left for the whole test run: waiting is a courtesy to a
  /// flaky lldb, not a reason for the tests to take much longer.
  private static let budget = Budget(.seconds(40))

  /// Waits until at least `idle` of the machine's CPU time was idle over
  /// half a second, for at most `limit` and what is left of the budget.
  static func waitUntilQuiet(idle: Double = 0.5, limit: Duration = .seconds(15)) async {
    let start = ContinuousClock.now
    defer { budget.spend(ContinuousClock.now - start) }
    let allowed = min(limit, budget.left)
    while ContinuousClock.now - start < allowed {
      guard let before = times() else { return }
      try? await Task.sleep(for: .milliseconds(500))
      guard let after = times() else { return }
      let total = after.total - before.total
      if total == 0 || Double(after.idle - before.idle) / Double(total) >= idle { return }
    }
  }

  /// The idle and total CPU time so far, from /proc/stat.
  private static func times() -> (idle: UInt64, total: UInt64)? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
    else { return nil }
    let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
    guard fields.count >= 5 else { return nil }
    return (fields[3] + fields[4], fields.prefix(8).reduce(0, +))
  }

  /// Time that may still be spent, shared by all tests.
  private final class Budget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Duration

    init(_ total: Duration) {
      remaining = total
    }

    var left: Duration { lock.withLock { max(remaining, .zero) } }

    func spend(_ time: Duration) {
      lock.withLock { remaining -= time }
    }
  }
}
