import StateMachines

/// The words a diagram prints: the public ids, or the labels of the
/// published figure a machine is drawn after.
public enum LabelStyle: String, CaseIterable, Hashable, Sendable {
  /// The public ids, as the code and `fsm run` write them:
  /// `synReceived`, `receiveSyn / sendSynAck`.
  case ids

  /// The labels of the RFC figure the machine is drawn after, for the
  /// machines that have one (`tcp-connection`: RFC 793 Figure 6):
  /// `SYN RCVD`, `rcv SYN / snd SYN,ACK`.
  case rfc
}

extension Machine {
  /// The label styles the machine can be drawn in: the ids, and `rfc`
  /// where it has a figure's labels.
  public static var labelStyles: [LabelStyle] { figureLabels == nil ? [.ids] : [.ids, .rfc] }

  /// The labels of `diagram()`: the figure's own where the machine has
  /// them, since it is drawn after that figure; the ids otherwise.
  public static var defaultLabelStyle: LabelStyle { figureLabels == nil ? .ids : .rfc }

  /// The machine's diagram in the `labels` style, with `run` drawn on it
  /// when given (and, with `focus`, only the part of it the run touched).
  ///
  /// - Throws: `Rejection` when the machine has no such labels (`rfc` for
  ///   a machine that no RFC draws), naming the styles it has.
  public static func diagram(
    labels style: LabelStyle, highlighting run: TraceOverlay<State>? = nil,
    focus: Bool = false, direction: DiagramDirection = .auto
  ) throws(Rejection) -> Diagram {
    guard labelStyles.contains(style) else {
      let styles = labelStyles.map(\.rawValue).joined(separator: ", ")
      throw Rejection("\(id) has no \(style.rawValue) labels; its diagram has \(styles)")
    }
    return diagram(
      run, focus: focus ? .run : .whole, labels: style == .rfc ? figureLabels : nil,
      direction: direction)
  }

  /// The figure labels of `diagram()`, if its default style is `rfc`.
  static var defaultFigureLabels: FigureLabels<DescribedState>? {
    defaultLabelStyle == .rfc ? figureLabels : nil
  }
}
