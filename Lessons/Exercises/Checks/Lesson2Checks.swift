import StateMachines

extension ExerciseCheck {
  /// Lesson 2: three ways to write one machine.
  static let lesson2 = [
    ExerciseCheck("2.1", "the nested switches the other way round") {
      sameTraces(TransposedTurnstile(), name: "TransposedTurnstile")
    },
    ExerciseCheck("2.2", "the table as data, by hand") {
      var problems = Problems()
      for transition in Turnstile.description.transitions {
        guard let name = transition.event, let event = Turnstile.Event(rawValue: name) else {
          continue
        }
        let cell = TableTurnstile.table[transition.source]?[event]
        guard let cell else {
          problems.add(
            "TableTurnstile.table[.\(transition.source)]?[.\(event)] is missing: the turnstile "
              + "handles \(event) when it is \(transition.source)")
          continue
        }
        if "\(cell.output)" != transition.effect.joined() || cell.target != transition.target {
          problems.add(
            "TableTurnstile.table[.\(transition.source)]?[.\(event)] is "
              + "Cell(output: .\(cell.output), target: .\(cell.target)), which is not what the "
              + "table of lesson 1 says")
        }
      }
      return problems.list + sameTraces(TableTurnstile(), name: "TableTurnstile")
    },
    ExerciseCheck("2.3", "do these machines agree?") {
      var problems = Problems()
      // New machines for every run: the state classes are objects, which a run changes.
      func styles() -> [any TurnstileMachine] {
        [
          Turnstile.NestedSwitch(), Turnstile.Enum(), Turnstile.StatePattern(),
          Turnstile.StateClasses(), Turnstile.Table(),
        ]
      }
      for events in runs(of: Turnstile.Event.allCases, upTo: 4)
      where !Lesson2.agree(styles(), on: events) {
        problems.add(
          "Lesson2.agree says the styles disagree on \(events), but they give the same trace "
            + "(print each one's run in the REPL)")
        break
      }
      problems.expect(
        Lesson2.agree([Turnstile.Enum(), NoThanksTurnstile()], on: [.coin, .pass]), true,
        "on [coin, pass] the turnstile and one that never says thank you do the same thing, "
          + "but Lesson2.agree says they disagree")
      problems.expect(
        Lesson2.agree([Turnstile.Enum(), NoThanksTurnstile()], on: [.coin, .coin]), false,
        "on [coin, coin] a real turnstile says thankYou and NoThanksTurnstile says nothing, but "
          + "Lesson2.agree says they agree")
      problems.expect(
        Lesson2.agree([Turnstile.Enum(), StuckTurnstile()], on: [.coin, .pass]), false,
        "on [coin, pass] both machines output [unlock] then [lock], but StuckTurnstile stays "
          + "unlocked: Lesson2.agree must compare the states too (the whole trace), not only "
          + "the outputs")
      var paid = Turnstile.Enum()
      paid.coin()
      problems.expect(
        Lesson2.agree([paid, Turnstile.Enum()], on: [.pass]), false,
        "an unlocked turnstile and a locked one react to [pass] differently (lock, alarm), "
          + "but Lesson2.agree says they agree")
      return problems.list
    },
  ]
}

/// The problems if `machine` records another trace than the turnstile on any
/// run of up to five events.
private func sameTraces(_ machine: some TurnstileMachine, name: String) -> [String] {
  if machine.state != .locked {
    return ["a new \(name) is \(machine.state); a turnstile starts locked"]
  }
  for events in runs(of: Turnstile.Event.allCases, upTo: 5) {
    var yours = machine
    var reference = Turnstile.NestedSwitch()
    if let difference = firstDifference(
      yours.run(events), from: reference.run(events), rule: "lesson 1's table",
      describe: describe(step:))
    {
      return ["\(name) disagrees with the turnstile on \(events): \(difference)"]
    }
  }
  return []
}

/// A turnstile that forgets to thank you for a second coin.
private struct NoThanksTurnstile: TurnstileMachine {
  var state = Turnstile.State.locked

  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    switch (state, event) {
    case (.locked, .coin):
      emit(.unlock)
      state = .unlocked
    case (.locked, .pass): emit(.alarm)
    case (.unlocked, .coin): break
    case (.unlocked, .pass):
      emit(.lock)
      state = .locked
    }
    return .fired
  }
}

/// A turnstile whose arm locks but whose state stays unlocked.
private struct StuckTurnstile: TurnstileMachine {
  var state = Turnstile.State.locked

  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    switch (state, event) {
    case (.locked, .coin):
      emit(.unlock)
      state = .unlocked
    case (.locked, .pass): emit(.alarm)
    case (.unlocked, .coin): emit(.thankYou)
    case (.unlocked, .pass): emit(.lock)
    }
    return .fired
  }
}
