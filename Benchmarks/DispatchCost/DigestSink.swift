import StateMachines

/// The sink every benchmark emits into: it counts the outputs and folds the
/// bits of each one into a digest.
///
/// The work per output is the same few instructions for every style of a
/// machine, and small next to the dispatch being measured. The digest reads
/// an output's own bytes only: an output that carries a `String` mixes in the
/// string's inline representation, never its characters, so emitting stays
/// free of hashing, formatting and heap access. The digest exists so that the
/// optimizer cannot drop the outputs; its value is not meaningful.
struct DigestSink<Output>: OutputSink {
  /// The outputs emitted so far.
  private(set) var count = 0

  /// A fold of the bits of every output emitted so far.
  private(set) var digest: UInt64 = 0

  /// Counts `output` and mixes its bytes into the digest.
  @inline(__always)
  mutating func emit(_ output: Output) {
    count &+= 1
    withUnsafeBytes(of: output) { bytes in
      // The size is a constant once specialized, so both loops unroll.
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

  /// Rotates the digest and XORs in `word`: cheap, and order-sensitive.
  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    digest = (digest &<< 5 | digest &>> 59) ^ word
  }
}
