import StateMachines
import Testing

@Suite("Effects and outcomes")
struct EffectTests {
  @Test func effectEmitsItsOutputsInOrderSkippingNone() {
    var outputs: [Int] = []
    Effect(1, nil, 3, 4).emit(into: &outputs)
    #expect(outputs == [1, 3, 4])
  }

  @Test func noEffectEmitsNothing() {
    var outputs: [Int] = []
    Effect<Int>.none.emit(into: &outputs)
    #expect(outputs.isEmpty)
  }

  @Test func outcomes() {
    #expect(Outcome<Turnstile.State>.ignored.fired == false)
    #expect(Outcome<Turnstile.State>.fired.fired)
    #expect(Outcome<Turnstile.State>.fired(via: .locked).via == .locked)
  }

  @Test func seededGeneratorRepeatsItself() {
    var first = SeededGenerator(seed: 7)
    var second = SeededGenerator(seed: 7)
    var other = SeededGenerator(seed: 8)
    let a = (0..<5).map { _ in first.next() }
    #expect(a == (0..<5).map { _ in second.next() })
    #expect(a != (0..<5).map { _ in other.next() })
  }
}
