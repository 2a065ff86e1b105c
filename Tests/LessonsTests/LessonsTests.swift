import Foundation
import Testing

/// Every lesson is compiled and run, and must print exactly what it shows.
@Suite("Lessons")
struct LessonsTests {
  @Test(
    "every code block of the lesson prints what its output block shows", arguments: LessonFile.all)
  func lessonPrintsWhatItShows(_ file: LessonFile) async throws {
    let workbench = try Workbench.require()
    let lesson = try file.load()
    for problem in lesson.problems + Excerpts.problems(in: lesson, root: workbench.root) {
      Issue.record(Comment(rawValue: problem))
    }
    // A lesson run from a shell (lesson 11: the benchmarks) has no block for
    // the REPL; one that sends the student to `./repl` must have some.
    #expect(
      !lesson.blocks.isEmpty || !lesson.lines.contains { $0.contains("./repl") },
      "\(lesson.path) sends the student to ./repl but has no ```swift block to run")
    for message in try await Self.compileAndRun(lesson, from: file.url, with: workbench) {
      Issue.record(Comment(rawValue: message))
    }
  }

  @Test("there are lessons, numbered from 01 without gaps, with the parts of a lesson")
  func lessonsAreComplete() throws {
    let files = LessonFile.all
    #expect(!files.isEmpty, "no lessons (Lessons/NN-name.md) found")
    #expect(files.map(\.number) == Array(1..<files.count + 1), "lessons are numbered 01, 02, ...")
    let root = try Workbench.packageRoot()
    #expect(
      FileManager.default.fileExists(atPath: root.appending(path: "Lessons/README.md").path),
      "Lessons/README.md explains how to follow the lessons")
    for file in files {
      for problem in LessonOutline(of: try file.load(), number: file.number).problems {
        Issue.record(Comment(rawValue: problem))
      }
    }
  }

  @Test("a lesson that drifts from the code fails, naming the lesson, block and line")
  func driftIsCaught() async throws {
    let workbench = try Workbench.require()
    let scratch = try Scratch(prefix: "drift")
    defer { scratch.remove() }
    let markdown = """
      # A lesson that is out of date

      ```swift
      import StateMachines
      var gate = Turnstile.Enum()
      print(gate.state)
      ```

      ```output
      locked
      ```

      ```swift
      print(gate.coin())
      print(gate.state)
      ```

      ```output
      [unlock]
      locked
      ```

      ```swift
      print("nobody said I print")
      ```
      """
    let file = scratch.url.appending(path: "99-drift.md")
    try markdown.write(to: file, atomically: true, encoding: .utf8)
    let lesson = Lesson(parsing: markdown, path: "Lessons/99-drift.md")
    let messages = try await Self.compileAndRun(lesson, from: file, with: workbench)
    try #require(messages.count == 2, "\(messages)")
    #expect(messages[0].hasPrefix("Lessons/99-drift.md:13: block 2 prints something else"))
    #expect(messages[0].contains("output line 2 (line 20 of the lesson)"))
    #expect(messages[0].contains("lesson:  \"locked\"\n  printed: \"unlocked\""))
    #expect(messages[0].contains("  - locked\n  + unlocked"))
    #expect(messages[1].hasPrefix("Lessons/99-drift.md:23: block 3 prints 1 line(s)"))
    #expect(messages[1].contains("```output\nnobody said I print\n```"))
  }

  @Test("a compile error points at the lesson's line")
  func compileErrorsPointAtTheLesson() async throws {
    let workbench = try Workbench.require()
    let scratch = try Scratch(prefix: "broken")
    defer { scratch.remove() }
    let markdown = "# Broken\n\n```swift\nimport StateMachines\nlet gate = Turnstile.Nope()\n```\n"
    let file = scratch.url.appending(path: "98-broken.md")
    try markdown.write(to: file, atomically: true, encoding: .utf8)
    let lesson = Lesson(parsing: markdown, path: "Lessons/98-broken.md")
    let messages = try await Self.compileAndRun(lesson, from: file, with: workbench)
    try #require(messages.count == 1)
    #expect(messages[0].contains("98-broken.md:5:"), "\(messages[0])")
  }

  /// Compiles the lesson's blocks as one program, runs it, and returns what
  /// does not match the lesson.
  static func compileAndRun(_ lesson: Lesson, from markdownFile: URL, with workbench: Workbench)
    async throws -> [String]
  {
    guard !lesson.blocks.isEmpty else { return [] }
    let scratch = try Scratch(prefix: "lesson")
    defer { scratch.remove() }
    let main = scratch.url.appending(path: "main.swift")
    try LessonProgram.mainSource(of: lesson, markdownFile: markdownFile)
      .write(to: main, atomically: true, encoding: .utf8)
    let executable = scratch.url.appending(path: "lesson")
    let compiled = try await workbench.compile([main], into: executable)
    guard compiled.succeeded else {
      return [
        "\(lesson.path) does not compile (its ```swift blocks, in order, as one program; "
          + "compiler: \(workbench.swiftc.path)):\n\(compiled.stderr)\(compiled.stdout)"
      ]
    }
    let run = try await workbench.runProgram(executable, in: scratch.url)
    let ending = run.ending + (run.stderr.isEmpty ? "" : "; its error output:\n" + run.stderr)
    var messages = LessonProgram.mismatches(
      lesson, printed: LessonProgram.split(run.stdout), how: "compiled and run", ending: ending)
    if messages.isEmpty && !run.succeeded {
      messages.append("\(lesson.path): the program \(ending)")
    }
    if run.succeeded && !run.stderr.isEmpty {
      messages.append("\(lesson.path) writes to standard error:\n\(run.stderr)")
    }
    return messages
  }
}

/// The parts every lesson has: a title, a goal, and two or three exercises,
/// each with a check the student can run.
struct LessonOutline {
  var problems: [String] = []

  init(of lesson: Lesson, number: Int) {
    let headings = lesson.lines.enumerated().filter { $0.element.hasPrefix("#") }
    if !(lesson.lines.first ?? "").hasPrefix("# Lesson \(number): ") {
      problems.append("\(lesson.path):1: the first line must be `# Lesson \(number): Title`")
    }
    if !headings.contains(where: { $0.element == "## Goal" }) {
      problems.append("\(lesson.path): no `## Goal` section")
    }
    guard let exercises = headings.first(where: { $0.element == "## Exercises" }) else {
      problems.append("\(lesson.path): no `## Exercises` section")
      return
    }
    let exerciseHeadings = headings.filter {
      $0.offset > exercises.offset && $0.element.hasPrefix("### Exercise ")
    }
    if !(2...3).contains(exerciseHeadings.count) {
      problems.append(
        "\(lesson.path): \(exerciseHeadings.count) exercise(s); a lesson has two or three")
    }
    for (index, heading) in exerciseHeadings.enumerated() {
      let id = "\(number).\(index + 1)"
      if !heading.element.hasPrefix("### Exercise \(id): ") {
        problems.append(
          "\(lesson.path):\(heading.offset + 1): expected `### Exercise \(id): Title`")
      }
      let end =
        index + 1 < exerciseHeadings.count
        ? exerciseHeadings[index + 1].offset
        : (headings.first { $0.offset > heading.offset && $0.element.hasPrefix("## ") }?.offset
          ?? lesson.lines.count)
      let section = lesson.lines[heading.offset..<end].joined(separator: "\n")
      let check = "swift run exercises \(number).\(index + 1)"
      if !section.contains(check) && !section.contains("fsm ") {
        problems.append(
          "\(lesson.path):\(heading.offset + 1): exercise \(id) names no check (`\(check)` "
            + "or an `fsm` command)")
      }
    }
  }
}
