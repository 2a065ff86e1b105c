import StateMachines
import Testing

@testable import Workbench

@Suite("fsm run")
struct RunTests {
  @Test("the worked examples of the security system, as JSON", arguments: SecuritySystem.styles)
  func securitySystemJSON(style: Style) {
    let breach = fsm(
      "run", "security-system", "--style", style.rawValue, "--json", "breach", "panic")
    #expect(breach.status == 0)
    #expect(
      breach.output
        == text(
          #"{"event": "breach", "from": "disarmed", "to": "disarmed", "fired": false, "outputs": []}"#,
          #"{"event": "panic", "from": "disarmed", "to": "silentAlarm", "fired": true, "outputs": ["policeInformed"]}"#
        ))

    let reset = fsm(
      "run", "security-system", "--style", style.rawValue, "--json", "arm", "breach", "reset:1234")
    #expect(reset.status == 0)
    #expect(
      reset.output
        == text(
          #"{"event": "arm", "from": "disarmed", "to": "armed", "fired": true, "outputs": ["systemArmed"]}"#,
          #"{"event": "breach", "from": "armed", "to": "alarm", "fired": true, "outputs": ["alarmSounded"]}"#,
          #"{"event": "reset:1234", "from": "alarm", "to": "disarmed", "fired": true, "outputs": ["codeAccepted", "alarmStopped", "systemDisarmed"]}"#
        ))

    let wrongCode = fsm(
      "run", "security-system", "--style", style.rawValue, "--json", "arm", "disarm:0000",
      "disarm:1234")
    #expect(wrongCode.status == 0)
    #expect(
      wrongCode.output
        == text(
          #"{"event": "arm", "from": "disarmed", "to": "armed", "fired": true, "outputs": ["systemArmed"]}"#,
          #"{"event": "disarm:0000", "from": "armed", "to": "armed", "fired": true, "outputs": ["invalidCode"]}"#,
          #"{"event": "disarm:1234", "from": "armed", "to": "disarmed", "fired": true, "outputs": ["codeAccepted", "systemDisarmed"]}"#
        ))
    #expect(breach.errors + reset.errors + wrongCode.errors == "")
  }

  @Test("the turnstile, as JSON", arguments: Turnstile.styles)
  func turnstileJSON(style: Style) {
    let result = fsm(
      "run", "turnstile", "--json", "--style", style.rawValue, "pass", "coin", "coin", "pass")
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          #"{"event": "pass", "from": "locked", "to": "locked", "fired": true, "outputs": ["alarm"]}"#,
          #"{"event": "coin", "from": "locked", "to": "unlocked", "fired": true, "outputs": ["unlock"]}"#,
          #"{"event": "coin", "from": "unlocked", "to": "unlocked", "fired": true, "outputs": ["thankYou"]}"#,
          #"{"event": "pass", "from": "unlocked", "to": "locked", "fired": true, "outputs": ["lock"]}"#
        ))
  }

  @Test("the security system, as text", arguments: SecuritySystem.styles)
  func securitySystemText(style: Style) {
    let result = fsm(
      "run", "security-system", "--style", style.rawValue, "arm", "disarm:0000", "breach",
      "reset:1234", "panic")
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          "arm           disarmed    -> armed         fired     systemArmed",
          "disarm:0000   armed       -> armed         fired     invalidCode",
          "breach        armed       -> alarm         fired     alarmSounded",
          "reset:1234    alarm       -> disarmed      fired     codeAccepted, alarmStopped, systemDisarmed",
          "panic         disarmed    -> silentAlarm   fired     policeInformed"))
  }

  @Test("the turnstile, as text", arguments: Turnstile.styles)
  func turnstileText(style: Style) {
    let result = fsm("run", "turnstile", "--style", style.rawValue, "coin", "pass", "pass")
    #expect(result.status == 0)
    #expect(
      result.output
        == text(
          "coin   locked   -> unlocked   fired     unlock",
          "pass   unlocked -> locked     fired     lock",
          "pass   locked   -> locked     fired     alarm"))
  }

  @Test("the fourth wrong code raises the alarm with the administrator informed")
  func fourthWrongCode() {
    let result = fsm(
      "run", "security-system", "--json", "arm", "disarm:1", "disarm:2", "disarm:3", "disarm:4")
    #expect(
      result.lines.last
        == #"{"event": "disarm:4", "from": "armed", "to": "alarm", "fired": true, "outputs": ["invalidCode", "administratorInformed", "alarmSounded"]}"#
    )
  }

  @Test("--code sets the secret code")
  func code() {
    let result = fsm(
      "run", "security-system", "--code", "4321", "arm", "disarm:1234", "disarm:4321")
    #expect(
      result.output
        == text(
          "arm           disarmed    -> armed         fired     systemArmed",
          "disarm:1234   armed       -> armed         fired     invalidCode",
          "disarm:4321   armed       -> disarmed      fired     codeAccepted, systemDisarmed"))
  }

  @Test("no events, no output")
  func noEvents() {
    let result = fsm("run", "turnstile")
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
    #expect(result.errors.isEmpty)
  }

  @Test("the defaults: state-pattern and the configuration's defaults")
  func defaults() throws {
    let command = try #require(try FSM.parseAsRoot(["run", "turnstile"]) as? RunCommand)
    #expect(command.style == .statePattern)
    #expect(!command.json)
    #expect(command.options.configuration(for: SecuritySystem.self) == .init())
    #expect(command.options.configuration(for: GumballMachine.self) == .init())
    #expect(command.options.configuration(for: RecordCommit.self) == .init())
  }

  @Test("the machine options reach the configuration")
  func options() throws {
    let options = try MachineOptions.parse([
      "--code", "99", "--gumballs", "-1", "--winner", "always", "--seed", "7", "--loaded",
    ])
    #expect(options.configuration(for: SecuritySystem.self) == .init(code: "99"))
    #expect(
      options.configuration(for: GumballMachine.self)
        == .init(gumballs: -1, winner: .always, seed: 7))
    #expect(options.configuration(for: RecordCommit.self) == .init(loaded: true))
    #expect(options.given == ["--code", "--gumballs", "--winner", "--seed", "--loaded"])
  }

  @Test("each machine takes the options its configuration reads", arguments: Machines.ids)
  func machineOptions(id: String) throws {
    let all = ["--code", "1", "--gumballs", "1", "--winner", "never", "--seed", "1", "--loaded"]
    let machine = try #require(Machines.named(id))
    var accepted: [String] = []
    for index in stride(from: 0, to: all.count, by: 2) {
      let option = all[index] == "--loaded" ? [all[index]] : [all[index], all[index + 1]]
      if fsm(["run", id] + option).status == 0 { accepted.append(all[index]) }
    }
    #expect(accepted == optionNames(of: machine))
  }

  private func optionNames<M: CatalogMachine>(of _: M.Type) -> [String] {
    M.Configuration.optionNames
  }

  @Test(
    "every machine runs its sample events in every style, one JSON line each",
    arguments: Machines.idsAndStyles)
  func sampleEvents(id: String, style: Style) throws {
    let machine = try #require(Machines.named(id))
    let events = sampleEvents(of: machine)
    let result = fsm(["run", id, "--json", "--style", style.rawValue] + events)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.lines.count == events.count)
    for (line, event) in zip(result.lines, events) {
      #expect(line.hasPrefix("{\"event\": \(JSONTrace.string(event)), \"from\": "))
      #expect(line.hasSuffix("}"))
    }
  }

  private func sampleEvents<M: Machine>(of _: M.Type) -> [String] {
    M.sampleEvents(for: M.Configuration()).map(\.description)
  }
}
