import ConformanceSupport
import SecuritySystemR1

// Revision 1: three states; arm, disarm [valid], breach, panic, reset [valid].
// Panic is ignored while disarmed, and wrong codes can be tried for ever.
extension SecuritySystemR1.SecuritySystem {
  /// What revision 1 must do, step by step, in every style.
  public static let scenarios: [Scenario<Self>] = [
    Scenario(
      "the revision: a breach or panic while disarmed is ignored",
      [
        .ignores(.breach),
        .ignores(.panic),
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
        .ignores(.disarm(code: "0000"), .invalidCode),
        .fires(.disarm(code: "1234"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),
    Scenario(
      "wrong codes never raise the alarm",
      [
        .fires(.arm, to: .armed, .systemArmed),
        .ignores(.disarm(code: "0000"), .invalidCode),
        .ignores(.disarm(code: "1111"), .invalidCode),
        .ignores(.disarm(code: "2222"), .invalidCode),
        .ignores(.disarm(code: "3333"), .invalidCode),
        .ignores(.disarm(code: "4444"), .invalidCode),
        .fires(.disarm(code: "1234"), to: .disarmed, .codeAccepted, .systemDisarmed),
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
        .ignores(.disarm(code: "1234"), .invalidCode),
        .fires(.disarm(code: "0042"), to: .disarmed, .codeAccepted, .systemDisarmed),
      ]),
  ]
}
