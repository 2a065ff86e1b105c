import NIOCore
import NIOHTTP1

/// The first handler of every connection: it watches the bytes of each
/// request head before SwiftNIO's parser does, and refuses, with the right
/// status and in bounded time, what a hostile client could use to hold
/// the server.
///
/// - A request line over `ServerLimits.requestLineBytes`: 414.
/// - A head over `ServerLimits.headBytes`: 431.
/// - A head not finished within `ServerLimits.headTimeout` of its first
///   byte (a client sending a byte at a time): 408.
/// - A method other than GET, HEAD and POST: 405 (SwiftNIO's parser would
///   answer a method it does not know with a bare 400).
/// - More connections from one address than `ServerLimits.connectionsPerClient`: 503.
///
/// SwiftNIO's parser has limits of its own, but answers every one of them
/// with a bare 400, and cannot tell a long path from a long header; it
/// stays behind this guard as a second line. A refusal closes the
/// connection gently (`closeGently`): the answer is sent, the sending side
/// shut, and what the client still sends is read and dropped for a moment,
/// so that the answer is not lost to a reset; nothing after a refusal is
/// ever parsed as a request.
///
/// The guard knows where a head starts from the parser: `RequestBoundary`,
/// after the parser, calls `awaitHead()` when a request ends. A client
/// that pipelines requests (sends one before the answer to the last) is
/// left to the parser's limits for the heads that arrive in the same read
/// as the end of the request before.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  /// An outbound event that closes the connection gently once what was
  /// written before it is sent: the class view's answer to a body it will
  /// not read (413, 408).
  struct CloseGently {}

  /// Where the connection is.
  private enum State {
    /// Waiting for the first byte of a request head.
    case awaitingHead
    /// In a head: its bytes so far, whether its request line has ended,
    /// and the last three bytes (to see the empty line that ends a head).
    case inHead(bytes: Int, lineEnded: Bool, lastBytes: UInt32)
    /// Past a head: the parser reads the body and says when it ends.
    case pastHead
    /// Refused: the answer sent, the rest of the input dropped.
    case closing
  }

  private var state = State.awaitingHead
  private let limits: ServerLimits
  private let clients: ClientConnections

  /// The address admitted by `clients`, released when the connection ends.
  private var admittedAddress: String?

  /// The first bytes of the head, up to its first space: the method.
  private var method: [UInt8] = []

  /// The methods the class view answers.
  static let methods: [[UInt8]] = ["GET", "HEAD", "POST"].map { Array($0.utf8) }

  /// The 408 to send if the head does not end in time.
  private var headDeadline: Scheduled<Void>?

  /// A guard holding a connection to `limits`, counting it in `clients`.
  init(limits: ServerLimits, clients: ClientConnections) {
    self.limits = limits
    self.clients = clients
  }

  func handlerAdded(context: ChannelHandlerContext) {
    clients.track(context.channel)
    if context.channel.isActive { admit(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    release()
    clients.forget(context.channel)
  }

  func channelActive(context: ChannelHandlerContext) {
    admit(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    release()
    clients.forget(context.channel)
    context.fireChannelInactive()
  }

  /// Counts the connection against its address, or refuses it.
  private func admit(_ context: ChannelHandlerContext) {
    guard admittedAddress == nil, case .awaitingHead = state else { return }
    let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
    if clients.admit(address) {
      admittedAddress = address
    } else {
      refuse(
        503, "Service Unavailable",
        "your address holds \(clients.limit) connections to this server already; "
          + "close some (or another browser) and try again", context: context)
    }
  }

  private func release() {
    if let address = admittedAddress { clients.release(address) }
    admittedAddress = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let buffer = unwrapInboundIn(data)
    switch state {
    case .closing:
      return  // Dropped: nothing after a refusal is parsed.
    case .pastHead:
      context.fireChannelRead(data)
    case .awaitingHead, .inHead:
      if scan(buffer, context: context) { context.fireChannelRead(data) }
    }
  }

  func triggerUserOutboundEvent(
    context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?
  ) {
    guard event is CloseGently else {
      context.triggerUserOutboundEvent(event, promise: promise)
      return
    }
    closeGently(context: context)
    promise?.succeed()
  }

  /// Called by `RequestBoundary` when the parser has read a whole request:
  /// the next byte starts a head.
  func awaitHead() {
    if case .pastHead = state { state = .awaitingHead }
  }

  /// Follows a head through `buffer`; `false` when the head broke a limit
  /// and the connection was refused.
  private func scan(_ buffer: ByteBuffer, context: ChannelHandlerContext) -> Bool {
    var state = self.state
    var refusal: (Int, String, String)?
    buffer.withUnsafeReadableBytes { bytes in
      for byte in bytes {
        switch state {
        case .awaitingHead:
          // Empty lines before a request line are allowed (RFC 9112 2.2).
          if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { continue }
          state = .inHead(bytes: 1, lineEnded: false, lastBytes: UInt32(byte))
          method = [byte]
        case .inHead(let count, let lineEnded, let lastBytes):
          if count == method.count {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
              guard Self.methods.contains(method) else {
                refusal = (
                  405, "Method Not Allowed",
                  "the class view answers GET and HEAD (pages, and the API's reads) and POST "
                    + "(the API's changes), not \(String(decoding: method, as: UTF8.self).printable)"
                )
                return
              }
            } else if method.count < 16 {
              method.append(byte)
            }
          }
          let last = (lastBytes << 8 | UInt32(byte)) & 0xFF_FFFF
          let ended = lineEnded || byte == UInt8(ascii: "\n")
          if !ended && count + 1 > limits.requestLineBytes {
            refusal = (
              414, "URI Too Long",
              "the request line is over \(limits.requestLineBytes / 1024) KB; "
                + "the class view's paths are short, as in /machines/turnstile"
            )
            return
          }
          if count + 1 > limits.headBytes {
            refusal = (
              431, "Request Header Fields Too Large",
              "the request's headers are over \(limits.headBytes / 1024) KB together; "
                + "a browser sends under 2 KB"
            )
            return
          }
          // The empty line that ends a head: CRLF CRLF, or LF LF.
          if last & 0xFFFF == 0x0A0A || last == 0x0A_0D0A {
            state = .pastHead
            return
          }
          state = .inHead(bytes: count + 1, lineEnded: ended, lastBytes: last)
        case .pastHead, .closing:
          return
        }
      }
    }
    if let (status, phrase, message) = refusal {
      refuse(status, phrase, message, context: context)
      return false
    }
    switch (self.state, state) {
    case (.awaitingHead, .inHead): startHeadDeadline(context: context)
    case (.inHead, .pastHead), (.awaitingHead, .pastHead):
      headDeadline?.cancel()
      headDeadline = nil
    default: break
    }
    self.state = state
    return true
  }

  /// Refuses the head with a 408 unless it ends within `limits.headTimeout`.
  private func startHeadDeadline(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    let seconds = limits.headTimeout.nanoseconds / 1_000_000_000
    headDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: limits.headTimeout) {
      [weak self] in
      guard let self, case .inHead = self.state else { return }
      self.refuse(
        408, "Request Timeout",
        "the request's head took over \(seconds) s to arrive; the connection is closed",
        context: context)
    }
  }

  /// Answers `status` with `message` as plain text and closes gently.
  private func refuse(
    _ status: Int, _ phrase: String, _ message: String, context: ChannelHandlerContext
  ) {
    guard !isClosing else { return }
    let body = message + "\n"
    let head =
      "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + (status == 405 ? "Allow: GET, HEAD, POST\r\n" : "")
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
    let answer = context.channel.allocator.buffer(string: head + body)
    context.write(wrapOutboundOut(.byteBuffer(answer)), promise: nil)
    closeGently(context: context)
  }

  private var isClosing: Bool {
    if case .closing = state { return true }
    return false
  }

  /// Sends what was written, shuts the sending side, drops what still
  /// arrives, and closes for good after `limits.lingerTimeout`.
  private func closeGently(context: ChannelHandlerContext) {
    guard !isClosing else { return }
    state = .closing
    headDeadline?.cancel()
    headDeadline = nil
    let loop = context.eventLoop.assumeIsolated()
    let empty = context.channel.allocator.buffer(capacity: 0)
    // Shut the sending side only once everything written before is sent.
    context.writeAndFlush(wrapOutboundOut(.byteBuffer(empty))).assumeIsolated().whenComplete {
      _ in context.close(mode: .output, promise: nil)
    }
    loop.scheduleTask(in: limits.lingerTimeout) {
      context.close(promise: nil)
    }
  }
}

/// Tells the `RequestGuard` when the parser has read a whole request, so
/// that it watches the next head. Sits right after SwiftNIO's parser.
final class RequestBoundary: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let requestGuard: RequestGuard

  init(_ requestGuard: RequestGuard) {
    self.requestGuard = requestGuard
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .end = unwrapInboundIn(data) { requestGuard.awaitHead() }
    context.fireChannelRead(data)
  }
}
