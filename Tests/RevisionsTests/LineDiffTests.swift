import StateMachines
import Testing
import Workbench

@Suite("Line diff")
struct LineDiffTests {
  typealias LineDiff = ChangeCost.LineDiff

  /// One line per character, so that small cases read as words.
  private func lines(_ text: String) -> [String] { text.map(String.init) }

  @Test("identical lists: nothing added or removed, no place")
  func identical() {
    let diff = LineDiff(from: lines("ABC"), to: lines("ABC"))
    #expect(diff.edits == [.keep(old: 0, new: 0), .keep(old: 1, new: 1), .keep(old: 2, new: 2)])
    #expect(diff.added == 0 && diff.removed == 0 && diff.places.isEmpty)
  }

  @Test("empty lists")
  func empty() {
    #expect(LineDiff(from: [], to: []).edits.isEmpty)
    let added = LineDiff(from: [], to: lines("AB"))
    #expect(added.edits == [.insert(new: 0), .insert(new: 1)])
    #expect(added.places == [0..<2])
    let removed = LineDiff(from: lines("AB"), to: [])
    #expect(removed.edits == [.delete(old: 0), .delete(old: 1)])
    #expect(removed.places == [0..<2])
  }

  @Test("a changed line is one removed and one added, in one place, removal first")
  func changedLine() {
    let diff = LineDiff(from: lines("ABC"), to: lines("AXC"))
    #expect(
      diff.edits == [
        .keep(old: 0, new: 0), .delete(old: 1), .insert(new: 1), .keep(old: 2, new: 2),
      ])
    #expect(diff.added == 1 && diff.removed == 1 && diff.places == [1..<3])
  }

  @Test("changes with a kept line between them are two places")
  func twoPlaces() {
    let diff = LineDiff(from: lines("ABCDE"), to: lines("AXCDEF"))
    #expect(diff.added == 2 && diff.removed == 1)
    #expect(diff.places.count == 2)
  }

  @Test("Myers's example: ABCABBA to CBABAC takes five edits")
  func myersExample() {
    let (old, new) = (lines("ABCABBA"), lines("CBABAC"))
    let diff = LineDiff(from: old, to: new)
    #expect(diff.added + diff.removed == 5)
    #expect(problems(with: diff, old, new).isEmpty)
  }

  @Test("a closing brace that matches another does not split a change into two places")
  func braceDoesNotSplit() {
    let old = ["struct A {", "func a() {", "}", "}"]
    let new = ["struct A {", "func a() {", "}", "func b() {", "}", "}"]
    let diff = LineDiff(from: old, to: new)
    #expect(diff.added == 2 && diff.removed == 0)
    #expect(diff.places.count == 1)
    #expect(problems(with: diff, old, new).isEmpty)
  }

  @Test("random lists: a valid script, as short as the longest common subsequence allows")
  func randomLists() {
    var random = SeededGenerator(seed: 0xD1FF)
    let alphabet = ["a", "b", "c", "}"]
    for _ in 0..<2_000 {
      let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      }
      let new = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      }
      let diff = LineDiff(from: old, to: new)
      let failures = problems(with: diff, old, new)
      #expect(failures.isEmpty, "\(old) → \(new): \(failures)")
      let shortest = old.count + new.count - 2 * longestCommonSubsequence(old, new)
      #expect(diff.added + diff.removed == shortest, "\(old) → \(new)")
    }
  }

  /// What is wrong with `diff` as a script from `old` to `new`: every line of
  /// each list appears once and in order, and kept lines are equal.
  private func problems(with diff: LineDiff, _ old: [String], _ new: [String]) -> [String] {
    var (nextOld, nextNew) = (0, 0)
    var problems: [String] = []
    for edit in diff.edits {
      switch edit {
      case .keep(let o, let n):
        if o != nextOld || n != nextNew { problems.append("\(edit) out of order") }
        if old.indices.contains(o), new.indices.contains(n), old[o] != new[n] {
          problems.append("\(edit) keeps different lines")
        }
        (nextOld, nextNew) = (o + 1, n + 1)
      case .delete(let o):
        if o != nextOld { problems.append("\(edit) out of order") }
        nextOld = o + 1
      case .insert(let n):
        if n != nextNew { problems.append("\(edit) out of order") }
        nextNew = n + 1
      }
    }
    if nextOld != old.count || nextNew != new.count { problems.append("lines left out") }
    return problems
  }

  /// The length of the longest common subsequence, by dynamic programming.
  private func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }
}
