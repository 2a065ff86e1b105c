#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension RecordCommit: BenchmarkedMachine {
  /// A record loaded from the database: the usual life of a persistent
  /// object, and one that can always return to `oldClean`, where its
  /// streams start and end (a new record can never become new again).
  public static var benchmarkConfiguration: Configuration { Configuration(loaded: true) }

  /// Mostly an edit or two, then a commit; now and then an edit rolled
  /// back, or a deletion thought better of.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.delete, .rollback]
    case 1, 2: [.edit, .rollback]
    case 3, 4: [.edit, .edit, .commit]
    default: [.edit, .commit]
    }
  }
}
