import NIOCore
import NIOEmbedded
import PropertyBased
import Testing

@testable import Workbench

/// The `RequestGuard` alone, on an in-memory channel: heads of every size,
/// cut into reads of every size, as the network delivers them.
@Suite("fsm serve: the request guard")
struct RequestGuardTests {
  /// What the guard did with a head.
  enum Verdict: Equatable {
    /// Every byte went on to the parser, unchanged.
    case passed
    /// It answered this status itself.
    case refused(Int)
  }

  /// Sends `head` through a guard in reads of `sizes` (cycled), and says
  /// what the guard did with it.
  static func verdict(of head: [UInt8], readsOf sizes: [Int]) throws -> Verdict {
    let limits = ServerLimits()
    let channel = EmbeddedChannel(
      handler: RequestGuard(limits: limits, clients: ClientConnections(limit: 8)))
    var offset = 0
    var read = 0
    while offset < head.count {
      let size = max(1, sizes[read % sizes.count])
      let end = min(head.count, offset + size)
      try channel.writeInbound(ByteBuffer(bytes: head[offset..<end]))
      offset = end
      read += 1
    }
    var passed: [UInt8] = []
    while let buffer = try channel.readInbound(as: ByteBuffer.self) {
      passed += buffer.readableBytesView
    }
    var answered: [UInt8] = []
    while let data = try channel.readOutbound(as: IOData.self) {
      if case .byteBuffer(let buffer) = data { answered += buffer.readableBytesView }
    }
    _ = try? channel.finish()
    guard answered.isEmpty else {
      let text = String(decoding: answered, as: UTF8.self)
      return .refused(status(of: text) ?? 0)
    }
    #expect(passed == head)
    return .passed
  }

  /// A head with a path of `pathBytes` and one header of `headerBytes`.
  static func head(method: String = "GET", pathBytes: Int, headerBytes: Int) -> [UInt8] {
    Array(
      ("\(method) /" + String(repeating: "p", count: pathBytes) + " HTTP/1.1\r\nHost: x\r\n"
        + "X-Pad: " + String(repeating: "h", count: headerBytes) + "\r\n\r\n").utf8)
  }

  /// The verdict the limits give a head, whatever the reads.
  static func expected(method: String = "GET", pathBytes: Int, headerBytes: Int) -> Verdict {
    let limits = ServerLimits()
    let line = "\(method) /".utf8.count + pathBytes + " HTTP/1.1\r".utf8.count
    let total = head(method: method, pathBytes: pathBytes, headerBytes: headerBytes).count
    if !RequestGuard.methods.contains(Array(method.utf8)) { return .refused(405) }
    if line > limits.requestLineBytes { return .refused(414) }
    if total > limits.headBytes { return .refused(431) }
    return .passed
  }

  @Test("a head within the limits passes whole; one past them is refused with its status")
  func boundaries() throws {
    let limits = ServerLimits()
    let cases: [(Int, Int, Verdict)] = [
      (10, 10, .passed),
      (limits.requestLineBytes - 20, 10, .passed),
      (limits.requestLineBytes, 10, .refused(414)),
      (10, limits.headBytes - 100, .passed),
      (10, limits.headBytes, .refused(431)),
      (1 << 20, 0, .refused(414)),
    ]
    for (path, header, verdict) in cases {
      #expect(
        try Self.verdict(of: Self.head(pathBytes: path, headerBytes: header), readsOf: [65536])
          == verdict, "path \(path), header \(header)")
      #expect(Self.expected(pathBytes: path, headerBytes: header) == verdict)
    }
  }

  @Test(
    "methods other than GET, HEAD and POST are refused with 405",
    arguments: [
      "FOO", "PUT", "GETX", "get", "ABCDEFGHIJKLMNOPQ", String(repeating: "M", count: 300),
    ])
  func methods(method: String) throws {
    let head = Self.head(method: method, pathBytes: 1, headerBytes: 1)
    #expect(try Self.verdict(of: head, readsOf: [3]) == .refused(405))
  }

  @Test("however the network cuts a head into reads, the guard decides the same")
  func anyReads() async {
    let limits = ServerLimits()
    let sizes = Gen.int(in: 1...4096).array(of: 1...8)
    let paths = Gen.int(in: 0...(limits.requestLineBytes + 200))
    let headers = Gen.int(in: 0...(limits.headBytes + 200))
    await propertyCheck(count: 60, input: paths, headers, sizes) { path, header, reads in
      let head = Self.head(pathBytes: path, headerBytes: header)
      #expect(
        (try? Self.verdict(of: head, readsOf: reads))
          == Self.expected(pathBytes: path, headerBytes: header))
    }
  }

  @Test("empty lines before a request line count toward the head's bytes: 431 past them")
  func leadingEmptyLines() throws {
    let lines = Array(String(repeating: "\r\n", count: ServerLimits().headBytes).utf8)
    #expect(try Self.verdict(of: lines, readsOf: [4096]) == .refused(431))
    let fewer = Array(String(repeating: "\r\n", count: 100).utf8)
    #expect(
      try Self.verdict(of: fewer + Self.head(pathBytes: 1, headerBytes: 1), readsOf: [7]) == .passed
    )
  }

  @Test("the head's time starts at its first byte, a CR or LF before the request line too")
  func leadingEmptyLineStartsTheClock() throws {
    let channel = EmbeddedChannel(
      handler: RequestGuard(limits: ServerLimits(), clients: ClientConnections(limit: 8)))
    try channel.writeInbound(ByteBuffer(string: "\r\n"))
    channel.embeddedEventLoop.advanceTime(by: ServerLimits().headTimeout + .seconds(1))
    let answer = try #require(try channel.readOutbound(as: IOData.self))
    guard case .byteBuffer(let buffer) = answer else {
      Issue.record("the answer is not bytes: \(answer)")
      return
    }
    #expect(status(of: String(buffer: buffer)) == 408)
    _ = try? channel.finish()
  }

  /// A chunked request with `body` as its framing and chunks.
  static func chunked(_ body: String) -> [UInt8] {
    Array(
      ("POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\ntransfer-ENCODING: chunked\r\n\r\n"
        + body).utf8)
  }

  @Test(
    "a chunked body passes whole however it is cut; a framing line over 4 KB is refused with 400")
  func chunkedBodies() async throws {
    let line = ServerLimits().chunkLineBytes
    let body =
      "11;name=value\r\n{\"event\": \"coin\"}\r\n" + "2000\r\n"
      + String(repeating: "\n", count: 0x2000) + "\r\n0\r\nX-Trailer: 1\r\n\r\n"
    let reads = Gen.int(in: 1...4096).array(of: 1...8)
    await propertyCheck(count: 30, input: reads) { reads in
      #expect((try? Self.verdict(of: Self.chunked(body), readsOf: reads)) == .passed)
    }
    let extensions = [
      "5;ext=" + String(repeating: "a", count: line) + "\r\nhello\r\n0\r\n\r\n",
      "5\r\nhello\r\n" + String(repeating: "0", count: line + 1) + "\r\n",
      "0\r\nX-Trailer: " + String(repeating: "t", count: line) + "\r\n\r\n",
    ]
    for framing in extensions {
      #expect(try Self.verdict(of: Self.chunked(framing), readsOf: [1000]) == .refused(400))
    }
    // A body that is not chunked is not read as chunks: a long line passes.
    let plain = Array(
      ("POST /x HTTP/1.1\r\nHost: x\r\nX-Transfer-Encoding: chunked\r\nContent-Length: 20000\r\n\r\n"
        + String(repeating: "a", count: 20000)).utf8)
    #expect(try Self.verdict(of: plain, readsOf: [1000]) == .passed)
  }

  @Test("after a request's end, the next head is watched again")
  func nextHead() throws {
    let requestGuard = RequestGuard(limits: ServerLimits(), clients: ClientConnections(limit: 8))
    let channel = EmbeddedChannel(handler: requestGuard)
    try channel.writeInbound(ByteBuffer(bytes: Self.head(pathBytes: 1, headerBytes: 1)))
    // Past the head, bytes are the body's: not watched.
    try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "b"), count: 40_000))
    #expect(try channel.readOutbound(as: IOData.self) == nil)
    requestGuard.awaitHead()  // The parser saw the request end.
    try channel.writeInbound(ByteBuffer(bytes: Self.head(pathBytes: 9000, headerBytes: 1)))
    let answer = try #require(try channel.readOutbound(as: IOData.self))
    guard case .byteBuffer(let buffer) = answer else { return }
    #expect(status(of: String(buffer: buffer)) == 414)
    _ = try? channel.finish()
  }
}

/// The class view's router, given paths and methods no browser sends.
@Suite("fsm serve: any path and method")
struct RouterPropertyTests {
  /// Pieces of paths: the class view's own, escapes (broken ones too),
  /// controls, invisible characters, dots and slashes.
  static let pieces = [
    "/", "api", "machines", "turnstile", "docs", "lessons", "1", "assets", "%00", "%2e%2e", "..",
    "%zz", "%", "%E2%80%AE", "\u{202E}", "\u{200B}", "\n", "?", "#", "é", "%C3%A9", "source",
    "step", "README.md", ".png", "costs",
  ]

  @Test("every request gets a status the class view means, JSON under /api, never a crash")
  func anyRequest() async {
    let view = ClassView()
    let paths = Gen.int(in: 0..<Self.pieces.count).array(of: 0...8).map {
      "/" + $0.map { Self.pieces[$0] }.joined()
    }
    let methods = Gen.int(in: 0...4).map { ["GET", "POST", "HEAD", "PUT", "FOO"][$0] }
    await propertyCheck(count: 300, input: paths, methods) { path, method in
      let response = view.respond(to: ServeRequest(method: method, path: path))
      #expect([200, 400, 404, 405].contains(response.status), "\(method) \(path)")
      if response.status != 200 {
        let api = ServeError.isAPI((try? ClassView.decodedPath(path)) ?? path)
        #expect(response.contentType.hasPrefix(api ? "application/json" : "text/html"), "\(path)")
      }
    }
  }
}
