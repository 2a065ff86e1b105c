import ConformanceSupport
import SecuritySystemR4

// Revision 4: the fourth wrong code also informs the administrator: an effect
// of that transition, not an activity of either state, because the other ways
// from armed to alarm must not do it.
extension SecuritySystemR4.SecuritySystem {
  /// What revision 4 must do, step by step, in every style.
  public static let scenarios: [Scenario<Self>] = [
    Scenario(
      "panic while disarmed sounds the alarm",
      [
        .ignores(.breach),
        .fires(.panic, to: .alarm, .alarmSounded),
        .ignores(.panic),
        .fires(.reset(code: "1234"), to: .disarmed, .codeAccepted, .alarmStopped, .systemDisarmed),
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
      "the change: the fourth wrong code also informs the administrator",
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
      "a breach goes to the same alarm without informing the administrator",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0000"), to: .armed, .invalidCode),
        .fires(.breach, to: .alarm, .alarmSounded),
      ]),
    Scenario(
      "panic while armed sounds the alarm",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.panic, to: .alarm, .alarmSounded),
        .ignores(.reset(code: "9999"), .invalidCode),
        .fires(.reset(code: "1234"), to: .disarmed, .codeAccepted, .alarmStopped, .systemDisarmed),
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
      "another secret code",
      configuration: .init(code: "0042"),
      [
        .fires(.arm, to: .armed, .systemArmed),
        .fires(.disarm(code: "1234"), to: .armed, .invalidCode),
        .fires(.disarm(code: "0042"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),
  ]
}
