import StateMachines
import Testing

@testable import Workbench

@Suite("fsm list and fsm describe")
struct ListAndDescribeTests {
  @Test("list names every machine with its summary, then the styles")
  func list() {
    let result = fsm("list")
    let width = Machines.ids.map(\.count).max() ?? 0
    let machineLines = Machines.all.map { "  \($0.id.padded(to: width))   \($0.summary)" }
    let expected =
      ["Machines:"] + machineLines
      + [
        "", "Styles:",
        "  nested-switch   \(Style.nestedSwitch.summary)",
        "  enum            \(Style.enum.summary)",
        "  state-pattern   \(Style.statePattern.summary) (the default)",
        "  state-classes   \(Style.stateClasses.summary)",
        "  table           \(Style.table.summary)",
      ]
    #expect(result.status == 0)
    #expect(result.lines == expected)
    #expect(result.errors.isEmpty)
  }

  @Test("list shows the turnstile and the security system")
  func listShowsTheFirstMachines() {
    let lines = fsm("list").lines
    #expect(lines.contains { $0.hasPrefix("  turnstile ") && $0.hasSuffix(Turnstile.summary) })
    #expect(
      lines.contains {
        $0.hasPrefix("  security-system   ") && $0.hasSuffix(SecuritySystem.summary)
      })
  }

  @Test("describe turnstile")
  func describeTurnstile() {
    let result = fsm("describe", "turnstile")
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          "turnstile: \(Turnstile.summary)",
          "",
          "States:",
          "  locked     initial",
          "  unlocked",
          "",
          "Events:",
          "  coin",
          "  pass",
          "",
          "Transitions:",
          "  locked --coin / unlock--> unlocked",
          "  locked --pass / alarm--> locked",
          "  unlocked --coin / thankYou--> unlocked",
          "  unlocked --pass / lock--> locked"))
  }

  @Test("describe security-system: activities, usage with a code, guards and effects")
  func describeSecuritySystem() {
    let result = fsm("describe", "security-system")
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          "security-system: \(SecuritySystem.summary)",
          "",
          "States:",
          "  disarmed      initial   entry / systemDisarmed",
          "  armed                   entry / systemArmed",
          "  alarm                   entry / alarmSounded; exit / alarmStopped",
          "  silentAlarm             entry / policeInformed",
          "",
          "Events:",
          "  arm",
          "  disarm:CODE",
          "  breach",
          "  panic",
          "  reset:CODE",
          "",
          "Transitions:",
          "  disarmed --arm--> armed",
          "  disarmed --panic--> silentAlarm",
          "  armed --disarm(code) [code valid]--> disarmed",
          "  armed --disarm(code) [code invalid and attempts > 3] / administratorInformed--> alarm",
          "  armed --disarm(code) [code invalid and attempts <= 3] / attempts += 1--> armed   (internal: no exit or entry)",
          "  armed --breach--> alarm",
          "  armed --panic--> alarm",
          "  alarm --reset(code) [code valid]--> disarmed",
          "  silentAlarm --reset(code) [code valid]--> disarmed"))
  }

  @Test("describe ticket-workflow: the moves each state allows, then an arrow per move")
  func describeTicketWorkflow() {
    let result = fsm("describe", "ticket-workflow")
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          "ticket-workflow: \(TicketWorkflow.summary)",
          "",
          "States:",
          "  open         initial",
          "  reopened",
          "  inProgress",
          "  resolved",
          "  closed",
          "",
          "Events:",
          "  moveTo:STATE",
          "",
          "Moves:",
          "  open         moveTo: inProgress, resolved, closed",
          "  reopened     moveTo: inProgress, resolved, closed",
          "  inProgress   moveTo: open, resolved",
          "  resolved     moveTo: reopened, closed",
          "  closed       moveTo: reopened",
          "",
          "Transitions:",
          "  open --moveTo(inProgress)--> inProgress",
          "  open --moveTo(resolved)--> resolved",
          "  open --moveTo(closed)--> closed",
          "  reopened --moveTo(inProgress)--> inProgress",
          "  reopened --moveTo(resolved)--> resolved",
          "  reopened --moveTo(closed)--> closed",
          "  inProgress --moveTo(open)--> open",
          "  inProgress --moveTo(resolved)--> resolved",
          "  resolved --moveTo(reopened)--> reopened",
          "  resolved --moveTo(closed)--> closed",
          "  closed --moveTo(reopened)--> reopened"))
  }

  @Test(
    "describe lists every state, event and transition of every machine", arguments: Machines.ids)
  func describeEveryMachine(id: String) throws {
    let machine = try #require(Machines.named(id))
    let result = fsm("describe", id)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    expectDescribed(machine, in: result.lines)
  }

  private func expectDescribed<M: Machine>(_: M.Type, in lines: [String]) {
    let states = lines.drop { $0 != "States:" }.dropFirst().prefix { !$0.isEmpty }
    #expect(
      states.map { $0.split(separator: " ").first.map(String.init) }
        == M.description.states.map(\.rawValue))
    for signature in M.Event.signatures {
      #expect(lines.contains("  \(signature.usage)"))
    }
    // A machine whose transitions are each for one argument lists them by
    // state; the others have no such section.
    let hasMoves = M.description.transitions.contains { $0.argument != nil }
    #expect(lines.contains("Moves:") == hasMoves)
    let arrows = lines.filter { $0.contains("-->") }
    #expect(arrows.count == M.description.transitions.count)
    for transition in M.description.transitions where transition.kind == .internal {
      let arrow =
        "  \(transition.source) --\(M.description.label(of: transition))--> \(transition.target)"
      #expect(arrows.contains { $0.hasPrefix(arrow) && $0.contains("(internal") })
    }
  }
}
