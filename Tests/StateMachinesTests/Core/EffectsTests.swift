import StateMachines
import Testing

@Suite("A decision's effects")
struct EffectsTests {
  /// The outputs `effects` hands to `forEach`, in order.
  private func emitted(_ effects: Effects<Turnstile.Output>) -> [Turnstile.Output] {
    var outputs: [Turnstile.Output] = []
    effects.forEach { outputs.append($0) }
    return outputs
  }

  @Test("none, one, two or more outputs come out in the order written")
  func order() {
    #expect(emitted([]) == [])
    #expect(emitted([.unlock]) == [.unlock])
    #expect(emitted([.alarm, .lock]) == [.alarm, .lock])
    #expect(emitted([.thankYou, .alarm, .unlock]) == [.thankYou, .alarm, .unlock])
  }

  @Test("iterating and printing show the outputs as an array would")
  func asAnArray() {
    let effects: Effects<Turnstile.Output> = [.alarm, .lock]
    #expect(Array(effects) == [.alarm, .lock])
    #expect(effects.description == [Turnstile.Output.alarm, .lock].description)
    let none: Effects<Turnstile.Output> = []
    #expect(none.description == "[]")
  }

  @Test("a decision's default effect is empty")
  func defaultEffect() {
    let decision = Decision<Turnstile.State, Turnstile.Output>.go(to: .locked)
    guard case .go(_, let effect) = decision else {
      Issue.record("not a transition: \(decision)")
      return
    }
    #expect(Array(effect).isEmpty)
  }
}
