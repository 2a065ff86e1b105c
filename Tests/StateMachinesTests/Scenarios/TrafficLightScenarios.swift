import ConformanceSupport
import StateMachines
import Testing

extension TrafficLight: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<TrafficLight>] = [
    Scenario(
      "each colour in turn, for its own time",
      [
        .fires(.wait(seconds: "1"), to: .yellow, .showYellow),
        .fires(.wait(seconds: "0.5"), to: .red, .showRed),
        .ignores(.wait(seconds: "1.5")),
        .fires(.wait(seconds: "0.5"), to: .green, .showGreen),
      ]),
    Scenario(
      "a deadline fires when the clock reaches it exactly, not a millisecond before",
      [
        .ignores(.wait(seconds: "0.999")),
        .fires(.wait(seconds: "0.001"), to: .yellow, .showYellow),
        .ignores(.wait(seconds: "0")),
        .ignores(.wait(seconds: "0.499")),
        .fires(.wait(seconds: "0.001"), to: .red, .showRed),
      ]),
    Scenario(
      "one wait over a whole cycle passes through every colour",
      [
        .fires(
          .wait(seconds: "4"), via: [.yellow, .red], to: .green,
          .showYellow, .showRed, .showGreen)
      ]),
    Scenario(
      "each timer counts from the moment its colour came on, not from the last wait",
      [
        .fires(.wait(seconds: "1.2"), to: .yellow, .showYellow),
        .fires(.wait(seconds: "0.3"), to: .red, .showRed),
        .fires(
          .wait(seconds: "5"), via: [.green, .yellow], to: .red,
          .showGreen, .showYellow, .showRed),
      ]),
    Scenario(
      "the longest wait, an hour, runs a thousand cycles in one step",
      [
        .fires(
          .wait(seconds: "3600"), via: longWaitVia, to: .red, outputs: longWaitOutputs)
      ]),
    Scenario(
      "a wait of nothing at creation changes nothing",
      [
        .ignores(.wait(seconds: "0")),
        .fires(.wait(seconds: "1"), to: .yellow, .showYellow),
      ]),
  ]

  /// An hour is 1028 whole cycles of 3.5 s (green again at 3598 s), then
  /// yellow at 3599 s and red at 3599.5 s: 3086 colours in one step.
  private static let longWaitColours: [State] =
    (0..<1028).flatMap { _ in [State.yellow, .red, .green] } + [.yellow, .red]

  /// The states an hour's wait passes through: all but the last it enters.
  private static var longWaitVia: [State] { Array(longWaitColours.dropLast()) }

  /// The lamps an hour's wait lights, one per colour entered.
  private static var longWaitOutputs: [Output] {
    longWaitColours.map { colour in
      switch colour {
      case .green: .showGreen
      case .yellow: .showYellow
      case .red: .showRed
      }
    }
  }
}

extension TrafficLight.Event {
  /// A wait of `seconds`, written as the CLI writes it.
  static func wait(seconds text: String) -> Self {
    .wait(Duration(seconds: text) ?? .zero)
  }
}

@Suite("traffic light")
struct TrafficLightTests {
  @Test("the context-driven light follows the list it was made with")
  func contextDrivenCycleIsData() {
    typealias Light = TrafficLight.StateClassesContextDriven
    var light = Light(Light.Green(), Light.Red())
    #expect(light.wait(.seconds(1)) == [.showRed])
    #expect(light.state == .red)
    #expect(light.wait(.seconds(2)) == [.showGreen])
    #expect(light.state == .green)
  }

  @Test("the clock moves by exactly the waits, in every implementation")
  func clockFollowsTheWaits() throws {
    for implementation in TrafficLight.implementations {
      var light = try #require(
        TrafficLight.make(implementation, .init()) as? any TrafficLightMachine)
      light.wait(.milliseconds(1234))
      light.wait(.seconds(3600))
      #expect(light.clock.now == .milliseconds(3_601_234), "\(implementation)")
    }
  }

  @Test("the description draws three timed transitions")
  func timedTransitionsAreDescribed() {
    let labels = TrafficLight.description.transitions.map {
      "\($0.source) --\(TrafficLight.description.label(of: $0))--> \($0.target)"
    }
    #expect(
      labels == [
        "green --after(1s)--> yellow", "yellow --after(0.5s)--> red",
        "red --after(2s)--> green",
      ])
  }
}
