import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 connection with a `RequestGuard` in front of the
/// parser.
///
/// The pipeline is `HTTP1Channel`'s, in its order, with two handlers
/// added: the guard before SwiftNIO's parser (it must see the raw bytes)
/// and `RequestBoundary` after it (it tells the guard where each request
/// ends). `HTTP1Channel` has no place for a handler before the parser,
/// hence this type; requests are then handled by Hummingbird's own loop.
struct GuardedHTTP1Channel: HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  /// Answers each request.
  let responder: HTTPChannelHandler.Responder

  /// The limits every connection is held to.
  let limits: ServerLimits

  /// The connections each address holds, shared by all connections.
  let clients: ClientConnections

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      // What a client does not read stays where the guard sees it.
      try channel.syncOptions?.setOption(
        .socketOption(.so_sndbuf), value: SocketOptionValue(limits.sendBufferBytes))
      let requestGuard = RequestGuard(limits: limits, clients: clients)
      let pipeline = channel.pipeline.syncOperations
      try pipeline.addHandler(requestGuard)
      // The parser's own bounds, behind the guard's: for heads the guard
      // does not see whole (pipelined requests).
      var parserLimits = NIOHTTPDecoderLimitConfiguration()
      parserLimits.maxHeaderFieldSize = limits.headBytes
      parserLimits.maxHeaderListSize = limits.headBytes
      parserLimits.maxHeaderFieldCount = 256
      try pipeline.configureHTTPServerPipeline(
        withPipeliningAssistance: false, withErrorHandling: false,
        withOutboundHeaderValidation: false, withEncoderConfiguration: .init(),
        withDecoderLimitConfiguration: parserLimits)
      try pipeline.addHandler(RequestBoundary(requestGuard))
      try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      try pipeline.addHandler(
        HTTPConnectionStateHandler(
          idleTimeout: .nanoseconds(limits.idleTimeout.nanoseconds), logger: logger))
      return try NIOAsyncChannel(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: true))
    }
  }

  func handle(value asyncChannel: Value, logger: Logger) async {
    await handleHTTP(asyncChannel: asyncChannel, logger: logger)
  }
}
