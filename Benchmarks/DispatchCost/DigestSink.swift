import StateMachines

/// The sink every benchmark emits into: it counts the outputs and folds the
/// bits of each one into a digest.
///
/// The work per output is the same few instructions for every style of a
/// machine, and small next to the dispatch being measured. The digest reads
/// an output's own bytes only: an output that carries a `String` mixes in the
/// string's inline representation, never its characters, so emitting stays
/// free of hashing, formatting and heap access. The digest exists so that the
/// optimizer cannot drop any output; its value means nothing.
///
/// Each machine declares its own concrete sink type (`BenchmarkSink`), not a
/// generic `DigestSink<Output>`, and that is deliberate. Unless the
/// machines are compiled with cross-module optimization, their generic
/// `handle(_:into:)` is not specialized for the sink, and calls `emit`
/// through the sink's witness table. For a generic sink that witness is
/// generic code too (callgrind: about 80 instructions an output on the
/// turnstile); for a concrete sink it is compiled for its `Output` (a few).
protocol DigestSink: OutputSink {
  /// An empty sink.
  init()

  /// The count and digest so far.
  var digest: Digest { get set }
}

extension DigestSink {
  /// Counts `output` and mixes its bytes into the digest.
  @inline(__always)
  mutating func emit(_ output: Output) {
    digest.count &+= 1
    withUnsafeBytes(of: output) { bytes in
      // The size is a constant here, so both loops unroll.
      var offset = 0
      while offset + 8 <= bytes.count {
        digest.mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      while offset < bytes.count {
        digest.mix(UInt64(bytes[offset]))
        offset += 1
      }
    }
  }
}

/// What a sink has seen: how many outputs, and a fold of their bits.
struct Digest {
  /// The outputs emitted so far.
  var count = 0

  /// A fold of the bits of every output emitted so far.
  private(set) var bits: UInt64 = 0

  /// Rotates the fold and XORs in `word`: cheap, and order-sensitive.
  @inline(__always)
  mutating func mix(_ word: UInt64) {
    bits = (bits &<< 5 | bits &>> 59) ^ word
  }
}
