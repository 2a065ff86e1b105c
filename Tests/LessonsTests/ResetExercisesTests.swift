import Foundation
import Testing

/// `scripts/reset-exercises`, run in a copy of the lessons' folders: it keeps
/// what it overwrites, says where, and its `--check` (CI) still only compares.
@Suite("scripts/reset-exercises")
struct ResetExercisesTests {
  /// A folder with the script, two starting points, and the student's copies.
  private struct Copy {
    let scratch: Scratch
    var root: URL { scratch.url }
    var script: URL { root.appending(path: "scripts/reset-exercises") }
    var exercises: URL { root.appending(path: "Lessons/Exercises") }
    var backups: URL { exercises.appending(path: ".backup") }

    init() throws {
      let workbench = try Workbench.require()
      scratch = try Scratch(prefix: "reset-exercises")
      let manager = FileManager.default
      for folder in ["scripts", "Lessons/StartingPoints", "Lessons/Exercises"] {
        try manager.createDirectory(
          at: scratch.url.appending(path: folder), withIntermediateDirectories: true)
      }
      try manager.copyItem(
        at: workbench.root.appending(path: "scripts/reset-exercises"),
        to: scratch.url.appending(path: "scripts/reset-exercises"))
      for lesson in ["Lesson1.swift", "Lesson2.swift"] {
        let start = workbench.root.appending(path: "Lessons/StartingPoints/\(lesson)")
        try manager.copyItem(
          at: start, to: scratch.url.appending(path: "Lessons/StartingPoints/\(lesson)"))
        try manager.copyItem(
          at: start, to: scratch.url.appending(path: "Lessons/Exercises/\(lesson)"))
      }
    }

    func run(_ arguments: [String]) async throws -> ProcessResult {
      try await Subprocess.run(script, arguments, in: root, timeout: .seconds(60))
    }

    func exercise(_ name: String) throws -> String {
      try String(contentsOf: exercises.appending(path: name), encoding: .utf8)
    }

    func startingPoint(_ name: String) throws -> String {
      try String(
        contentsOf: root.appending(path: "Lessons/StartingPoints/\(name)"), encoding: .utf8)
    }
  }

  @Test("a reset keeps the student's version and says where")
  func keepsACopy() async throws {
    let copy = try Copy()
    defer { copy.scratch.remove() }
    let answer = try copy.exercise("Lesson1.swift") + "// my answer to 1.1\n"
    try answer.write(
      to: copy.exercises.appending(path: "Lesson1.swift"), atomically: true, encoding: .utf8)

    let run = try await copy.run(["1"])
    #expect(run.succeeded, "\(run.ending): \(run.stderr)")
    #expect(try copy.exercise("Lesson1.swift") == copy.startingPoint("Lesson1.swift"))
    // The message names the kept file, and that file holds the answer.
    let said = try #require(
      run.stdout.textLines.first { $0.contains("kept in ") }, "stdout: \(run.stdout)")
    let path = try #require(said.split(separator: "kept in ").last?.dropLast())
    #expect(path.hasPrefix("Lessons/Exercises/.backup/") && path.hasSuffix("/Lesson1.swift"))
    let kept = try String(contentsOf: copy.root.appending(path: String(path)), encoding: .utf8)
    #expect(kept == answer)
  }

  @Test("a copy already at its starting point is not kept")
  func keepsNothingUnchanged() async throws {
    let copy = try Copy()
    defer { copy.scratch.remove() }
    let run = try await copy.run([])
    #expect(run.succeeded, "\(run.ending): \(run.stderr)")
    #expect(run.stdout.contains("Lessons/Exercises/Lesson2.swift: already its starting point"))
    #expect(!FileManager.default.fileExists(atPath: copy.backups.path))
  }

  @Test("--check only compares: it names the copy that differs and keeps nothing")
  func checkOnlyCompares() async throws {
    let copy = try Copy()
    defer { copy.scratch.remove() }
    #expect(try await copy.run(["--check"]).succeeded)
    let answer = try copy.exercise("Lesson2.swift") + "// work in progress\n"
    try answer.write(
      to: copy.exercises.appending(path: "Lesson2.swift"), atomically: true, encoding: .utf8)

    let run = try await copy.run(["--check"])
    #expect(run.status == 1 && !run.signaled)
    #expect(run.stderr.contains("Lessons/Exercises/Lesson2.swift is not its starting point"))
    #expect(try copy.exercise("Lesson2.swift") == answer)
    #expect(!FileManager.default.fileExists(atPath: copy.backups.path))
  }

  @Test("an unknown lesson is refused, saying what to give")
  func refusesAnUnknownLesson() async throws {
    let copy = try Copy()
    defer { copy.scratch.remove() }
    let run = try await copy.run(["9"])
    #expect(run.status == 2 && !run.signaled)
    #expect(run.stderr.contains("no lesson '9': give a lesson number, or nothing for all"))
  }
}
