import StateMachines

/// A state diagram as DOT text, ready to be saved or rendered.
///
/// Build one from a machine description (`Diagram(Turnstile.description,
/// name: "turnstile")`), or with the `Machine` shortcuts `diagram()`,
/// `diagram(highlighting:)`, `diagram(labels:highlighting:)` and
/// `observedDiagram(style:)`.
public struct Diagram: Hashable, Sendable {
  /// The machine's id, used as the graph's name and a file's base name.
  public var name: String

  /// The diagram in Graphviz's DOT language.
  public var dot: String

  /// The way the states are laid out: left to right or top to bottom.
  public var direction: DiagramDirection

  /// Draws `description` as a UML state diagram, with `overlay`'s run on it
  /// when given.
  ///
  /// - Parameters:
  ///   - name: The graph's name, usually the machine's id.
  ///   - title: The caption above the diagram; `name` by default.
  ///   - labels: A figure's own words, to print instead of the ids.
  ///   - focus: With `overlay`, draw only the states the run visited and
  ///     the states one transition out of them.
  ///   - direction: The way the states are laid out; by default whichever
  ///     fits a 16:9 slide with the larger text (`auto`), which asks
  ///     Graphviz to lay the diagram out both ways.
  public init<State: StateID>(
    _ description: MachineDescription<State>, name: String, title: String? = nil,
    overlay: TraceOverlay<State>? = nil, focus: Bool = false,
    labels: FigureLabels<State>? = nil, direction: DiagramDirection = .auto
  ) {
    // The run is counted against the description, whose event ids it
    // shares; the figure's words only change what is printed.
    self.init(
      description, name: name, title: title, tally: overlay.map { Tally($0, in: description) },
      focus: focus ? .run : .whole, labels: labels, direction: direction, labelsObserved: false)
  }

  /// Draws `description`, with a run on it when `tally` counts one; with
  /// `labelsObserved`, its labels are set in italics and a caption says
  /// they are what a probe saw.
  init<State: StateID>(
    _ description: MachineDescription<State>, name: String, title: String?,
    tally: Tally<State>? = nil, focus: DiagramFocus = .whole,
    labels: FigureLabels<State>? = nil, direction: DiagramDirection, labelsObserved: Bool
  ) {
    self.name = name
    let shown: Set<State>? =
      switch focus {
      case .whole: nil
      case .run: tally?.neighbourhood(in: description)
      case .lastStep: tally.map { $0.neighbourhood(of: $0.lastStep, in: description) }
      }
    let worded = labels?.applied(to: description) ?? description
    let draw = { (direction: DiagramDirection) in
      DOTWriter(
        description: worded, name: name, title: title ?? name, direction: direction,
        tally: tally, shown: shown, focus: focus, labelsObserved: labelsObserved
      ).write()
    }
    guard direction == .auto else {
      self.direction = direction
      dot = draw(direction)
      return
    }
    // The larger text wins; on a tie, or if Graphviz cannot say, left to
    // right, the way most state diagrams in print run.
    let candidates = [DiagramDirection.leftToRight, .topToBottom].map { direction in
      let dot = draw(direction)
      let size = try? Graphviz.size(of: dot)
      return (direction, dot, size.map(Slide.scale(fitting:)) ?? 0)
    }
    let best = candidates.max { $0.2 < $1.2 } ?? candidates[0]
    self.direction = best.0
    dot = best.1
  }

  /// The diagram in `format`: the DOT text's bytes, or an image rendered by
  /// Graphviz; a PNG as large as `size` says, by default as large as fits a
  /// 1920 by 1080 slide.
  ///
  /// - Throws: `GraphvizError` with Graphviz's message if rendering fails.
  public func render(
    as format: DiagramFormat, size: RasterSize = .slide
  ) throws(GraphvizError) -> [UInt8] {
    guard format == .png else { return try Graphviz.render(dot, as: format) }
    let dpi: Double
    switch size {
    case .dpi(let value): dpi = Double(value)
    case .width(let pixels): dpi = Double(pixels) * 72 / (try Graphviz.size(of: dot)).width
    // A point is 1/72 inch: `scale` pixels a point is 72 times that an inch.
    case .slide: dpi = 72 * Slide.scale(fitting: try Graphviz.size(of: dot))
    }
    return try Graphviz.render(withResolution(dpi), as: format)
  }

  /// The DOT text with a resolution for raster output, as Graphviz's `dpi`.
  private func withResolution(_ dpi: Double) -> String {
    guard let firstLine = dot.firstIndex(of: "\n") else { return dot }
    let value = (dpi * 100).rounded() / 100
    return dot[...firstLine] + "  graph [dpi=\(value)];\n" + dot[dot.index(after: firstLine)...]
  }
}

/// How large a raster image (PNG) of a diagram is.
public enum RasterSize: Hashable, Sendable {
  /// As large as fits a 1920 by 1080 slide (`Slide`), for a projector.
  case slide
  /// This many pixels wide, the height in proportion.
  case width(Int)
  /// This many pixels an inch, where a point is 1/72 inch.
  case dpi(Int)

  /// The widths `--width` accepts, in pixels.
  public static let widths = 100...8000

  /// The resolutions `--dpi` accepts, in pixels an inch.
  public static let resolutions = 24...600
}

extension Machine {
  /// The machine's UML state diagram, drawn from its description, in its
  /// default labels (`defaultLabelStyle`).
  public static func diagram(direction: DiagramDirection = .auto) -> Diagram {
    diagram(nil, labels: defaultFigureLabels, direction: direction)
  }

  /// The machine's diagram with `run` drawn on it: visited states, taken
  /// transitions with the steps that took them, the state it ended in, and
  /// a legend listing the events that changed nothing; with `focus`, only
  /// the states the run visited and those one transition out of them.
  ///
  /// A machine with regions is in a leaf of each region at once
  /// (`running+unarmed`): the run is read region by region, and the leaf
  /// it ended in is marked in each.
  ///
  /// - Parameter title: The caption; by default the machine's id and how
  ///   many events the run has.
  public static func diagram(
    highlighting run: TraceOverlay<State>, focus: Bool = false, title: String? = nil,
    direction: DiagramDirection = .auto
  ) -> Diagram {
    diagram(
      run, focus: focus ? .run : .whole, title: title, labels: defaultFigureLabels,
      direction: direction)
  }

  /// The machine's diagram with `run` drawn on it, drawn whole or only
  /// around the run or its last step as `focus` says (the rest named in
  /// the caption).
  public static func diagram(
    highlighting run: TraceOverlay<State>, focusing focus: DiagramFocus, title: String? = nil,
    direction: DiagramDirection = .auto
  ) -> Diagram {
    diagram(run, focus: focus, title: title, labels: defaultFigureLabels, direction: direction)
  }

  /// The diagram, with `run` on it when given, in a figure's `labels` or
  /// in the ids, under `title` or a caption that says what it shows.
  static func diagram(
    _ run: TraceOverlay<State>?, focus: DiagramFocus = .whole, title: String? = nil,
    labels: FigureLabels<DescribedState>?, direction: DiagramDirection
  ) -> Diagram {
    guard let run else {
      let title = title ?? labels.map { "\(id) (\($0.figure))" } ?? id
      return Diagram(description, name: id, title: title, labels: labels, direction: direction)
    }
    let steps = run.steps.count == 1 ? "1 event" : "\(run.steps.count) events"
    return Diagram(
      description, name: id, title: title ?? "\(id): a run of \(steps)",
      tally: Tally.reading(run, leaves: leaves(of:), in: description), focus: focus,
      labels: labels, direction: direction, labelsObserved: false)
  }
}
