import Foundation
import NIOCore
import Synchronization

/// One `ByteBuffer` for each large answer the class view serves again and
/// again, such as the README's 438 KB picture, so that the clients it goes
/// to share its bytes.
///
/// A client that never reads its answer keeps it in the server's pending
/// writes until the write timeout. A thousand such clients asking for one
/// picture held a copy each: half a gigabyte, and long enough in
/// allocation and copying to hold another student's click past a second
/// (`scripts/abuse-test`'s never-reading attack). A `ByteBuffer` is shared
/// by every write of it until one changes it, which none does. So a body
/// equal to the one served last for its path is served from that path's
/// buffer.
///
/// Hand-written: Hummingbird's file middleware streams a file from disk,
/// but the class view answers with bytes it has read and checked itself
/// (`CheckoutFiles`), and with pages it makes.
final class SharedBodies: Sendable {
  /// The smallest body worth sharing: smaller ones cost less to copy than
  /// to compare.
  static let smallest = 64 * 1024

  /// The most paths kept: far more than the large files the class view
  /// serves, and a bound on what a client asking for many can make it keep.
  static let paths = 64

  /// The buffer served last for each path.
  private let buffers = Mutex<[String: ByteBuffer]>([:])

  /// `bytes` as a buffer: the one served last for `path` when it holds the
  /// same bytes, else a new one, kept for the next request of `path`.
  func buffer(for path: String, bytes: [UInt8]) -> ByteBuffer {
    guard bytes.count >= Self.smallest else { return ByteBuffer(bytes: bytes) }
    // Compared outside the lock, with `memcmp`: a debug build's generic
    // comparison of half a megabyte, one byte at a time, held in the lock,
    // would make every client wait for each.
    if let kept = buffers.withLock({ $0[path] }), Self.holds(kept, bytes) { return kept }
    let buffer = ByteBuffer(bytes: bytes)
    buffers.withLock { kept in
      if kept.count >= Self.paths { kept.removeAll() }
      kept[path] = buffer
    }
    return buffer
  }

  /// Whether `buffer` holds exactly `bytes`.
  private static func holds(_ buffer: ByteBuffer, _ bytes: [UInt8]) -> Bool {
    buffer.readableBytes == bytes.count
      && buffer.withUnsafeReadableBytes { kept in
        bytes.withUnsafeBytes { given in
          guard let kept = kept.baseAddress, let given = given.baseAddress else { return false }
          return memcmp(kept, given, bytes.count) == 0
        }
      }
  }
}
