import ConformanceSupport
import StateMachines

extension SecuritySystem: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<SecuritySystem>] = [
    // The three worked examples of the specification.
    Scenario(
      "worked example: a breach while disarmed is ignored, panic calls the police",
      [
        .ignores(.breach),
        .fires(.panic, to: .silentAlarm, .policeInformed),
      ]),
    Scenario(
      "worked example: armed, breached, reset with the code",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.breach, to: .alarm, .alarmSounded),
        .fires(.reset(code: "1234"), to: .disarmed, .codeAccepted, .alarmStopped, .systemDisarmed),
      ]),
    Scenario(
      "worked example: a wrong code, then the right one",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "1234"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),

    Scenario(
      "three wrong codes are counted while armed, the fourth raises the alarm",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "1111"), to: .armed, .invalidCode),
        .fires(.disarm(code: "2222"), to: .armed, .invalidCode),
        .fires(
          .disarm(code: "3333"), to: .alarm, .invalidCode, .administratorInformed, .alarmSounded),
        .ignores(.reset(code: "0000"), .invalidCode),
        .fires(.reset(code: "1234"), to: .disarmed, .codeAccepted, .alarmStopped, .systemDisarmed),
      ]),
    Scenario(
      "the right code still works on the fourth attempt",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "1234"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),
    Scenario(
      "arming again restarts the count of attempts",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.breach, to: .alarm, .alarmSounded),
        .fires(.reset(code: "1234"), to: .disarmed, .codeAccepted, .alarmStopped, .systemDisarmed),
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(
          .disarm(code: "0000"), to: .alarm, .invalidCode, .administratorInformed, .alarmSounded),
      ]),
    Scenario(
      "panic while armed sounds the alarm",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.panic, to: .alarm, .alarmSounded),
      ]),
    Scenario(
      "the silent alarm is reset with the code, without stopping a siren",
      [
        .fires(.panic, to: .silentAlarm, .policeInformed),
        .ignores(.reset(code: "9999"), .invalidCode),
        .fires(.reset(code: "1234"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),
    Scenario(
      "disarmed ignores disarm and reset without checking the code",
      [
        .ignores(.disarm(code: "1234")),
        .ignores(.disarm(code: "0000")),
        .ignores(.reset(code: "1234")),
        .ignores(.reset(code: "0000")),
      ]),
    Scenario(
      "armed ignores arm and reset",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .ignores(.arm),
        .ignores(.reset(code: "1234")),
      ]),
    Scenario(
      "the alarm ignores everything but reset",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.breach, to: .alarm, .alarmSounded),
        .ignores(.arm),
        .ignores(.disarm(code: "1234")),
        .ignores(.breach),
        .ignores(.panic),
      ]),
    Scenario(
      "the silent alarm ignores everything but reset",
      [
        .fires(.panic, to: .silentAlarm, .policeInformed),
        .ignores(.arm),
        .ignores(.disarm(code: "1234")),
        .ignores(.breach),
        .ignores(.panic),
      ]),
    Scenario(
      "another secret code",
      configuration: Configuration(code: "0042"),
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "1234"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0042"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),
  ]
}
