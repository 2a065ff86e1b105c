#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor a piece at a time, as the bytes arrive, so that
/// input can be checked while it is read, and so that a pipe, a FIFO or a
/// device that never ends is read like a file.
///
/// Foundation's `FileManager.contents(atPath:)` reads a whole file before
/// returning, and refuses a pipe (`--events-from <(grep coin log)`).
enum ChunkedInput {
  /// The most bytes one read returns.
  static let chunkSize = 1 << 16

  /// The next bytes of `descriptor`, at most `chunkSize`; `nil` at the end.
  static func next(from descriptor: Int32) throws(ReadFailure) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count > 0 { return Array(chunk[..<count]) }
      if count == 0 { return nil }
      if errno == EINTR { continue }
      throw ReadFailure(errno: errno)
    }
  }
}

/// Input that could not be read, and why.
public struct ReadFailure: Error, CustomStringConvertible {
  /// Why, in words that can follow a colon: `it is a folder`.
  public var reason: String

  /// A failure with the reason given.
  public init(reason: String) {
    self.reason = reason
  }

  /// The failure of a read that set `errno`; a folder (`< /`) is named as one.
  init(errno code: Int32) {
    reason = code == EISDIR ? "it is a folder" : String(cString: strerror(code))
  }

  /// The reason, as messages quote it.
  public var description: String { reason }
}
