/// Which chart `fsm compare --format svg` draws.
public enum ComparisonChart: String, CaseIterable, Sendable {
  /// The bars of each contender's time per event, machine by machine
  /// (`SVGChart`).
  case costs
  /// Each cell's measured time against the time the cost model predicts,
  /// one panel per configuration (`CostModelChart`).
  case model
}
