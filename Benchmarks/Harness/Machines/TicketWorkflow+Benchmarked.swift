#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension TicketWorkflow: BenchmarkedMachine {
  /// One ticket over a long life, as a stream needs it: each episode
  /// reopens the ticket, and mostly it is worked on, resolved and closed;
  /// now and then a close before the fix is refused, a resolution is sent
  /// back, work stops and starts again, or the ticket is closed as it is.
  /// Every episode ends in `closed`, where the next one's reopen fires. (The
  /// stream's first episode finds the ticket open: its reopen is refused,
  /// as an open ticket cannot be reopened, and the rest is the ticket's
  /// first life from `open`.) The uniform alphabet is the sample events: a
  /// move to every state.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.moveTo(.reopened), .moveTo(.closed)]
    case 1:
      [
        .moveTo(.reopened), .moveTo(.inProgress), .moveTo(.open), .moveTo(.inProgress),
        .moveTo(.resolved), .moveTo(.closed),
      ]
    case 2, 3:
      [
        .moveTo(.reopened), .moveTo(.resolved), .moveTo(.reopened),
        .moveTo(.inProgress), .moveTo(.resolved), .moveTo(.closed),
      ]
    case 4, 5:
      [
        .moveTo(.reopened), .moveTo(.inProgress), .moveTo(.closed),
        .moveTo(.resolved), .moveTo(.closed),
      ]
    default: [.moveTo(.reopened), .moveTo(.inProgress), .moveTo(.resolved), .moveTo(.closed)]
    }
  }
}
