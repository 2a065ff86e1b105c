import Foundation

/// A lesson typed into `./repl` through a pseudo-terminal by
/// `scripts/repl-typist`, one line after each prompt, as a student types it.
///
/// lldb draws a status line and runs a line editor only when its input is a
/// terminal, and that is where it interrupted lines; input fed from a file
/// never shows it.
struct TerminalSession: Decodable, Sendable {
  /// One line typed, and what the terminal showed after it.
  struct Line: Decodable, Sendable {
    /// The line typed.
    var typed: String
    /// What the terminal showed after the line: no echo, prompt or escapes.
    var shown: String
  }

  /// How fast the student types: the pauses are in `scripts/repl-typist`.
  enum Pace: String, Sendable, CustomStringConvertible {
    /// The whole line 0.3 seconds after each prompt.
    case fast
    /// 1.5 seconds to read, then one key every 40 milliseconds.
    case human

    var description: String { rawValue }
  }

  /// The lines typed, in order, up to the last one the REPL answered.
  var lines: [Line]
  /// How the session ended: "exited 0", "timed out after line N", ...
  var ending: String

  /// Everything the lines showed, one after the other.
  var screen: String {
    lines.map(\.shown).filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The lines of `screen` where lldb rather than the lesson speaks: an
  /// interruption, or an error with its pointers to the code.
  var problems: [String] {
    screen.textLines.filter { $0.contains(REPLTests.interruption) || $0.contains("error:") }
  }

  /// Whether the REPL stalled on a line past the typist's time limit.
  var stalled: Bool { ending.hasPrefix("timed out") }

  /// Types `input` into `repl` at `pace`, and reads what the terminal showed.
  /// Returns the session, or the typist's own failure as a message.
  static func type(
    _ input: String, into repl: URL, pace: Pace, environment: [String: String], root: URL
  ) async throws -> Result<TerminalSession, TypistFailure> {
    let python: URL
    switch pythonWithPexpect() {
    case .success(let found): python = found
    case .failure(let failure): return .failure(failure)
    }
    let scratch = try Scratch(prefix: "typed")
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "lines.swift")
    try input.write(to: file, atomically: true, encoding: .utf8)
    let typist = root.appending(path: "scripts/repl-typist").path
    let lineCount = input.textLines.count
    // The typist gives up on a line after 120 seconds; this is for the typist itself.
    let limit: Duration = .seconds(300 + lineCount * (pace == .fast ? 4 : 12))
    let run = try await Subprocess.run(
      python, [typist, "--pace", pace.rawValue, "--repl", repl.path, file.path],
      environment: environment, timeout: limit)
    guard let data = run.stdout.data(using: .utf8),
      let session = try? JSONDecoder().decode(TerminalSession.self, from: data)
    else {
      return .failure(
        TypistFailure(
          "scripts/repl-typist \(run.ending) without a report:\n\(run.stderr)\(run.stdout)"))
    }
    return .success(session)
  }

  /// A Python that can import pexpect: `REPL_TYPIST_PYTHON`, the `python3`
  /// on the PATH, or Debian's.
  static func pythonWithPexpect() -> Result<URL, TypistFailure> {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [URL] = []
    if let chosen = environment["REPL_TYPIST_PYTHON"], !chosen.isEmpty {
      candidates.append(URL(filePath: chosen))
    }
    if let onPath = Subprocess.onPath("python3") { candidates.append(onPath) }
    candidates.append(URL(filePath: "/usr/bin/python3"))
    for candidate in candidates
    where FileManager.default.isExecutableFile(atPath: candidate.path) {
      let probe = Process()
      probe.executableURL = candidate
      probe.arguments = ["-c", "import pexpect"]
      probe.standardOutput = FileHandle.nullDevice
      probe.standardError = FileHandle.nullDevice
      guard (try? probe.run()) != nil else { continue }
      probe.waitUntilExit()
      if probe.terminationStatus == 0 { return .success(candidate) }
    }
    return .failure(
      TypistFailure(
        "no Python with pexpect (tried \(candidates.map(\.path).joined(separator: ", "))), "
          + "so the lessons were NOT typed into the REPL: apt-get install python3-pexpect, "
          + "or pip install pexpect, or set REPL_TYPIST_PYTHON"))
  }
}

/// Why `scripts/repl-typist` could not type a lesson in.
struct TypistFailure: Error, Sendable {
  /// What went wrong and what to do.
  var message: String

  init(_ message: String) { self.message = message }
}
