import Foundation
import StateMachines
import Testing

@testable import Workbench

/// The code the class view marks is the code that ran: the steps the
/// issue found marked wrong, each checked by the text of the piece that
/// decided (the `rule`) and of every line marked.
@Suite("fsm serve: the marked code is the code that ran")
struct CodeMarksTests {
  /// The text of the lines `style` marked for the last step of `events`,
  /// and of the piece that decided, from the class view's answer.
  private func marked(
    _ machine: String, _ events: [String], style: Style
  ) throws -> (lines: [String], rule: [String]) {
    try marked(machine, events, implementation: Implementation(style))
  }

  /// The text of the lines `implementation` marked for the last step of
  /// `events`, and of the piece that decided, from the class view's answer.
  private func marked(
    _ machine: String, _ events: [String], implementation: Implementation
  ) throws -> (lines: [String], rule: [String]) {
    let client = ClassViewClient()
    var answer: [String: Any] = [:]
    for event in events { answer = try client.step(machine, event) }
    let handlers = try #require(answer["handlers"] as? [[String: Any]])
    let handler = try #require(
      handlers.first { $0["style"] as? String == implementation.description })
    let file = try #require(
      client.view.sources.file(machine: machine, implementation: implementation))
    let text = { (range: [Int]) in file.lines[(range[0] - 1)..<range[1]].map(\.text) }
    let lines = try #require(handler["lines"] as? [[Int]]).flatMap(text)
    let rule = (handler["rule"] as? [Int]).map(text) ?? []
    return (lines, rule)
  }

  @Test("an ignored timeout marks the catch-all or the default that ignored it")
  func ignoredTimeout() throws {
    let enumStyle = try marked("tcp-connection", ["timeout"], style: .enum)
    #expect(enumStyle.rule.joined().contains("(_, .timeout)"))
    #expect(enumStyle.rule.joined().contains("return .ignored"))
    #expect(!enumStyle.lines.joined().contains(".timeWait, .timeout"))
    let pattern = try marked("tcp-connection", ["timeout"], style: .statePattern)
    #expect(
      pattern.rule == [
        "  public func timeout() -> Decision<any TCPState, TCPConnection.Output> { .ignore }"
      ])
    let nested = try marked("tcp-connection", ["timeout"], style: .nestedSwitch)
    #expect(nested.lines.contains { $0.contains("case .timeout:") })
    #expect(nested.rule.joined().contains("return .ignored"))
    #expect(!nested.lines.contains { $0.contains("emit(.deleteTCB)") })
    let table = try marked("tcp-connection", ["timeout"], style: .table)
    #expect(table.lines.isEmpty)
  }

  @Test("a refused open marks the throw that refused it, in every implementation")
  func refusedOpen() throws {
    let events = ["passiveOpen", "receiveSyn", "receiveAck", "passiveOpen"]
    for implementation in TCPConnection.panes {
      let marks = try marked("tcp-connection", events, implementation: implementation)
      let rule = marks.rule.joined(separator: "\n")
      if implementation == Implementation(.table) {
        #expect(rule.contains("reject(") && rule.contains(".passiveOpen"), "\(implementation)")
      } else if implementation == .tableMatrix {
        // The matrix's refusal is a cell of the state's row of
        // `refusals`: that row decided, and the throw ran.
        #expect(
          rule.hasSuffix("exists, exists, nil, nil, nil, nil, nil, nil, nil,  // established"),
          "\(rule)")
        #expect(marks.lines.contains { $0.contains("throw refusal") })
        #expect(marks.lines.contains { $0.contains("exists, exists,") })
      } else {
        #expect(rule.contains("throw TCPConnection.connectionAlreadyExists"), "\(implementation)")
      }
      #expect(!marks.lines.contains { $0.contains("effect: [.createTCB]") }, "\(implementation)")
    }
  }

  @Test("the turnstile's coin in locked marks the matrix's lookup and the locked row")
  func matrixCoin() throws {
    let marks = try marked("turnstile", ["coin"], implementation: .tableMatrix)
    #expect(marks.rule == ["      .unlocked, .locked,  // locked"])
    #expect(
      marks.lines == [
        "      .unlocked, .locked,  // locked",
        "      [.unlock], [.alarm],  // locked",
        "      let cell = Self.row(of: state) * Self.columns + Self.column(of: event)",
        "      Self.outputs[cell].forEach(emit)",
        "      state = Self.next[cell]",
        "      return .fired",
      ])
    // From unlocked, the other row.
    let pass = try marked("turnstile", ["coin", "pass"], implementation: .tableMatrix)
    #expect(pass.rule == ["      .unlocked, .locked,  // unlocked"])
    #expect(!pass.lines.contains { $0.hasSuffix("// locked") })
  }

  @Test("a record's refused edit marks the matrix's refusal, not its outputs or new state")
  func matrixRefusal() throws {
    // new, committed to oldClean, deleted to oldDelete: an edit is refused.
    let marks = try marked(
      "record-commit", ["commit", "delete", "edit"], implementation: .tableMatrix)
    // The row of `refusals` decided; the row of `next` (no state for an
    // edit) is marked too, as read.
    #expect(marks.rule == ["      markedForDeletion, nil, nil, nil,  // oldDelete"])
    let text = marks.lines.joined(separator: "\n")
    #expect(text.contains("guard let next = Self.next[cell] else {"))
    #expect(text.contains("if let refusal = Self.refusals[cell] { throw refusal }"))
    #expect(text.contains("markedForDeletion, nil, nil, nil,  // oldDelete"))
    #expect(!text.contains("return .ignored"))
    #expect(!text.contains("state = next"))
    #expect(!text.contains("Self.outputs[cell].forEach(emit)"))
    #expect(!marks.lines.contains { $0.hasSuffix("// deleted") })
  }

  @Test("an ignored TCP timeout marks the matrix's ignore and the closed rows")
  func matrixIgnore() throws {
    let marks = try marked("tcp-connection", ["timeout"], implementation: .tableMatrix)
    #expect(
      marks.rule == ["      .listen, .synSent, nil, nil, nil, nil, nil, nil, nil,  // closed"])
    let text = marks.lines.joined(separator: "\n")
    #expect(text.contains("return .ignored"))
    #expect(!text.contains("state = next"))
    #expect(!text.contains("Self.outputs[cell].forEach(emit)"))
    // The closed row of each matrix (next, outputs, work, refusals), and
    // no other state's.
    #expect(marks.lines.filter { $0.hasSuffix("// closed") }.count == 4)
    #expect(!marks.lines.contains { $0.hasSuffix("// listen") })
  }

  @Test("states as types mark the static method of the state's type that answered")
  func statesAsTypes() throws {
    let coin = try marked("turnstile", ["coin"], implementation: .statePatternTypes)
    #expect(coin.rule.first?.contains("public static func coin()") == true)
    #expect(coin.rule.joined().contains(".go(to: Unlocked.self, effect: [.unlock])"))
    #expect(coin.lines.contains { $0.contains("case .coin: current.coin()") })
    #expect(!coin.lines.joined().contains(".thankYou"))
    let second = try marked("turnstile", ["coin", "coin"], implementation: .statePatternTypes)
    #expect(second.rule.joined().contains(".go(to: Unlocked.self, effect: [.thankYou])"))
    let refused = try marked(
      "tcp-connection", ["passiveOpen", "receiveSyn", "receiveAck", "passiveOpen"],
      implementation: .statePatternTypes)
    #expect(refused.rule.first?.contains("func passiveOpen()") == true, "\(refused.rule)")
  }

  @Test("an ignored ACK in established marks only what ignored it")
  func ignoredAck() throws {
    let events = ["passiveOpen", "receiveSyn", "receiveAck", "receiveAck"]
    let enumStyle = try marked("tcp-connection", events, style: .enum)
    #expect(enumStyle.lines.joined().contains("(_, .receiveAck)"))
    #expect(enumStyle.lines.count <= 3)
    let classes = try marked("tcp-connection", events, style: .stateClasses)
    #expect(classes.rule.joined().contains("func receiveAck()"))
    #expect(classes.rule.joined().contains(".ignore"))
    // The shared state objects are the same classes, answering the same way.
    let shared = try marked("tcp-connection", events, implementation: .sharedStateClasses)
    #expect(shared.rule == classes.rule)
  }

  @Test("a jump from running marks onGround's jump, not ducking's override")
  func inheritedJump() throws {
    let events = ["run", "jump"]
    let enumStyle = try marked("game-character", events, style: .enum)
    #expect(enumStyle.rule.joined().contains("case (.onGround(let ground), .jump)"))
    #expect(!enumStyle.lines.joined().contains("(.onGround(.ducking), .jump)"))
    let table = try marked("game-character", events, style: .table)
    #expect(table.rule == ["        .init(.onGround, on: .jump, to: .inAir),"])
    let pattern = try marked("game-character", events, style: .statePattern)
    #expect(pattern.rule.first?.contains("public func jump()") == true)
    #expect(pattern.rule.joined().contains("Jumping(landing: self)"))
    let classes = try marked("game-character", events, style: .stateClasses)
    #expect(classes.rule.first?.contains("func jump()") == true)
    #expect(!classes.rule.joined().contains(".ignore"))
    let shared = try marked("game-character", events, implementation: .sharedStateClasses)
    #expect(shared.rule == classes.rule)
    let types = try marked("game-character", events, implementation: .statePatternTypes)
    #expect(types.rule.first?.contains("func jump(") == true, "\(types.rule)")
  }

  @Test("a jump from ducking marks ducking's override in every style")
  func overriddenJump() throws {
    let events = ["duck", "jump"]
    let enumStyle = try marked("game-character", events, style: .enum)
    #expect(enumStyle.rule.joined().contains("(.onGround(.ducking), .jump)"))
    let table = try marked("game-character", events, style: .table)
    #expect(table.rule == ["        .init(.ducking, on: .jump, to: .standing),"])
  }

  @Test("a table marks the rows a step took: timed rows, guards, completions, none")
  func tableRows() throws {
    let colours = try marked("traffic-light", ["wait:4"], style: .table)
    #expect(colours.lines.filter { $0.contains(".after(") }.count == 3)
    let crank = try marked("gumball-machine", ["insertQuarter", "turnCrank"], style: .table)
    #expect(crank.lines.joined().contains(#"guard: "else""#))
    #expect(crank.lines.joined().contains(".sold, on: nil"))
    #expect(!crank.lines.joined().contains("winner drawn"))
    let divingFire = try marked(
      "game-character", ["pickUp:bow", "jump", "duck", "fire"], style: .table)
    #expect(
      divingFire.rule == [
        "        .internal(.bow, on: .fire, guard: .notIn(.diving), effect: [.arrowReleased]),"
      ])
    let ignored = try marked("game-character", ["hit"], style: .table)
    #expect(ignored.lines.isEmpty && ignored.rule.isEmpty)
  }

  @Test("fsm run --handlers prints the same lines the class view marks")
  func runPrintsTheMarks() throws {
    let run = fsm("run", "tcp-connection", "--style", "enum", "--json", "--handlers", "timeout")
    #expect(run.status == 0, "\(run.errors)")
    let output = run.output
    let client = ClassViewClient()
    let answer = try client.step("tcp-connection", "timeout")
    let handlers = try #require(answer["handlers"] as? [[String: Any]])
    let enumLines = try #require(
      handlers.first { $0["style"] as? String == "enum" }?["lines"] as? [[Int]])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let handled = try #require(json["handled"] as? [String: Any])
    #expect(
      handled["file"] as? String == "Sources/StateMachines/TCPConnection/TCPConnection+Enum.swift")
    #expect(handled["lines"] as? [[Int]] == enumLines)
  }
}
