import ArgumentParser
import Diagrams
import StateMachines

/// `fsm diagram MACHINE`: a machine's UML state diagram, drawn by Graphviz in
/// this process, as described, with a run on it, or as observed in the code.
struct DiagramCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "diagram",
    abstract: "Draw a machine's state diagram: as described, with a run on it, or as observed.",
    discussion: """
      Without --output the diagram goes to standard output (dot and svg only; png and pdf \
      need --output). The format is --format, else the --output file's extension, else dot. \
      Every diagram is rendered in memory before any file is written, and each file is \
      written to a temporary file and renamed into place, so a failure leaves no partial \
      file. Notes (the files written, whether an observed diagram equals the described \
      one) go to standard error.

      Examples:
        fsm diagram turnstile                          DOT on standard output
        fsm diagram turnstile --output turnstile.png   the format from the extension
        fsm diagram --all --format svg --output-dir docs/diagrams
        fsm diagram security-system --events arm breach reset:1234 --output run.svg
        fsm diagram tcp-connection --events passiveOpen receiveSyn --focus --output run.svg
        fsm diagram turnstile --events-from events.txt --output run.svg
        fsm diagram gumball-machine --observed --style enum --output observed.svg
        fsm diagram tcp-connection --labels ids        the ids, not RFC 793's words
      """)

  @Argument(help: "The machine to draw; leave it out with --all.")
  var machine: MachineArgument?

  @Flag(help: "Draw every machine, one file each in --output-dir.")
  var all = false

  @Option(help: "The format; by default the --output file's extension, else dot.")
  var format: DiagramFormat?

  @Option(help: ArgumentHelp("The file to write, instead of standard output.", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("With --all: the existing folder to write into.", valueName: "dir"))
  var outputDir: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Draw a run of these events over the diagram: states visited, transitions taken.",
      valueName: "event"))
  var events: [String] = []

  @Option(
    help: ArgumentHelp(
      "Draw a run of the events in this file, or in standard input for -, as --events does: "
        + "at most \(EventWords.eventLimit) events and 64 MiB.", valueName: "file"))
  var eventsFrom: String?

  @Flag(
    help: """
      Draw the transitions the code takes, explored from outside, not the description: \
      labelled in italics with what the probe saw (the event data that decides a target, \
      as disarm(0000), and the outputs no activity explains).
      """)
  var observed = false

  @Flag(
    help: """
      With --events or --events-from: draw only the states the run visited and those one \
      transition out of them, where it could have gone next; the caption names the rest.
      """)
  var focus = false

  @Option(help: "The style that runs --events or is --observed; state-pattern unless given.")
  var style: Style?

  @Option(
    help: ArgumentHelp(
      "lr (left to right), tb (top to bottom), or auto: whichever fits a 16:9 slide with "
        + "the larger text.", valueName: "direction"))
  var direction = DiagramDirection.auto

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With png: the image's width in pixels, \(RasterSize.widths.lowerBound) to "
        + "\(RasterSize.widths.upperBound), the height in proportion.", valueName: "pixels"),
    transform: { try whole($0, in: RasterSize.widths, option: "--width", unit: "pixels") })
  var width: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With png: pixels per inch, \(RasterSize.resolutions.lowerBound) to "
        + "\(RasterSize.resolutions.upperBound) (a point is 1/72 inch). Without --width or "
        + "--dpi, a png is as large as fits a 1920x1080 slide.",
      valueName: "dpi"),
    transform: { try whole($0, in: RasterSize.resolutions, option: "--dpi", unit: "dots an inch") })
  var dpi: Int?

  @Option(
    help: ArgumentHelp(
      "The words on the diagram: ids (the public ids) or rfc (the RFC figure's own labels, "
        + "for tcp-connection); rfc where the machine has them, ids otherwise.",
      valueName: "labels"))
  var labels: LabelStyle?

  @OptionGroup(title: "Machine options (for --events or --events-from)")
  var options: MachineOptions

  /// Checks every option, the paths and the events, so that a usage error
  /// is reported before anything is drawn.
  func validate() throws {
    try request().check()
  }

  func run(on console: inout Console) throws {
    var request = try request()
    if let eventsFrom, case .run(_, let style, let options, let focus) = request.picture,
      let machine = request.machines.first
    {
      // Each event is checked as it is read, so that a bad one stops the
      // reading at once; a run draws one machine.
      let events = try EventsFile.read(eventsFrom, on: &console) {
        text throws(ValidationError) in
        try machine.checkEvent(text)
        return text
      }
      request.picture = .run(events: events, style: style, options: options, focus: focus)
      try request.check()
    }
    let rendered = try request.render()
    for diagram in rendered {
      if let note = diagram.note { console.printError(note) }
    }
    if case .standardOutput = request.destination {
      for diagram in rendered { console.write(String(decoding: diagram.bytes, as: UTF8.self)) }
      return
    }
    let files = rendered.compactMap { diagram in
      request.path(for: diagram.machine).map { AtomicFiles.File(path: $0, bytes: diagram.bytes) }
    }
    try AtomicFiles.write(files)
    for file in files { console.printError("wrote \(file.path.printable)") }
  }

  /// The options as one checked request; a usage error for any combination
  /// that makes no sense, or a path that could never be written.
  private func request() throws(ValidationError) -> DiagramRequest {
    let machines = try chosenMachines()
    let picture = try chosenPicture()
    // The paths first: a folder given as --output has no extension to read.
    if let outputDir { try OutputPath.checkFolder(outputDir, option: "--output-dir") }
    if let output { try OutputPath.checkFile(output, option: "--output") }
    let format = try chosenFormat()
    let destination: DiagramRequest.Destination
    if let outputDir {
      destination = .folder(outputDir)
    } else if let output {
      destination = .file(output)
    } else {
      guard format.isText else {
        throw ValidationError(
          "\(format) is a binary format: write it to a file with --output FILE, "
            + "or choose --format dot or svg for standard output")
      }
      destination = .standardOutput
    }
    let request = DiagramRequest(
      machines: machines, picture: picture, labels: try chosenLabels(for: machines, picture),
      format: format, destination: destination, direction: direction,
      size: try chosenSize(format: format))
    if case .folder = destination {
      // A folder where a file should go would fail only at the last step,
      // after other files were already in place.
      for machine in machines {
        guard let path = request.path(for: machine), OutputPath.isFolder(path) else { continue }
        throw ValidationError(
          "'\(path.printable)' is a folder, where the \(machine.id) diagram would go")
      }
    }
    return request
  }

  /// One machine, or every machine with `--all`, with the options that go
  /// with each.
  private func chosenMachines() throws(ValidationError) -> [any CatalogMachine.Type] {
    guard all else {
      guard let machine else {
        throw ValidationError(
          "name the machine to draw (\(Machines.ids.joinedAsChoices)), or give --all")
      }
      if outputDir != nil {
        throw ValidationError(
          "--output-dir goes with --all; to write one machine's diagram, use --output FILE")
      }
      return [machine.type]
    }
    if let machine {
      throw ValidationError(
        "--all draws every machine: leave out '\(machine.type.id)', or leave out --all")
    }
    if output != nil {
      throw ValidationError("--all writes a file per machine: use --output-dir DIR, not --output")
    }
    if outputDir == nil {
      throw ValidationError("--all needs --output-dir DIR, the existing folder to write into")
    }
    if let runOption {
      throw ValidationError("\(runOption) draws a run of one machine: name the machine, not --all")
    }
    return Machines.all
  }

  /// The described diagram, a run's overlay, or the observed diagram.
  private func chosenPicture() throws(ValidationError) -> DiagramRequest.Picture {
    if !events.isEmpty && eventsFrom != nil {
      throw ValidationError("give the events with --events or with --events-from, not both")
    }
    if observed, let runOption {
      throw ValidationError(
        "--observed draws what the code does, \(runOption) draws one run: choose one of them")
    }
    let given = options.given
    if runOption == nil && !given.isEmpty {
      throw ValidationError(
        "\(given.joinedAsList(conjunction: "and")) set\(given.count == 1 ? "s" : "") up the "
          + "machine that runs --events or --events-from; "
          + (observed ? "--observed" : "the described diagram") + " takes no machine options")
    }
    if focus && runOption == nil {
      throw ValidationError(
        "--focus shows only the part of the diagram a run touched: give the run with "
          + "--events or --events-from, or leave out --focus")
    }
    let style = style ?? .commandLineDefault
    if observed { return .observed(style) }
    if runOption != nil {
      // The events of --events-from are read when the command runs.
      return .run(events: EventRuns.split(events), style: style, options: options, focus: focus)
    }
    if self.style != nil {
      throw ValidationError(
        "--style chooses the code that runs --events or is --observed; "
          + "the described diagram has no style")
    }
    return .described
  }

  /// `--width` or `--dpi`, for a PNG; a usage error for both, or for either
  /// with a format that is not a raster image.
  private func chosenSize(format: DiagramFormat) throws(ValidationError) -> RasterSize {
    let given = [width.map { ("--width", RasterSize.width($0)) }, dpi.map { ("--dpi", .dpi($0)) }]
      .compactMap { $0 }
    guard let (option, size) = given.first else { return .slide }
    if given.count > 1 {
      throw ValidationError("give the size with --width or with --dpi, not both")
    }
    guard format == .png else {
      throw ValidationError(
        "\(option) sizes a png; \(format) is \(format == .dot ? "text" : "drawn to scale"): "
          + "leave out \(option), or write a .png")
    }
    return size
  }

  /// `--labels`, if given: `rfc` only for the machines an RFC figure draws,
  /// and not for an observed diagram, which shows the code in its ids.
  private func chosenLabels(
    for machines: [any CatalogMachine.Type], _ picture: DiagramRequest.Picture
  ) throws(ValidationError) -> LabelStyle? {
    guard let labels, labels != .ids else { return labels }
    if case .observed = picture {
      throw ValidationError(
        "--observed draws what the code does, in its ids: leave out --labels \(labels.rawValue)")
    }
    let having = Machines.ids(drawnIn: labels)
    guard let lacking = machines.map({ $0.id }).first(where: { !having.contains($0) }) else {
      return labels
    }
    let which = having.joinedAsList(conjunction: "and") + (having.count == 1 ? " has" : " have")
    throw ValidationError(
      "--labels \(labels.rawValue): only \(which) the labels of an RFC figure; "
        + (all
          ? "draw \(having.count == 1 ? "it" : "them") by name, or leave out --labels with --all"
          : "draw \(lacking) with --labels ids, or leave out --labels"))
  }

  /// `--events` or `--events-from`, whichever draws a run, if any.
  private var runOption: String? {
    if !events.isEmpty { return "--events" }
    return eventsFrom.map { _ in "--events-from" }
  }

  /// `--format`, else the format the `--output` file's extension names,
  /// else DOT; a usage error when the two name different formats.
  private func chosenFormat() throws(ValidationError) -> DiagramFormat {
    if let format {
      if let output, let named = DiagramFormat(extensionOf: output), named != format {
        throw ValidationError(
          "--format \(format) disagrees with the extension of '\(output.printable)' (\(named)): "
            + "end the file name in .\(format), or leave out --format")
      }
      return format
    }
    guard let output else { return .dot }
    let formats = DiagramFormat.allCases.map(\.rawValue).joinedAsChoices
    return try DiagramFormat.of(
      file: output, option: "--output", otherwise: "give --format \(formats)")
  }
}

/// `text` as a whole number in `range`, or a usage error naming the range.
private func whole(
  _ text: String, in range: ClosedRange<Int>, option: String, unit: String
) throws(ValidationError) -> Int {
  guard let number = Int(text), range.contains(number) else {
    throw ValidationError(
      "\(option) takes a whole number of \(unit) from \(range.lowerBound) to "
        + "\(range.upperBound), as in \(option) \(range.lowerBound * 10)")
  }
  return number
}
