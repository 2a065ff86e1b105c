import ArgumentParser
import Diagrams
import StateMachines

/// What `fsm diagram` was asked for, once its options have been checked:
/// which machines, which picture of them, in which format, and where to.
struct DiagramRequest {
  /// The picture drawn of each machine.
  enum Picture {
    /// The diagram drawn from the machine's description.
    case described

    /// The description with a run of `events` drawn over it; with
    /// `focus`, only the states the run touched and their neighbours.
    case run(events: [String], style: Style, options: MachineOptions, focus: Bool)

    /// What the implementation in a style actually does, found by exploring
    /// it from the outside.
    case observed(Style)
  }

  /// Where the rendered diagrams go.
  enum Destination {
    /// Standard output: one machine, in a text format.
    case standardOutput

    /// One file, for one machine.
    case file(String)

    /// One file per machine in a folder, named `<machine-id>.<format>`.
    case folder(String)
  }

  /// The machines to draw.
  var machines: [any CatalogMachine.Type]

  /// The picture of each.
  var picture: Picture

  /// The words on each diagram; each machine's default when `nil`.
  var labels: LabelStyle?

  /// The format of the output.
  var format: DiagramFormat

  /// Where the output goes.
  var destination: Destination

  /// The way the states are laid out.
  var direction: DiagramDirection = .auto

  /// The size of a PNG.
  var size: RasterSize = .slide

  /// The file `machine`'s diagram is written to, or `nil` for standard output.
  func path(for machine: any CatalogMachine.Type) -> String? {
    switch destination {
    case .standardOutput: nil
    case .file(let path): path
    case .folder(let folder): OutputPath.join(folder, "\(machine.id).\(format)")
    }
  }
}

/// One machine's diagram, rendered.
struct RenderedDiagram {
  /// The machine drawn.
  var machine: any CatalogMachine.Type

  /// The diagram in the requested format.
  var bytes: [UInt8]

  /// What the drawing found, for the person reading: whether an observed
  /// diagram equals the described one.
  var note: String?
}

extension DiagramRequest {
  /// Checks what only a machine can check: that it knows the events of a
  /// run and accepts the configuration.
  func check() throws(ValidationError) {
    guard case .run(let events, let style, let options, _) = picture else { return }
    for machine in machines {
      try machine.checkRun(of: events, style: style, options: options)
    }
  }

  /// Draws and renders every machine's diagram, in memory: nothing is
  /// written until all of them have succeeded.
  ///
  /// - Throws: `RenderingError` when Graphviz fails, or `ValidationError`
  ///   for a run that `check()` would have refused.
  func render() throws -> [RenderedDiagram] {
    try machines.map { machine in
      let (diagram, note) = try machine.draw(picture, labels: labels, direction: direction)
      do throws(GraphvizError) {
        let bytes = try diagram.render(as: format, size: size)
        return RenderedDiagram(machine: machine, bytes: bytes, note: note)
      } catch {
        throw RenderingError(machine: machine.id, format: format, graphviz: error)
      }
    }
  }
}

extension CatalogMachine {
  /// The diagram in `labels`, with `run` on it when given; a usage error
  /// for labels the machine lacks, which the command checks first.
  fileprivate static func drawing(
    labels: LabelStyle, highlighting run: TraceOverlay<State>?, focus: Bool = false,
    direction: DiagramDirection
  ) throws(ValidationError) -> Diagram {
    do throws(Rejection) {
      return try diagram(labels: labels, highlighting: run, focus: focus, direction: direction)
    } catch {
      throw ValidationError(error.message)
    }
  }

  /// Parses the events and builds the machine, as a run would.
  fileprivate static func checkRun(
    of events: [String], style: Style, options: MachineOptions
  ) throws(ValidationError) {
    try options.check(for: Self.self)
    _ = try parseEvents(events)
    _ = try build(style, options.configuration(for: Self.self))
  }

  /// The diagram `picture` asks for, in `labels` (the machine's default
  /// when `nil`), and a note on what it found.
  fileprivate static func draw(
    _ picture: DiagramRequest.Picture, labels: LabelStyle?, direction: DiagramDirection
  ) throws(ValidationError) -> (Diagram, note: String?) {
    switch picture {
    case .described:
      let labels = labels ?? defaultLabelStyle
      return (try drawing(labels: labels, highlighting: nil, direction: direction), nil)
    case .run(let texts, let style, let options, let focus):
      let events = try parseEvents(texts)
      var machine = try build(style, options.configuration(for: Self.self))
      let start = machine.state
      let run = TraceOverlay(start: start, trace: machine.run(events))
      let labels = labels ?? defaultLabelStyle
      return (
        try drawing(labels: labels, highlighting: run, focus: focus, direction: direction), nil
      )
    case .observed(let style):
      return (
        observedDiagram(style: style, direction: direction), observationNote(style: style)
      )
    }
  }

  /// `turnstile in enum: observed = described`, or the differences.
  static func observationNote(style: Style) -> String {
    let difference = observedDifference(style: style)
    let heading = "\(id) in \(style): observed"
    guard !difference.isEmpty else {
      return "\(heading) = described: the code takes exactly the transitions drawn"
    }
    let lines = difference.description.split(separator: "\n").map { "  " + $0 }
    return (["\(heading) ≠ described:"] + lines).joined(separator: "\n")
  }
}

/// Graphviz could not render a diagram.
struct RenderingError: Error, CustomStringConvertible {
  /// The machine whose diagram failed.
  var machine: String

  /// The format asked for.
  var format: DiagramFormat

  /// What Graphviz said.
  var graphviz: GraphvizError

  var description: String {
    "Graphviz could not render the \(machine) diagram as \(format): \(graphviz.message); "
      + "nothing was written"
  }
}
