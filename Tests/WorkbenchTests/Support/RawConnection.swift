import Foundation
import Testing

/// A TCP connection to a server on loopback, written and read byte for
/// byte: what a hostile client sends, which URLSession would not.
final class RawConnection {
  /// The socket.
  private let descriptor: Int32

  /// Connects to `port` on 127.0.0.1, from the loopback address `source`
  /// (127.0.0.2 is another client as far as the server can tell), with a
  /// receive buffer of `receiveBuffer` bytes if given (a client that
  /// never reads fills a small one soon), giving up a read after
  /// `readTimeout` seconds.
  init(
    port: UInt16, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil,
    readTimeout: Int = 10
  ) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &local) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, connected == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
    // A read never waits longer than this: a test that hangs fails instead.
    var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(descriptor) }

  /// Writes `bytes`, all of them unless the server closed the connection;
  /// `false` then.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Writes `text` as UTF-8.
  @discardableResult
  func write(_ text: String) -> Bool { write(Array(text.utf8)) }

  /// Reads until the server closes the connection (or 10 s pass): every
  /// answer it sent, as text.
  func readToEnd() -> String {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      received += buffer[0..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Reads until what arrived contains `marker` `count` times, or the
  /// server closes, or the read times out: what arrived, as text.
  func read(until marker: String, count: Int = 1) -> String {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while String(decoding: received, as: UTF8.self).ranges(of: marker).count < count {
      let read = recv(descriptor, &buffer, buffer.count, 0)
      guard read > 0 else { break }
      received += buffer[0..<read]
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Reads one answer whose body has a `Content-Length`, leaving the
  /// connection open.
  func readAnswer() -> String {
    var received: [UInt8] = []
    var byte: UInt8 = 0
    while !received.ends(with: Array("\r\n\r\n".utf8)), recv(descriptor, &byte, 1, 0) == 1 {
      received.append(byte)
    }
    let head = String(decoding: received, as: UTF8.self)
    let length =
      head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    var body = [UInt8](repeating: 0, count: length)
    var read = 0
    while read < length {
      let count = body[read...].withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress, $0.count, 0)
      }
      guard count > 0 else { break }
      read += count
    }
    return head + String(decoding: body[0..<read], as: UTF8.self)
  }

  /// Reads what has arrived, at most `count` bytes, waiting for some:
  /// empty when the server closed the connection (or the read timed out).
  func read(upTo count: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    let read = recv(descriptor, &buffer, count, 0)
    return read > 0 ? Array(buffer[0..<read]) : []
  }

  /// Closes without waiting for an answer.
  func hangUp() { shutdown(descriptor, Int32(SHUT_RDWR)) }
}

extension Array where Element: Equatable {
  /// Whether the array ends with `suffix`.
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}

/// The status code of the first answer in `text`, as in `HTTP/1.1 413 ...`.
func status(of text: String) -> Int? {
  let parts = text.prefix(20).split(separator: " ")
  return parts.count >= 2 ? Int(parts[1]) : nil
}

/// How many answers `text` holds.
func answerCount(in text: String) -> Int {
  text.components(separatedBy: "HTTP/1.1 ").count - 1
}

/// Whether `condition` holds within `seconds`, looked at every 10 ms.
func eventually(within seconds: Double, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return true
}

/// Runs `work`, which blocks on a socket, on a thread of its own.
///
/// The server answers on Swift's concurrency pool, which has a thread per
/// core: a test that blocked one of them reading would keep the server
/// from answering it.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// Sends `request` to the server on `port` on a new connection from
/// `source`, off the cooperative pool, and reads until the server closes it.
func roundTrip(port: UInt16, _ request: String, from source: String) async throws -> String {
  try await offPool {
    let connection = try RawConnection(port: port, from: source)
    connection.write(request)
    return connection.readToEnd()
  }
}
