#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension TCPConnection: BenchmarkedMachine {
  /// A whole connection, opened and closed: mostly an active open with data
  /// queued before the connection is established, sometimes a passive open
  /// closed by the peer, or a close whose FINs cross. Every payload is short.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      [
        .passiveOpen, .receiveSyn, .receiveAck, .send(data: "200 OK"), .send(data: "bye"),
        .receiveFin, .close, .receiveAck,
      ]
    case 1:
      [
        .activeOpen, .receiveSynAck, .send(data: "ping"), .close, .receiveFin, .receiveAck,
        .timeout,
      ]
    default:
      [
        .activeOpen, .send(data: "GET /"), .send(data: "Host: a"), .receiveSynAck,
        .send(data: "more"), .close, .receiveAck, .receiveFin, .timeout,
      ]
    }
  }
}
