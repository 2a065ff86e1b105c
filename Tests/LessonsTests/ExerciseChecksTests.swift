import Foundation
import Testing

/// Proves that every exercise's check can tell a solved exercise from an
/// unsolved one: it must fail on the starting point
/// (Lessons/StartingPoints/LessonN.swift) and pass on the reference solution
/// (Lessons/Solutions/LessonN.swift).
///
/// Neither is the student's copy (Lessons/Exercises/LessonN.swift), which
/// this suite never reads: solving the exercises there keeps `swift test`
/// green. (CI checks that a fresh clone's copies are the starting points.)
///
/// The checks (Lessons/Exercises/Checks/) are plain Swift, so they are
/// compiled here with each version of the exercise files and a small `main`
/// that runs them all: two programs, whatever the number of exercises.
@Suite("Exercise checks")
struct ExerciseChecksTests {
  /// Which version of the exercise files the checks run against.
  enum Version: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case startingPoints = "Lessons/StartingPoints"
    case referenceSolutions = "Lessons/Solutions"

    var testDescription: String {
      switch self {
      case .startingPoints: "on the starting points, every check fails"
      case .referenceSolutions: "on the reference solutions, every check passes"
      }
    }
  }

  @Test("exercise checks", arguments: Version.allCases)
  func checks(_ version: Version) async throws {
    let results = try await Self.results(version)
    try #require(!results.isEmpty, "no exercise checks ran")
    let hasCostModel = try Self.committedResultsHaveCostModel()
    for result in results {
      // Exercise 13.1 is judged by the committed results' cost model; until
      // they have one its check can only say so, on any answer.
      if version == .referenceSolutions, result.id == "13.1", !hasCostModel {
        #expect(
          result.problems == [Self.noCostModelProblem],
          Comment(
            rawValue: "while docs/benchmarks/results.json has no cost model, exercise 13.1's "
              + "check must say only that:\n\(result.problems.joined(separator: "\n"))"))
        continue
      }
      switch version {
      case .startingPoints where result.solved:
        Issue.record(
          Comment(
            rawValue: "exercise \(result.id)'s check passes on the unsolved starting point in "
              + "\(version.rawValue): the check is too weak, or the starting point solves it."))
      case .referenceSolutions where !result.solved:
        Issue.record(
          Comment(
            rawValue: "exercise \(result.id)'s check fails on the reference solution in "
              + "\(version.rawValue):\n\(result.problems.joined(separator: "\n"))"))
      default:
        break
      }
    }
  }

  @Test("every exercise in a lesson has a check and a reference solution")
  func exercisesAreWiredUp() throws {
    let root = try Workbench.packageRoot()
    let checks = try Self.checkIDs(root)
    var named: [String] = []
    for file in LessonFile.all {
      let text = try String(contentsOf: file.url, encoding: .utf8)
      named += Self.matches(of: "swift run exercises ", in: text)
    }
    #expect(Set(named) == Set(checks), "lessons name \(Set(named).sorted()); checks: \(checks)")
    for id in checks {
      let lesson = id.split(separator: ".")[0]
      for folder in Version.allCases {
        let path = "\(folder.rawValue)/Lesson\(lesson).swift"
        #expect(
          FileManager.default.fileExists(atPath: root.appending(path: path).path),
          "no \(path) for exercise \(id)")
      }
    }
  }

  @Test("every exercise has a hint, and --hint prints its lesson's hint word for word")
  func hintsAreTheLessons() async throws {
    var lessonHints: [String: String] = [:]
    for file in LessonFile.all {
      let hints = ExerciseHints(of: try file.load(), number: file.number)
      for problem in hints.problems { Issue.record(Comment(rawValue: problem)) }
      lessonHints.merge(hints.hints) { first, _ in first }
    }
    let results = try await Self.results(.startingPoints)
    try #require(!results.isEmpty, "no exercise checks ran")
    for result in results {
      guard let lesson = lessonHints[result.id] else {
        Issue.record(
          Comment(
            rawValue: "exercise \(result.id) has no hint in its lesson: fold one away under "
              + "`<details><summary>Hint</summary>` in its section"))
        continue
      }
      guard let printed = result.hint else {
        Issue.record(
          Comment(
            rawValue: "exercise \(result.id) has no hint for `swift run exercises \(result.id) "
              + "--hint`: run scripts/update-exercise-hints"))
        continue
      }
      #expect(
        printed == lesson,
        """
        the hint --hint prints for \(result.id) is not the one its lesson folds away: run \
        scripts/update-exercise-hints (Lessons/Exercises/Checks/ExerciseHints.swift is generated \
        from the lessons)
        """)
    }
  }

  @Test("no check's message shows what it compares against (the answer)")
  func messagesShowNoAnswer() throws {
    let root = try Workbench.packageRoot()
    let folder = root.appending(path: "Lessons/Exercises/Checks")
    var leaks: [String] = []
    for file in try Self.swiftFiles(in: folder) {
      let text = try String(contentsOf: file, encoding: .utf8)
      leaks += AnswerLeaks.find(
        in: text, path: "Lessons/Exercises/Checks/\(file.lastPathComponent)")
    }
    #expect(
      leaks.isEmpty,
      Comment(
        rawValue: "a check's message interpolates a reference value (named expected..., "
          + "wanted... or reference...): say where the answer goes wrong and which rule it "
          + "breaks, not what it should be\n" + leaks.joined(separator: "\n")))
  }

  @Test("the answer-leak scan finds a reference value in a message")
  func answerLeakScanWorks() {
    let leaky = #"""
      problems.add("is \(answer), but the number is \(expected)")
      problems.add("yours: \(describe(mine))\n  wanted: \(describe(wantedTrace))")
      problems.add("is \(answer), which is not the number who walked through")
      let x = expected  // not in a message
      """#
    let leaks = AnswerLeaks.find(in: leaky, path: "Leaky.swift")
    #expect(leaks.count == 2, "\(leaks)")
    #expect(leaks.first?.hasPrefix("Leaky.swift:1:") == true, "\(leaks)")
  }

  @Test("exercise 13.1 judges by the cost model, and counts wrong answers without naming them")
  func streamCostCheck() async throws {
    let output = try await Self.runChecks(
      .referenceSolutions, main: StreamCostCases.main, prefix: "stream-cost",
      with: try Workbench.require())
    var problems: [String: [String]] = [:]
    var current = ""
    for line in output.textLines where !line.isEmpty {
      if line.hasPrefix("case ") {
        current = String(line.dropFirst("case ".count))
        problems[current] = []
      } else {
        problems[current, default: []].append(line.trimmingCharacters(in: .whitespaces))
      }
    }
    #expect(problems["right"] == [], "the right answers: \(problems["right"] ?? [])")

    let notRight = { (count: Int) in
      "\(count) of your 6 predictions \(count == 1 ? "is" : "are") not right yet: each needs the "
        + "stream that costs more, the term that makes most of the difference, and the model's "
        + "difference (within 5% or 0.05 ns)"
    }
    let oneCostlier = try #require(problems["one costlier wrong"])
    #expect(oneCostlier.first == notRight(1))
    #expect(oneCostlier.count == 2, "\(oneCostlier)")
    #expect(oneCostlier.last?.contains("swift run fsm compare --model") == true)
    #expect(problems["two becauses wrong"]?.first == notRight(2))
    #expect(problems["both wrong in one"]?.first == notRight(1))
    #expect(problems["one difference off"]?.first == notRight(1))
    #expect(problems["one difference close enough"] == [])

    for name in [
      "one costlier wrong", "two becauses wrong", "both wrong in one", "one difference off",
    ] {
      let named = StreamCostCases.keys.filter { key in
        problems[name]?.contains { $0.contains(key) } == true
      }
      #expect(named.isEmpty, "\(name): a problem names \(named), which gives the answer away")
    }

    let keys = try #require(problems["missing and extra"])
    #expect(keys.count == 2, "\(keys)")
    #expect(keys.contains { $0.contains("no prediction for traffic-light/table") })
    #expect(keys.contains { $0.contains("has turnstile/enum, which the lesson does not ask") })

    #expect(problems["no cost model"] == [Self.noCostModelProblem])
    #expect(problems["no cost model, no keys"] == [Self.noCostModelProblem])
  }

  /// What `CountingCheckCases.main` prints, by case: compiled and run once
  /// for the tests that read it.
  static let countingCases = Task { () async throws -> [String: [String]] in
    let main =
      "import StateMachines\n\nlet ragged = #\"\"\"\n\(CountingCheckCases.raggedHint)\n\"\"\"#\n\n"
      + CountingCheckCases.main
    let output = try await runChecks(
      .referenceSolutions, main: main, prefix: "counting", with: try Workbench.require())
    var cases: [String: [String]] = [:]
    var current = ""
    for line in output.textLines {
      if line.hasPrefix("case ") {
        current = String(line.dropFirst("case ".count))
        cases[current] = []
      } else if line.hasPrefix("  ") {
        cases[current, default: []].append(String(line.dropFirst(2)))
      }
    }
    return cases
  }

  @Test(
    "exercises 16.2 and 17.2 say how many answers are wrong, never which",
    arguments: [
      ("16.2", 5, ["behaviour wrong", "leaf wrong", "count off"], "two wrong", 2),
      ("17.2", 15, ["allocates wrong", "look-up wrong", "count off"], "three wrong", 3),
    ])
  func countingChecks(
    exercise: String, answers: Int, oneWrong: [String], several: String, count: Int
  ) async throws {
    let cases = try await Self.countingCases.value
    #expect(cases["\(exercise) right"] == [], "\(cases["\(exercise) right"] ?? [])")
    let first = try #require(cases["\(exercise) \(oneWrong[0])"])
    #expect(
      first.first?.hasPrefix("1 of your \(answers) answers is not right yet") == true, "\(first)")
    for name in oneWrong.dropFirst() {
      #expect(
        cases["\(exercise) \(name)"] == first,
        Comment(
          rawValue: "\(exercise): '\(name)' is told something else than '\(oneWrong[0])', "
            + "which says which answer is wrong: \(cases["\(exercise) \(name)"] ?? [])"))
    }
    let many = try #require(cases["\(exercise) \(several)"])
    #expect(
      many.first?.hasPrefix("\(count) of your \(answers) answers are not right yet") == true,
      "\(many)")
    for name in oneWrong + [several] {
      let text = (cases["\(exercise) \(name)"] ?? []).joined(separator: "\n")
      let named = CountingCheckCases.answerWords.filter { word in
        text.range(of: "\\b\(word)\\b", options: .regularExpression) != nil
      }
      #expect(named.isEmpty, "\(exercise) \(name): the problems name \(named): \(text)")
    }
  }

  @Test(
    "exercises 14.1, 15.1, 15.2, 16.1 and 17.1 say how many answers are wrong, never which",
    arguments: CountingCheckCases.counting)
  func moreCountingChecks(_ counting: CountingCheckCases.Counting) async throws {
    let cases = try await Self.countingCases.value
    let exercise = counting.exercise
    #expect(cases["\(exercise) right"] == [], "\(cases["\(exercise) right"] ?? [])")
    let first = try #require(cases["\(exercise) \(counting.oneWrong[0])"])
    #expect(first.first?.hasPrefix(counting.one) == true, "\(first)")
    for name in counting.oneWrong.dropFirst() {
      #expect(
        cases["\(exercise) \(name)"] == first,
        Comment(
          rawValue: "\(exercise): '\(name)' is told something else than "
            + "'\(counting.oneWrong[0])', which says which answer is wrong: "
            + "\(cases["\(exercise) \(name)"] ?? [])"))
    }
    let two = try #require(cases["\(exercise) two wrong"])
    #expect(two.first?.hasPrefix(counting.two) == true, "\(two)")
    for name in counting.oneWrong + ["two wrong"] {
      let text = (cases["\(exercise) \(name)"] ?? []).joined(separator: "\n")
      let named = counting.answerWords.filter { word in
        text.range(of: "\\b\(word)\\b", options: .regularExpression) != nil
      }
      #expect(named.isEmpty, "\(exercise) \(name): the problems name \(named): \(text)")
    }
  }

  @Test("exercises 14.1 and 15.2 name a missing answer or choice, and judge nothing else")
  func missingAnswersAreNamed() async throws {
    let cases = try await Self.countingCases.value
    #expect(
      cases["14.1 end nil"] == [
        "Lesson14.predictedEnd is nil: the check judges the counts and the end together, "
          + "once both are given"
      ])
    let notKept = try #require(cases["15.2 not kept"])
    #expect(notKept.count == 1 && notKept[0].hasPrefix("Lesson15.kept is not"), "\(notKept)")
  }

  @Test("exercise 16.2 names a missing answer, and judges nothing until all are given")
  func historyCheckWaitsForAllAnswers() async throws {
    let cases = try await Self.countingCases.value
    let problems = try #require(cases["16.2 one nil"])
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.hasPrefix("Lesson16.keepsTheBehaviour is still nil") == true)
  }

  @Test("--hint prints a hint's paragraphs as whole lines, rewrapped at the hint's width")
  func hintsPrintAsWholeLines() async throws {
    let cases = try await Self.countingCases.value
    #expect(cases["ragged hint"] == CountingCheckCases.raggedHintLines)
    let width = 72
    let hints = cases.filter { $0.key.hasPrefix("hint ") }
    #expect(hints.count > 30, "\(hints.count) hints printed")
    for (name, lines) in hints {
      for (line, next) in zip(lines, lines.dropFirst()) {
        // Code (four spaces) is kept as written; a blank line ends a paragraph.
        guard !line.hasPrefix("    "), !line.isEmpty, !next.isEmpty, !next.hasPrefix("    "),
          !next.hasPrefix("- "), !next.hasPrefix("* ")
        else { continue }
        let nextWord = next.drop { $0 == " " }.prefix { $0 != " " }
        #expect(line.count <= width, "\(name): a line wider than \(width): \(line)")
        #expect(
          line.count + 1 + nextWord.count > width,
          Comment(
            rawValue: "\(name): the line '\(line)' ends before the paragraph's width, and "
              + "'\(nextWord)' would fit on it: the paragraph is wrapped as its lesson's source "
              + "is, not whole"))
      }
    }
  }

  /// What exercise 13.1's check says while the committed results have no
  /// cost model (the check's `noCostModelProblem`, which this target cannot
  /// import: the checks are compiled into programs).
  static let noCostModelProblem =
    "the committed results have no cost model yet: run scripts/benchmark --publish"

  /// Whether `docs/benchmarks/results.json` has a cost model, which exercise
  /// 13.1's check needs.
  static func committedResultsHaveCostModel() throws -> Bool {
    let file = try Workbench.packageRoot().appending(path: "docs/benchmarks/results.json")
    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    return (document as? [String: Any])?["costModel"] != nil
  }

  /// One check's verdict, and its hint as `--hint` would print it.
  struct Result {
    var id: String
    var solved: Bool
    var problems: [String]
    var hint: String?
  }

  /// The results of `version`, compiled and run once however many tests
  /// read them: each compilation takes a while.
  static func results(_ version: Version) async throws -> [Result] {
    try await ResultsCache.shared.results(version) {
      try await run(version, with: try Workbench.require())
    }
  }

  /// Compiles the checks with `version` of the exercise files and runs them.
  static func run(_ version: Version, with workbench: Workbench) async throws -> [Result] {
    // Each check: `ID solved|unsolved`, its problems indented by four
    // spaces, then its hint (if any) a line at a time after `  |`.
    let main = """
      for check in ExerciseCheck.all {
        let problems = check.problems()
        print(check.id, problems.isEmpty ? "solved" : "unsolved")
        for problem in problems {
          print(problem.split(separator: "\\n").map { "    " + $0 }.joined(separator: "\\n"))
        }
        for line in check.hint?.split(separator: "\\n", omittingEmptySubsequences: false) ?? [] {
          print("  |" + line)
        }
      }
      """
    let output = try await runChecks(version, main: main, prefix: "exercises", with: workbench)
    var results: [Result] = []
    for line in output.textLines where !line.isEmpty {
      if line.hasPrefix("    "), !results.isEmpty {
        results[results.count - 1].problems.append(String(line.dropFirst(4)))
      } else if line.hasPrefix("  |"), !results.isEmpty {
        let hint = results[results.count - 1].hint.map { $0 + "\n" } ?? ""
        results[results.count - 1].hint = hint + line.dropFirst(3)
      } else {
        let words = line.split(separator: " ")
        guard words.count == 2 else { throw SetupError("unexpected line from the checks: \(line)") }
        results.append(
          Result(id: String(words[0]), solved: words[1] == "solved", problems: [], hint: nil))
      }
    }
    return results
  }

  /// Compiles the checks with `version` of the exercise files and `main`,
  /// runs the program, and returns what it prints.
  static func runChecks(
    _ version: Version, main: String, prefix: String, with workbench: Workbench
  ) async throws -> String {
    let root = workbench.root
    let exercises = try swiftFiles(in: root.appending(path: version.rawValue)).filter {
      $0.lastPathComponent.hasPrefix("Lesson")
    }
    let checks = try swiftFiles(in: root.appending(path: "Lessons/Exercises/Checks"))
    let scratch = try Scratch(prefix: prefix)
    defer { scratch.remove() }
    let mainFile = scratch.url.appending(path: "main.swift")
    try main.write(to: mainFile, atomically: true, encoding: .utf8)
    let executable = scratch.url.appending(path: "checks")
    let compiled = try await workbench.compile(exercises + checks + [mainFile], into: executable)
    guard compiled.succeeded else {
      throw SetupError(
        "the exercise checks do not compile with \(version.rawValue):\n\(compiled.stderr)")
    }
    let run = try await workbench.runProgram(executable, in: scratch.url)
    guard run.succeeded else {
      throw SetupError("the exercise checks \(run.ending):\n\(run.stderr)")
    }
    return run.stdout
  }

  private static func swiftFiles(in folder: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appending(path: $0) }
  }

  /// The ids of the checks, as written in `ExerciseCheck("1.2", ...)` (the
  /// id may start the next line).
  private static func checkIDs(_ root: URL) throws -> [String] {
    var ids: [String] = []
    for file in try swiftFiles(in: root.appending(path: "Lessons/Exercises/Checks")) {
      let text = try String(contentsOf: file, encoding: .utf8)
      let calls = text.components(separatedBy: "ExerciseCheck(").dropFirst().map {
        "ExerciseCheck(" + $0.drop(while: \.isWhitespace)
      }
      ids += matches(of: "ExerciseCheck(\"", in: calls.joined())
    }
    return ids
  }

  /// The `N.M` or `N_M` right after each `prefix` in `text`.
  private static func matches(of prefix: String, in text: String) -> [String] {
    text.components(separatedBy: prefix).dropFirst().compactMap { rest in
      let id = rest.prefix { $0.isNumber || $0 == "." || $0 == "_" }
      let parts = id.split(whereSeparator: { $0 == "." || $0 == "_" })
      return parts.count == 2 && !id.hasSuffix(".") && !id.hasSuffix("_") ? String(id) : nil
    }
  }
}

/// The results of each version of the exercise files, computed once for all
/// the tests that read them.
actor ResultsCache {
  /// The one cache of the test run.
  static let shared = ResultsCache()

  private var runs: [ExerciseChecksTests.Version: Task<[ExerciseChecksTests.Result], any Error>] =
    [:]

  /// The results of `version`, from `compute` the first time.
  func results(
    _ version: ExerciseChecksTests.Version,
    compute: @escaping @Sendable () async throws -> [ExerciseChecksTests.Result]
  ) async throws -> [ExerciseChecksTests.Result] {
    if let run = runs[version] { return try await run.value }
    let run = Task { try await compute() }
    runs[version] = run
    return try await run.value
  }
}
