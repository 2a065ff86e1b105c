import NIOCore
import NIOHTTP1

/// The first handler of every connection: it watches the bytes of each
/// request head (and of a chunked body's framing) before SwiftNIO's parser
/// does, and what the connection's client takes of its answers, and
/// refuses, with the right status and in bounded time, what a hostile
/// client could use to hold the server.
///
/// - A request line over `ServerLimits.requestLineBytes`: 414.
/// - A head over `ServerLimits.headBytes`, the empty lines before its
///   request line included: 431.
/// - A head not finished within `ServerLimits.headTimeout` of its first
///   byte (a CR or LF before the request line included; a client sending
///   a byte at a time): 408.
/// - A method other than GET, HEAD and POST, however long: 405 (SwiftNIO's
///   parser would answer one it does not know, or one over 16 bytes, with
///   a bare 400).
/// - A line of a chunked body's framing (a chunk's size with its
///   extensions, or the trailers) over `ServerLimits.chunkLineBytes`: 400
///   (SwiftNIO's parser reads extensions without end).
/// - More connections from one address than `ServerLimits.connectionsPerClient`: 503.
/// - Answers that the client takes no byte of for `ServerLimits.writeTimeout`
///   (it does not read): the connection is closed, with nothing to say.
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
    /// In a head, from its first byte (a CR or LF before the request line
    /// included).
    case inHead(Head)
    /// Past a head: the parser reads the body and says when it ends; the
    /// framing of a chunked body is followed until its end.
    case pastHead(Chunks?)
    /// Refused: the answer sent, the rest of the input dropped.
    case closing
  }

  /// How far a head has come.
  private struct Head {
    /// Its bytes so far, the empty lines before its request line included.
    var bytes = 0
    /// The request line's bytes so far, without its line end: 0 while in
    /// the empty lines before it.
    var lineBytes = 0
    /// Whether the request line has ended.
    var lineEnded = false
    /// The last three bytes since the request line began, to see the
    /// empty line that ends a head.
    var lastBytes: UInt32 = 0
    /// How much of `transfer-encoding:` the current header line begins
    /// with; -1 once it cannot.
    var nameMatched = 0
    /// Whether the head has a `Transfer-Encoding`: its body is chunked (or
    /// the parser refuses it).
    var chunked = false
    /// Whether the head has ended.
    var ended = false
  }

  /// Where a chunked body's framing is, so that no line of it (a chunk's
  /// size and extensions, the trailers) grows past `limits.chunkLineBytes`.
  private struct Chunks {
    enum Part { case sizeLine, data, dataEnd, trailers, ended }
    var part = Part.sizeLine
    /// The current line's bytes (in `.trailers`, all the trailers').
    var lineBytes = 0
    /// The chunk's size, from the hex digits its line begins with.
    var size: UInt64 = 0
    /// Whether the size line is still in its hex digits.
    var inDigits = true
    /// In `.data`, the chunk's bytes still to come.
    var remaining: UInt64 = 0
    /// In `.trailers`, whether the current line is empty so far: the empty
    /// line ends the body.
    var emptyLine = true
  }

  /// A refusal: status, reason phrase, message.
  private typealias Refusal = (status: Int, phrase: String, message: String)

  private var state = State.awaitingHead
  private let limits: ServerLimits
  private let clients: ClientConnections

  /// This connection in `clients`, forgotten when it ends.
  private var connection: ClientConnections.Connection?

  /// The first bytes of the head's request line, up to its first space:
  /// the method.
  private var method: [UInt8] = []

  /// The methods the class view answers.
  static let methods: [[UInt8]] = ["GET", "HEAD", "POST"].map { Array($0.utf8) }

  /// The most bytes of a method kept: past them it is none of `methods`.
  static let longestMethod = 16

  /// The header whose presence makes a body chunked, lowercased.
  private static let transferEncoding = Array("transfer-encoding:".utf8)

  /// The 408 to send if the head does not end in time.
  private var headDeadline: Scheduled<Void>?

  /// The bytes given to the socket to send, in all, and how many of them
  /// it had sent at the last look.
  private var queuedBytes = 0
  private var sentBytes = 0

  /// When the socket last sent a byte of what it was given (or was given
  /// something after having sent everything).
  private var lastSent = NIODeadline.now()

  /// The next look at the bytes waiting to be sent, while there are some.
  private var writeWatch: Scheduled<Void>?

  /// A guard holding a connection to `limits`, counting it in `clients`.
  init(limits: ServerLimits, clients: ClientConnections) {
    self.limits = limits
    self.clients = clients
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { admit(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    end()
  }

  func channelActive(context: ChannelHandlerContext) {
    admit(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    end()
    context.fireChannelInactive()
  }

  /// Counts the connection against its address, or refuses it.
  private func admit(_ context: ChannelHandlerContext) {
    guard connection == nil, case .awaitingHead = state else { return }
    let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
    let connection = clients.open(context.channel, from: address)
    self.connection = connection
    if !connection.admitted {
      refuse(
        (
          503, "Service Unavailable",
          "your address holds \(clients.limit) connections to this server already; "
            + "close some (or another browser) and try again"
        ), context: context)
    }
  }

  /// Cancels the timers and forgets the connection.
  private func end() {
    headDeadline?.cancel()
    writeWatch?.cancel()
    writeWatch = nil
    if let connection { clients.close(connection) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Reading is progress, unless an answer is waiting on the client:
    // a client that sends and never reads is stalled all the same.
    if writeWatch == nil { connection?.progressed() }
    switch state {
    case .closing:
      return  // Dropped: nothing after a refusal is parsed.
    case .pastHead(nil):
      context.fireChannelRead(data)
    case .awaitingHead, .inHead, .pastHead:
      if scan(unwrapInboundIn(data), context: context) { context.fireChannelRead(data) }
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !isClosing else {
      // After a refusal's answer, nothing more is sent.
      promise?.fail(ChannelError.outputClosed)
      return
    }
    if writeWatch == nil {
      // Everything before was sent: the time without progress starts now.
      sentBytes = queuedBytes
      lastSent = .now()
      watchWrites(context: context)
    }
    queuedBytes += unwrapOutboundIn(data).readableBytes
    context.write(data, promise: promise)
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

  /// Follows a head, or a chunked body's framing, through `buffer`;
  /// `false` when it broke a limit and the connection was refused.
  private func scan(_ buffer: ByteBuffer, context: ChannelHandlerContext) -> Bool {
    var state = self.state
    var refusal: Refusal?
    buffer.withUnsafeReadableBytes { bytes in
      var index = 0
      while index < bytes.count, refusal == nil {
        switch state {
        case .awaitingHead:
          state = .inHead(Head())
          method = []
        case .inHead(var head):
          refusal = follow(bytes[index], in: &head)
          index += 1
          state = head.ended ? .pastHead(head.chunked ? Chunks() : nil) : .inHead(head)
        case .pastHead(var chunks?):
          refusal = follow(bytes, from: &index, in: &chunks)
          state = .pastHead(chunks.part == .ended ? nil : chunks)
        case .pastHead(nil), .closing:
          index = bytes.count
        }
      }
    }
    if let refusal {
      refuse(refusal, context: context)
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

  /// Takes one more `byte` of `head`: a refusal if it breaks a limit.
  private func follow(_ byte: UInt8, in head: inout Head) -> Refusal? {
    let lineFeed = UInt8(ascii: "\n")
    head.bytes += 1
    if !head.lineEnded {
      // Empty lines before a request line are allowed (RFC 9112 2.2);
      // they count toward the head's bytes and time.
      if head.lineBytes == 0 && (byte == UInt8(ascii: "\r") || byte == lineFeed) {
        return head.bytes > limits.headBytes ? headTooLarge : nil
      }
      if head.lineBytes == method.count {  // Still in the method.
        if byte == UInt8(ascii: " ") || byte == lineFeed {
          guard Self.methods.contains(method) else { return methodRefused(ellipsis: false) }
        } else if method.count < Self.longestMethod {
          method.append(byte)
        } else {
          // Longer than any method the class view answers (SwiftNIO's
          // parser would answer a bare 400).
          return methodRefused(ellipsis: true)
        }
      }
      if byte == lineFeed {
        head.lineEnded = true
      } else {
        head.lineBytes += 1
        if head.lineBytes > limits.requestLineBytes {
          return (
            414, "URI Too Long",
            "the request line is over \(limits.requestLineBytes / 1024) KB; "
              + "the class view's paths are short, as in /machines/turnstile"
          )
        }
      }
    } else if head.nameMatched >= 0 && head.nameMatched < Self.transferEncoding.count {
      let lowercased = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
      let matched = lowercased == Self.transferEncoding[head.nameMatched]
      head.nameMatched = matched ? head.nameMatched + 1 : -1
      if head.nameMatched == Self.transferEncoding.count { head.chunked = true }
    }
    if byte == lineFeed && head.lineEnded { head.nameMatched = 0 }
    if head.bytes > limits.headBytes { return headTooLarge }
    head.lastBytes = (head.lastBytes << 8 | UInt32(byte)) & 0xFF_FFFF
    // The empty line that ends a head: CRLF CRLF, or LF LF.
    head.ended = head.lastBytes & 0xFFFF == 0x0A0A || head.lastBytes == 0x0A_0D0A
    return nil
  }

  /// The 431 for a head over `limits.headBytes`.
  private var headTooLarge: Refusal {
    (
      431, "Request Header Fields Too Large",
      "the request's headers are over \(limits.headBytes / 1024) KB together; "
        + "a browser sends under 2 KB"
    )
  }

  /// The 405 for `method`, cut short with an ellipsis.
  private func methodRefused(ellipsis: Bool) -> Refusal {
    (
      405, "Method Not Allowed",
      "the class view answers GET and HEAD (pages, and the API's reads) and POST "
        + "(the API's changes), not \(String(decoding: method, as: UTF8.self).printable)"
        + (ellipsis ? "..." : "")
    )
  }

  /// Follows a chunked body's framing through `bytes` from `index`: a
  /// refusal if one of its lines is over `limits.chunkLineBytes`. Stops at
  /// the body's end.
  private func follow(
    _ bytes: UnsafeRawBufferPointer, from index: inout Int, in chunks: inout Chunks
  ) -> Refusal? {
    while index < bytes.count {
      switch chunks.part {
      case .ended:
        return nil
      case .data:
        let taken = min(UInt64(bytes.count - index), chunks.remaining)
        index += Int(taken)
        chunks.remaining -= taken
        if chunks.remaining == 0 { chunks.part = .dataEnd }
        continue
      case .sizeLine, .dataEnd, .trailers:
        break
      }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        switch chunks.part {
        case .sizeLine:
          chunks.part = chunks.size == 0 ? .trailers : .data
          chunks.remaining = chunks.size
          chunks.lineBytes = 0
        case .dataEnd:
          chunks = Chunks()
        case .trailers:
          if chunks.emptyLine { chunks.part = .ended }
          chunks.emptyLine = true
        case .data, .ended:
          break
        }
        continue
      }
      chunks.lineBytes += 1
      if chunks.lineBytes > limits.chunkLineBytes {
        return (
          400, "Bad Request",
          "a line of the chunked body's framing (a chunk's size and its extensions, or the "
            + "trailers) is over \(limits.chunkLineBytes / 1024) KB; a chunk's size takes a few bytes"
        )
      }
      if chunks.part == .sizeLine && chunks.inDigits {
        if let digit = Self.hexValue(byte) {
          // Saturated: a size past any body is refused by the parser.
          chunks.size = chunks.size > UInt64.max >> 4 ? UInt64.max : chunks.size << 4 | digit
        } else {
          chunks.inDigits = false
        }
      } else if chunks.part == .trailers && byte != UInt8(ascii: "\r") {
        chunks.emptyLine = false
      }
    }
    return nil
  }

  /// The value of a hex digit, or nil.
  private static func hexValue(_ byte: UInt8) -> UInt64? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Refuses the head with a 408 unless it ends within `limits.headTimeout`.
  private func startHeadDeadline(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    let seconds = limits.headTimeout.nanoseconds / 1_000_000_000
    headDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: limits.headTimeout) {
      [weak self] in
      guard let self, case .inHead = self.state else { return }
      self.refuse(
        (
          408, "Request Timeout",
          "the request's head took over \(seconds) s to arrive; the connection is closed"
        ),
        context: context)
    }
  }

  /// Looks again, in a fifth of `limits.writeTimeout`, at the bytes
  /// waiting to be sent.
  private func watchWrites(context: ChannelHandlerContext) {
    let interval = TimeAmount.nanoseconds(max(limits.writeTimeout.nanoseconds / 5, 1_000_000))
    writeWatch = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { [weak self] in
      self?.checkWrites(context: context)
    }
  }

  /// Closes the connection if the socket has sent none of the bytes
  /// waiting for `limits.writeTimeout` (the client does not read: a
  /// large answer, or a follower's stream, it takes nothing of); looks
  /// again later while bytes wait.
  ///
  /// The socket's own count of the bytes it holds (SwiftNIO's
  /// `bufferedWritableBytes`) shows progress within a large write, where
  /// the write's promise would only say when all of it is sent; and the
  /// channel's writability would not change for an answer under its high
  /// watermark.
  private func checkWrites(context: ChannelHandlerContext) {
    writeWatch = nil
    guard !isClosing, context.channel.isActive else { return }
    let waiting = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    let sent = queuedBytes - waiting
    let now = NIODeadline.now()
    if waiting == 0 || sent > sentBytes {
      sentBytes = sent
      lastSent = now
      connection?.progressed()
    } else if now - lastSent >= limits.writeTimeout {
      // Nothing can be said to a client that does not read: closed.
      context.close(promise: nil)
      return
    } else {
      connection?.stalledWriting()
    }
    if waiting > 0 { watchWrites(context: context) }
  }

  /// Answers `refusal` as plain text and closes gently.
  private func refuse(_ refusal: Refusal, context: ChannelHandlerContext) {
    guard !isClosing else { return }
    let (status, phrase, message) = refusal
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
    writeWatch?.cancel()
    writeWatch = nil
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
