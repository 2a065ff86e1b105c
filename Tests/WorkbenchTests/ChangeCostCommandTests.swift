import Foundation
import Testing

@testable import Workbench

@Suite("fsm change-cost")
struct ChangeCostCommandTests {
  @Test("prints the measured table of lesson 6")
  func table() throws {
    let result = fsm("change-cost")
    let root = URL(fileURLWithPath: try WorkbenchRoot.locate())
    #expect(result.status == 0)
    #expect(result.output == (try ChangeCost.table(repositoryRoot: root)) + "\n")
  }

  @Test("shows one style's change place by place")
  func diff() {
    let result = fsm("change-cost", "--diff", "enum", "--from", "1")
    #expect(result.status == 0)
    #expect(result.lines.first?.hasPrefix("enum, revision 1 → 2") == true)
  }

  @Test("measures the game character's revisions when named")
  func gameCharacter() throws {
    let result = fsm("change-cost", "game-character")
    let root = URL(fileURLWithPath: try WorkbenchRoot.locate())
    #expect(result.status == 0)
    #expect(result.output == (try ChangeCost.table(.gameCharacter, repositoryRoot: root)) + "\n")
    let diff = fsm("change-cost", "game-character", "--diff", "enum", "--from", "1")
    #expect(
      diff.lines.first?.hasPrefix("enum, revision 1 → 2 (a new ground state: sliding)") == true)
  }

  @Test("a machine without revisions, or a revision past the game character's, is a usage error")
  func unknownMachineOrRevision() {
    let turnstile = fsm("change-cost", "turnstile")
    #expect(turnstile.status == 64)
    #expect(turnstile.errors.contains("'security-system' and 'game-character'"))
    let third = fsm("change-cost", "game-character", "--diff", "enum", "--from", "3")
    #expect(third.status == 64)
    #expect(
      third.firstError
        == "Error: The value '3' is invalid for '--from <from>': give a revision from 1 to 2")
  }

  @Test("a revision no change starts from is a usage error")
  func noSuchChange() {
    let result = fsm("change-cost", "--diff", "enum", "--from", "9")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("9"))
  }
}
