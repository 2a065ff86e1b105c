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
    let client = ClassViewClient()
    var answer: [String: Any] = [:]
    for event in events { answer = try client.step(machine, event) }
    let handlers = try #require(answer["handlers"] as? [[String: Any]])
    let handler = try #require(handlers.first { $0["style"] as? String == style.rawValue })
    let file = try #require(client.view.sources.file(machine: machine, style: style))
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

  @Test("a refused open marks the throw that refused it")
  func refusedOpen() throws {
    let events = ["passiveOpen", "receiveSyn", "receiveAck", "passiveOpen"]
    for style in TCPConnection.styles {
      let marks = try marked("tcp-connection", events, style: style)
      let rule = marks.rule.joined(separator: "\n")
      if style == .table {
        #expect(rule.contains("reject(") && rule.contains(".passiveOpen"), "\(style)")
      } else {
        #expect(rule.contains("throw TCPConnection.connectionAlreadyExists"), "\(style)")
      }
      #expect(!marks.lines.contains { $0.contains("effect: [.createTCB]") }, "\(style)")
    }
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
