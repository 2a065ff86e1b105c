import ConformanceSupport
import StateMachines
import Testing

/// The calls a student makes at the REPL work the same in every style.
@Suite("The natural API")
struct NaturalAPITests {
  @Test func turnstile() {
    func check(_ gate: some TurnstileMachine) {
      var gate = gate
      #expect(gate.coin() == [.unlock])
      #expect(gate.coin() == [.thankYou])
      #expect(gate.pass() == [.lock])
      #expect(gate.pass() == [.alarm])
      #expect(gate.state == .locked)
    }
    check(Turnstile.NestedSwitch())
    check(Turnstile.Enum())
    check(Turnstile.StatePattern())
    check(Turnstile.StateClasses())
    check(Turnstile.Table())
    check(Turnstile.TableMatrix())
  }

  @Test func securitySystem() {
    func check(_ system: some SecuritySystemMachine) {
      var system = system
      #expect(system.arm() == [.systemArmed])
      #expect(system.disarm(code: "0000") == [.invalidCode])
      #expect(system.breach() == [.alarmSounded])
      #expect(system.panic() == [])
      #expect(system.reset(code: "1234") == [.codeAccepted, .alarmStopped, .systemDisarmed])
      #expect(system.state == .disarmed)
    }
    check(SecuritySystem.NestedSwitch(code: "1234"))
    check(SecuritySystem.Enum(code: "1234"))
    check(SecuritySystem.StatePattern(code: "1234"))
    check(SecuritySystem.StateClasses(code: "1234"))
    check(SecuritySystem.Table(code: "1234"))
  }
}
