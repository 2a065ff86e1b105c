/// What a run emitted: how many outputs, and a fold of their bits.
///
/// The work per output is the same few instructions for every style of a
/// machine, and small next to the dispatch being measured. The digest reads
/// an output's own bytes only: an output that carries a `String` mixes in the
/// string's inline representation, never its characters, so emitting stays
/// free of hashing, formatting and heap access. The digest exists so that the
/// optimizer cannot drop any output; its value means nothing.
public struct Digest {
  /// The outputs emitted so far.
  public var count = 0

  /// An empty digest.
  public init() {}

  /// A fold of the bits of every output emitted so far.
  public private(set) var bits: UInt64 = 0

  /// Counts `output` and mixes its bytes into the digest.
  @inlinable
  public mutating func add<Output>(_ output: Output) {
    count &+= 1
    withUnsafeBytes(of: output) { bytes in
      var offset = 0
      while offset + 8 <= bytes.count {
        mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      while offset < bytes.count {
        mix(UInt64(bytes[offset]))
        offset += 1
      }
    }
  }

  /// Rotates the fold and XORs in `word`: cheap, and order-sensitive.
  @usableFromInline
  mutating func mix(_ word: UInt64) {
    bits = (bits &<< 5 | bits &>> 59) ^ word
  }
}
