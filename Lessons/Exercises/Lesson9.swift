// Lesson 9's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 9
// (see Lessons/09-tcp-connection.md, "Exercises").
import StateMachines

enum Lesson9 {
  /// Exercise 9.1: a server's connection from `passiveOpen` to `closed`; the
  /// client closes first, the server sends data after the client's FIN, then
  /// closes too.
  static let passiveClose: [TCPConnection.Event] = [
    .passiveOpen
    // TODO: the rest of the connection's life
  ]

  /// Exercise 9.2: the event that `output` is for the peer when it arrives,
  /// or `nil` for an output that is not a segment.
  static func segment(_ output: TCPConnection.Output) -> TCPConnection.Event? {
    // TODO: switch output { case .sendSyn: .receiveSyn ... }
    nil
  }

  /// Exercise 9.3: delivers the segments among `fromA` (what `a` has just
  /// emitted) to `b` and those among `fromB` to `a`, then the segments those
  /// deliveries produce, and so on, until none is in flight.
  static func exchange(
    _ a: inout some TCPConnectionMachine, _ b: inout some TCPConnectionMachine,
    fromA: [TCPConnection.Output], fromB: [TCPConnection.Output]
  ) {
    // TODO: keep the events in flight to each side, and deliver them in turn.
  }
}
