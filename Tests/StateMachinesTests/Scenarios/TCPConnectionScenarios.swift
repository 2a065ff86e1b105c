import ConformanceSupport
import StateMachines

extension TCPConnection: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<TCPConnection>] = [
    // Opening and closing, as RFC 9293 Figure 5 draws them.
    Scenario(
      "active open and close",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .fires(.close, to: .finWait1, .sendFin),
        .fires(.receiveAck, to: .finWait2),
        .fires(.receiveFin, to: .timeWait, .sendAck),
        .fires(.timeout, to: .closed, .deleteTCB),
      ]),
    Scenario(
      "passive open and close",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .fires(.receiveAck, to: .established),
        .fires(.receiveFin, to: .closeWait, .sendAck),
        .fires(.close, to: .lastAck, .sendFin),
        .fires(.receiveAck, to: .closed),
      ]),
    Scenario(
      "simultaneous open: both sides send a SYN",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSyn, to: .synReceived, .sendAck),
        .fires(.receiveAck, to: .established),
      ]),
    Scenario(
      "simultaneous close: the FINs cross",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .fires(.close, to: .finWait1, .sendFin),
        .fires(.receiveFin, to: .closing, .sendAck),
        .fires(.receiveAck, to: .timeWait),
        .fires(.timeout, to: .closed, .deleteTCB),
      ]),
    Scenario(
      "listening, then closing without a peer",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.close, to: .closed, .deleteTCB),
        .fires(.passiveOpen, to: .listen, .createTCB),
      ]),

    // Data: queued before establishment, transmitted on entering it.
    Scenario(
      "data queued before establishment is transmitted in order on establishment",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.send(data: "hello"), to: .synSent, .queued(data: "hello")),
        .fires(.send(data: "world"), to: .synSent, .queued(data: "world")),
        .fires(.send(data: "again"), to: .synSent, .queued(data: "again")),
        .fires(
          .receiveSynAck, to: .established, .sendAck, .transmit(data: "hello"),
          .transmit(data: "world"), .transmit(data: "again")),
        .fires(.send(data: "more"), to: .established, .transmit(data: "more")),
      ]),
    Scenario(
      "data queued while the handshake completes is transmitted on the ACK",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .fires(.send(data: "hello"), to: .synReceived, .queued(data: "hello")),
        .fires(.send(data: "world"), to: .synReceived, .queued(data: "world")),
        .fires(.receiveAck, to: .established, .transmit(data: "hello"), .transmit(data: "world")),
      ]),
    Scenario(
      "data queued in a simultaneous open is kept through synReceived",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.send(data: "hello"), to: .synSent, .queued(data: "hello")),
        .fires(.receiveSyn, to: .synReceived, .sendAck),
        .fires(.send(data: "world"), to: .synReceived, .queued(data: "world")),
        .fires(.receiveAck, to: .established, .transmit(data: "hello"), .transmit(data: "world")),
      ]),
    Scenario(
      "a passive open turned active by a send",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.send(data: "hello"), to: .synSent, .sendSyn, .queued(data: "hello")),
        .fires(.send(data: "world"), to: .synSent, .queued(data: "world")),
        .fires(
          .receiveSynAck, to: .established, .sendAck, .transmit(data: "hello"),
          .transmit(data: "world")),
      ]),
    Scenario(
      "a close before establishment drops the queue",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.send(data: "hello"), to: .synSent, .queued(data: "hello")),
        .fires(.close, to: .closed, .deleteTCB),
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
      ]),
    Scenario(
      "a close during the handshake drops the queue and sends a FIN",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .fires(.send(data: "hello"), to: .synReceived, .queued(data: "hello")),
        .fires(.close, to: .finWait1, .sendFin),
        .fires(.receiveAck, to: .finWait2),
        .fires(.receiveFin, to: .timeWait, .sendAck),
        .fires(.timeout, to: .closed, .deleteTCB),
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .fires(.receiveAck, to: .established),
      ]),
    Scenario(
      "the queue starts empty on every connection",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.send(data: "hello"), to: .synSent, .queued(data: "hello")),
        .fires(.receiveSynAck, to: .established, .sendAck, .transmit(data: "hello")),
        .fires(.close, to: .finWait1, .sendFin),
        .fires(.receiveFin, to: .closing, .sendAck),
        .fires(.receiveAck, to: .timeWait),
        .fires(.timeout, to: .closed, .deleteTCB),
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.send(data: "world"), to: .synSent, .queued(data: "world")),
        .fires(.receiveSynAck, to: .established, .sendAck, .transmit(data: "world")),
      ]),
    Scenario(
      "send is transmitted at once while established and after the peer closed",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .fires(.receiveAck, to: .established),
        .fires(.send(data: "hello"), to: .established, .transmit(data: "hello")),
        .fires(.receiveFin, to: .closeWait, .sendAck),
        .fires(.send(data: "bye"), to: .closeWait, .transmit(data: "bye")),
        .fires(.close, to: .lastAck, .sendFin),
        .fires(.receiveAck, to: .closed),
      ]),

    // User calls that do not fit the state (RFC 9293 section 3.10).
    Scenario(
      "connection does not exist: send and close while closed",
      [
        .rejects(.send(data: "hello")),
        .rejects(.close),
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.close, to: .closed, .deleteTCB),
        .rejects(.close),
        .rejects(.send(data: "hello")),
      ]),
    Scenario(
      "connection already exists: opens while opening or open",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.receiveAck, to: .established),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.receiveFin, to: .closeWait, .sendAck),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.close, to: .lastAck, .sendFin),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
      ]),
    Scenario(
      "connection already exists: opens while closing",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .fires(.close, to: .finWait1, .sendFin),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.receiveFin, to: .closing, .sendAck),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.receiveAck, to: .timeWait),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .fires(.timeout, to: .closed, .deleteTCB),
        .fires(.passiveOpen, to: .listen, .createTCB),
      ]),
    Scenario(
      "connection already exists, and connection closing, in finWait2",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .fires(.close, to: .finWait1, .sendFin),
        .fires(.receiveAck, to: .finWait2),
        .rejects(.passiveOpen),
        .rejects(.activeOpen),
        .rejects(.send(data: "hello")),
        .rejects(.close),
        .fires(.receiveFin, to: .timeWait, .sendAck),
      ]),
    Scenario(
      "connection closing: send and close after the user closed",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .fires(.close, to: .finWait1, .sendFin),
        .rejects(.send(data: "hello")),
        .rejects(.close),
        .fires(.receiveFin, to: .closing, .sendAck),
        .rejects(.send(data: "hello")),
        .rejects(.close),
        .fires(.receiveAck, to: .timeWait),
        .rejects(.send(data: "hello")),
        .rejects(.close),
        .fires(.timeout, to: .closed, .deleteTCB),
      ]),
    Scenario(
      "connection closing: send and close while waiting for the last ACK",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
        .fires(.receiveAck, to: .established),
        .fires(.receiveFin, to: .closeWait, .sendAck),
        .fires(.close, to: .lastAck, .sendFin),
        .rejects(.send(data: "hello")),
        .rejects(.close),
        .fires(.receiveAck, to: .closed),
      ]),

    // Segments and timeouts a state does not expect.
    Scenario(
      "closed ignores segments and the timer",
      [
        .ignores(.receiveSyn),
        .ignores(.receiveSynAck),
        .ignores(.receiveAck),
        .ignores(.receiveFin),
        .ignores(.timeout),
      ]),
    Scenario(
      "listen ignores everything but a SYN",
      [
        .fires(.passiveOpen, to: .listen, .createTCB),
        .ignores(.receiveSynAck),
        .ignores(.receiveAck),
        .ignores(.receiveFin),
        .ignores(.timeout),
        .fires(.receiveSyn, to: .synReceived, .sendSynAck),
      ]),
    Scenario(
      "the handshake states ignore segments out of place",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .ignores(.receiveAck),
        .ignores(.receiveFin),
        .ignores(.timeout),
        .fires(.receiveSyn, to: .synReceived, .sendAck),
        .ignores(.receiveSyn),
        .ignores(.receiveSynAck),
        .ignores(.receiveFin),
        .ignores(.timeout),
      ]),
    Scenario(
      "established ignores everything but a FIN",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .ignores(.receiveSyn),
        .ignores(.receiveSynAck),
        .ignores(.receiveAck),
        .ignores(.timeout),
      ]),
    Scenario(
      "the closing states ignore stray segments",
      [
        .fires(.activeOpen, to: .synSent, .createTCB, .sendSyn),
        .fires(.receiveSynAck, to: .established, .sendAck),
        .fires(.close, to: .finWait1, .sendFin),
        .ignores(.receiveSyn),
        .ignores(.timeout),
        .fires(.receiveAck, to: .finWait2),
        .ignores(.receiveAck),
        .ignores(.timeout),
        .fires(.receiveFin, to: .timeWait, .sendAck),
        .ignores(.receiveSyn),
        .ignores(.receiveSynAck),
        .ignores(.receiveAck),
        .ignores(.receiveFin),
        .fires(.timeout, to: .closed, .deleteTCB),
      ]),
  ]
}
