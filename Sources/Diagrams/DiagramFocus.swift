/// How much of a diagram is drawn around a run.
public enum DiagramFocus: String, CaseIterable, Hashable, Sendable {
  /// Every state.
  case whole
  /// The states the run visited and those one transition out of them, as
  /// `fsm diagram --focus` draws.
  case run
  /// The states the run's last step went from, through and to (where it
  /// starts, before a step) and those one transition out of them: what a
  /// projector shows when the whole chart cannot be drawn large enough.
  case lastStep = "step"
}
