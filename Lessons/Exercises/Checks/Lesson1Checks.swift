import StateMachines

extension ExerciseCheck {
  /// Lesson 1: the turnstile.
  static let lesson1 = [
    ExerciseCheck("1.1", "the transition table as a function") {
      var problems = Problems()
      for state in Turnstile.State.allCases {
        for event in Turnstile.Event.allCases {
          var gate = Turnstile.Enum()
          if state == .unlocked { gate.coin() }
          let step = gate.step(event)
          let answer = Lesson1.transition(from: state, on: event)
          if answer.to != step.to || step.outputs != [answer.output] {
            problems.add(
              "Lesson1.transition(from: .\(state), on: .\(event)) returns "
                + "(.\(answer.to), .\(answer.output)): that is not what the turnstile does on "
                + "\(event) when it is \(state)")
          }
        }
      }
      return problems.list
    },
    ExerciseCheck("1.2", "events for alarm, unlock, thankYou, lock") {
      var problems = Problems()
      // The outputs the exercise asks for, in its title.
      let asked: [Turnstile.Output] = [.alarm, .unlock, .thankYou, .lock]
      var gate = Turnstile.Enum()
      let trace = gate.run(Lesson1.puzzle)
      let outputs = trace.flatMap(\.outputs)
      problems.expect(
        outputs, asked,
        "Lesson1.puzzle is \(Lesson1.puzzle); a new turnstile then outputs \(outputs), not "
          + "the four outputs the exercise asks for, in their order. Its trace: "
          + describe(trace))
      return problems.list
    },
    ExerciseCheck("1.3", "counting the people who walked through") {
      var problems = Problems()
      let cases: [([Turnstile.Event], Int)] = [
        ([], 0), ([.pass], 0), ([.coin, .pass], 1), ([.pass, .pass, .coin, .pass, .pass], 1),
        ([.coin, .coin, .pass, .coin, .pass], 2), ([.coin, .pass, .coin, .pass, .pass], 2),
      ]
      for (events, expected) in cases {
        let answer = Lesson1.passages(events)
        var gate = Turnstile.Enum()
        problems.expect(
          answer, expected,
          "Lesson1.passages(\(events)) is \(answer), which is not the number of people who "
            + "walked through. The trace: \(describe(gate.run(events)))")
      }
      return problems.list
    },
  ]
}
