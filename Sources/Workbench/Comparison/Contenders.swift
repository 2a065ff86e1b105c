import StateMachines

/// The contenders of the dispatch-cost suite: the harness loop with no
/// machine, then the implementations, and the roles the report gives some of
/// them.
enum Contenders {
  /// The harness loop with no machine: the least any contender can cost, so
  /// the lower bound of every row.
  static let lowerBound = "no-machine"

  /// The style every other cost is a multiple of: the compiler's own
  /// dispatch, the fastest way to write a machine by hand.
  static let reference = Implementation(.enum).description

  /// The State-pattern variant the workbench recommends, which the report
  /// holds to the pattern's target.
  static let recommended = Implementation.statePatternTypes.description

  /// The State pattern the recommendation falls back to when a run has no
  /// `recommended` (runs made before the variant existed).
  static let recommendedFallback = Implementation(.statePattern).description

  /// The book's state classes, one new object per transition: their mallocs
  /// are the lesson, so they are shown and not held to a target.
  static let textbook = Implementation(.stateClasses).description

  /// The known contenders in the order the report shows them: the lower
  /// bound, then the implementations in the order of `Implementation.all`,
  /// with the variants beside the style they vary.
  static let knownOrder = [lowerBound] + Implementation.all.map(\.description)

  /// The contenders of `present` in the report's order: the known ones
  /// first, then any others sorted.
  static func ordered(_ present: Set<String>) -> [String] {
    knownOrder.filter(present.contains) + present.subtracting(knownOrder).sorted()
  }

  /// The recommended State pattern among `present`: the variant if it was
  /// measured, else the plain pattern.
  static func recommended(among present: Set<String>) -> String {
    present.contains(recommended) ? recommended : recommendedFallback
  }

  /// The column title of `contender`: the lower bound says what it is.
  static func title(of contender: String) -> String {
    contender == lowerBound ? "\(contender) (lower bound)" : contender
  }
}
