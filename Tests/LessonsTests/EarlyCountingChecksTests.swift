import Testing

/// Proves that the checks of lessons 3 to 9 whose answers are few choices
/// (a step's outputs, a colour, whether an output is a segment) say how many
/// answers are not right yet, never which: one wrong answer gets the same
/// message whichever it is, two wrong say "2 of".
@Suite("Exercise checks of lessons 3 to 9 count wrong answers")
struct EarlyCountingChecksTests {
  /// What `EarlyCountingCheckCases.main` prints, by case: compiled and run
  /// once for the tests that read it.
  static let cases = Task { () async throws -> [String: [String]] in
    let output = try await ExerciseChecksTests.runChecks(
      .referenceSolutions, main: EarlyCountingCheckCases.main, prefix: "early-counting",
      with: try Workbench.require())
    var cases: [String: [String]] = [:]
    var current = ""
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
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
    "one wrong answer is told the same whichever it is; two say 2 of",
    arguments: EarlyCountingCheckCases.exercises.map(\.id))
  func counts(exercise: String) async throws {
    let cases = try await Self.cases.value
    let (_, answers, oneWrong) = try #require(
      EarlyCountingCheckCases.exercises.first { $0.id == exercise })
    #expect(cases["\(exercise) right"] == [], "\(cases["\(exercise) right"] ?? [])")
    let first = try #require(cases["\(exercise) \(oneWrong[0])"])
    let text = first.first ?? ""
    #expect(
      text.hasPrefix("1 of your \(answers) ")
        || text.contains("on 1 of the \(answers) "),
      "\(first)")
    for name in oneWrong.dropFirst() {
      #expect(
        cases["\(exercise) \(name)"] == first,
        Comment(
          rawValue: "\(exercise): '\(name)' is told something else than '\(oneWrong[0])', "
            + "which says which answer is wrong: \(cases["\(exercise) \(name)"] ?? [])"))
    }
    let two = try #require(cases["\(exercise) two wrong"])
    let twoText = two.first ?? ""
    #expect(
      twoText.hasPrefix("2 of your \(answers) ") || twoText.contains("on 2 of the \(answers) "),
      "\(two)")
  }

  @Test("exercise 6.2 names a count not given, and judges nothing until both are")
  func changeCountsWaitForBoth() async throws {
    let cases = try await Self.cases.value
    let problems = try #require(cases["6.2 one nil"])
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.hasPrefix("Lesson6.secondChange is still nil") == true, "\(problems)")
  }
}
