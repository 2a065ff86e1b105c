/// A small, fast random number generator that repeats itself for a seed
/// (SplitMix64), so seeded runs agree across styles, tests and benchmarks.
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
  private var state: UInt64

  /// Creates a generator that produces the same numbers for the same seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    // The constants are SplitMix64's (Steele, Lea and Flood, 2014).
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
