// Reference solutions for Lesson 9. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson9 {
  /// Exercise 9.1: open, the client's FIN, data in `closeWait` (only the
  /// client has stopped sending), our FIN, and the ACK of it in `lastAck`.
  static let passiveClose: [TCPConnection.Event] = [
    .passiveOpen, .receiveSyn, .receiveAck, .receiveFin, .send(data: "bye"), .close, .receiveAck,
  ]

  /// Exercise 9.2: the four kinds of segment; the rest stays on this side.
  static func segment(_ output: TCPConnection.Output) -> TCPConnection.Event? {
    switch output {
    case .sendSyn: .receiveSyn
    case .sendSynAck: .receiveSynAck
    case .sendAck: .receiveAck
    case .sendFin: .receiveFin
    case .createTCB, .deleteTCB, .queued, .transmit: nil
    }
  }

  /// Exercise 9.3: two queues of events in flight, one each way, delivered
  /// alternately, oldest first, until both are empty.
  static func exchange(
    _ a: inout some TCPConnectionMachine, _ b: inout some TCPConnectionMachine,
    fromA: [TCPConnection.Output], fromB: [TCPConnection.Output]
  ) {
    var toB = fromA.compactMap(segment)
    var toA = fromB.compactMap(segment)
    while !toA.isEmpty || !toB.isEmpty {
      if !toB.isEmpty {
        _ = try? b.handle(toB.removeFirst()) { output in
          if let event = segment(output) { toA.append(event) }
        }
      }
      if !toA.isEmpty {
        _ = try? a.handle(toA.removeFirst()) { output in
          if let event = segment(output) { toB.append(event) }
        }
      }
    }
  }
}
