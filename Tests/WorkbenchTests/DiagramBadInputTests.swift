import Foundation
import StateMachines
import Testing

@testable import Workbench

/// A command line that draws a diagram and must fail: its status, the first
/// line of its message, and what it may print before failing.
///
/// In the arguments and the message, `$DIR` stands for a new empty folder
/// and `$RO` for a folder nobody may write into.
struct BadDiagramInput: CustomTestStringConvertible, Sendable {
  var arguments: [String]
  var status: Int32
  var message: String
  var output = ""

  var testDescription: String { "fsm " + arguments.joined(separator: " ") }

  init(_ arguments: String..., status: Int32 = 64, message: String, output: String = "") {
    self.arguments = arguments
    self.status = status
    self.message = message
    self.output = output
  }
}

@Suite("fsm diagram: bad input fails cleanly and leaves no file behind")
struct DiagramBadInputTests {
  static let cases = [
    // Formats.
    BadDiagramInput(
      "diagram", "turnstile", "--format", "jpg", "--output", "$DIR/t.jpg",
      message:
        "Error: The value 'jpg' is invalid for '--format <format>'. "
        + "Please provide one of 'dot', 'svg', 'png' or 'pdf'."),
    BadDiagramInput(
      "diagram", "turnstile", "--output", "$DIR/t.jpg",
      message:
        "Error: cannot tell the format of '$DIR/t.jpg' from its extension: end the --output "
        + "file name in .dot, .svg, .png or .pdf, or give --format dot, svg, png or pdf"),
    BadDiagramInput(
      "diagram", "turnstile", "--format", "svg", "--output", "$DIR/t.png",
      message:
        "Error: --format svg disagrees with the extension of '$DIR/t.png' (png): "
        + "end the file name in .svg, or leave out --format"),
    BadDiagramInput(
      "diagram", "turnstile", "--format", "png",
      message:
        "Error: png is a binary format: write it to a file with --output FILE, "
        + "or choose --format dot or svg for standard output"),
    // Direction and size.
    BadDiagramInput(
      "diagram", "turnstile", "--direction", "sideways", "--output", "$DIR/t.svg",
      message:
        "Error: The value 'sideways' is invalid for '--direction <direction>'. "
        + "Please provide one of 'auto', 'lr' or 'tb'."),
    BadDiagramInput(
      "diagram", "turnstile", "--width", "50", "--output", "$DIR/t.png",
      message:
        "Error: The value '50' is invalid for '--width <pixels>': --width takes a whole "
        + "number of pixels from 100 to 8000, as in --width 1000"),
    BadDiagramInput(
      "diagram", "turnstile", "--width", "-1920", "--output", "$DIR/t.png",
      message:
        "Error: The value '-1920' is invalid for '--width <pixels>': --width takes a whole "
        + "number of pixels from 100 to 8000, as in --width 1000"),
    BadDiagramInput(
      "diagram", "turnstile", "--dpi", "601", "--output", "$DIR/t.png",
      message:
        "Error: The value '601' is invalid for '--dpi <dpi>': --dpi takes a whole number of "
        + "dots an inch from 24 to 600, as in --dpi 240"),
    BadDiagramInput(
      "diagram", "turnstile", "--dpi", "high", "--output", "$DIR/t.png",
      message:
        "Error: The value 'high' is invalid for '--dpi <dpi>': --dpi takes a whole number of "
        + "dots an inch from 24 to 600, as in --dpi 240"),
    BadDiagramInput(
      "diagram", "turnstile", "--width", "1920", "--dpi", "96", "--output", "$DIR/t.png",
      message: "Error: give the size with --width or with --dpi, not both"),
    BadDiagramInput(
      "diagram", "turnstile", "--width", "1920", "--output", "$DIR/t.svg",
      message:
        "Error: --width sizes a png; svg is drawn to scale: leave out --width, or write a .png"),
    // Paths.
    BadDiagramInput(
      "diagram", "turnstile", "--output", "$RO/t.svg", status: 1,
      message: "Error: could not write '$RO/t.svg': Permission denied; nothing was written"),
    BadDiagramInput(
      "diagram", "turnstile", "--output", "$DIR/missing/t.svg",
      message: "Error: cannot write '$DIR/missing/t.svg': the folder '$DIR/missing' does not exist"
    ),
    BadDiagramInput(
      "diagram", "turnstile", "--output", "$DIR",
      message:
        "Error: '$DIR' is a folder; give --output a file name, as in --output $DIR/turnstile.svg"),
    BadDiagramInput(
      "diagram", "turnstile", "--output", "",
      message: "Error: --output needs a file name, as in --output turnstile.svg"),
    BadDiagramInput(
      "diagram", "--all", "--output-dir", "$DIR/missing",
      message:
        "Error: the folder '$DIR/missing' given to --output-dir does not exist; "
        + "create it first, as in mkdir -p $DIR/missing"),
    BadDiagramInput(
      "diagram", "--all", "--format", "svg", "--output-dir", "$RO", status: 1,
      message:
        "Error: could not write '$RO/security-system.svg': Permission denied; nothing was written"
    ),
    // Events and machine options.
    BadDiagramInput(
      "diagram", "turnstile", "--events", "coin", "dance", "--output", "$DIR/t.svg",
      message: "Error: unknown event 'dance'; valid events: coin, pass"),
    BadDiagramInput(
      "diagram", "security-system", "--events", "arm", "disarm", "--output", "$DIR/s.svg",
      message: "Error: event 'disarm' needs a code: write disarm:CODE"),
    BadDiagramInput(
      "diagram", "gumball-machine", "--gumballs", "-1", "--events", "insertQuarter",
      message: "Error: a gumball machine cannot start with -1 gumballs: give 0 or more"),
    BadDiagramInput(
      "diagram", "turnstile", "--events", "coin", "--code", "1", "--output", "$DIR/t.svg",
      message: "Error: --code goes with security-system; turnstile takes no machine options"),
    BadDiagramInput(
      "diagram", "turnstile", "--events-from", "$DIR/missing.txt", "--output", "$DIR/t.svg",
      message:
        "Error: cannot read events from '$DIR/missing.txt': there is no such file; "
        + "give a file of events, or - for standard input"),
    BadDiagramInput(
      "diagram", "turnstile", "--style", "fancy", "--observed",
      message:
        "Error: The value 'fancy' is invalid for '--style <style>'. "
        + "Please provide one of 'nested-switch', 'enum', 'state-pattern', 'state-classes' or 'table'."
    ),
    // Options that do not go together.
    BadDiagramInput(
      "diagram", "--all", "--format", "svg",
      message: "Error: --all needs --output-dir DIR, the existing folder to write into"),
    BadDiagramInput(
      "diagram", "--all", "--output", "$DIR/t.svg",
      message: "Error: --all writes a file per machine: use --output-dir DIR, not --output"),
    BadDiagramInput(
      "diagram", "turnstile", "--all", "--output-dir", "$DIR",
      message: "Error: --all draws every machine: leave out 'turnstile', or leave out --all"),
    BadDiagramInput(
      "diagram", "--all", "--events", "coin", "--output-dir", "$DIR",
      message: "Error: --events draws a run of one machine: name the machine, not --all"),
    BadDiagramInput(
      "diagram", "turnstile", "--output-dir", "$DIR",
      message:
        "Error: --output-dir goes with --all; to write one machine's diagram, use --output FILE"),
    BadDiagramInput(
      "diagram", "turnstile", "--observed", "--events", "coin", "--output", "$DIR/t.svg",
      message:
        "Error: --observed draws what the code does, --events draws one run: choose one of them"),
    BadDiagramInput(
      "diagram", "security-system", "--code", "4321", "--output", "$DIR/s.svg",
      message:
        "Error: --code sets up the machine that runs --events or --events-from; "
        + "the described diagram takes no machine options"),
    BadDiagramInput(
      "diagram", "gumball-machine", "--observed", "--seed", "1", "--gumballs", "2",
      message:
        "Error: --gumballs and --seed set up the machine that runs --events or --events-from; "
        + "--observed takes no machine options"),
    BadDiagramInput(
      "diagram", "turnstile", "--style", "enum", "--output", "$DIR/t.svg",
      message:
        "Error: --style chooses the code that runs --events or is --observed; "
        + "the described diagram has no style"),
    BadDiagramInput(
      "diagram", "--output", "$DIR/t.svg",
      message:
        "Error: name the machine to draw (\(Machines.ids.joinedAsChoices)), or give --all"),
    // Labels.
    BadDiagramInput(
      "diagram", "tcp-connection", "--labels", "figure", "--output", "$DIR/t.svg",
      message:
        "Error: The value 'figure' is invalid for '--labels <labels>'. "
        + "Please provide one of 'ids' and 'rfc'."),
    BadDiagramInput(
      "diagram", "turnstile", "--labels", "rfc", "--output", "$DIR/t.svg",
      message:
        "Error: --labels rfc: only tcp-connection has the labels of an RFC figure; "
        + "draw turnstile with --labels ids, or leave out --labels"),
    BadDiagramInput(
      "diagram", "--all", "--labels", "rfc", "--output-dir", "$DIR",
      message:
        "Error: --labels rfc: only tcp-connection has the labels of an RFC figure; "
        + "draw it by name, or leave out --labels with --all"),
    BadDiagramInput(
      "diagram", "tcp-connection", "--observed", "--labels", "rfc", "--output", "$DIR/t.svg",
      message: "Error: --observed draws what the code does, in its ids: leave out --labels rfc"),
    // fsm run --diagram.
    // Focus needs a run to focus on.
    BadDiagramInput(
      "diagram", "turnstile", "--focus", "--output", "$DIR/t.svg",
      message:
        "Error: --focus shows only the part of the diagram a run touched: give the run with "
        + "--events or --events-from, or leave out --focus"),
    BadDiagramInput(
      "diagram", "gumball-machine", "--observed", "--focus", "--output", "$DIR/t.svg",
      message:
        "Error: --focus shows only the part of the diagram a run touched: give the run with "
        + "--events or --events-from, or leave out --focus"),
    BadDiagramInput(
      "run", "turnstile", "coin", "--diagram", "$DIR/r.gif",
      message:
        "Error: cannot tell the format of '$DIR/r.gif' from its extension: "
        + "end the --diagram file name in .dot, .svg, .png or .pdf"),
    BadDiagramInput(
      "run", "turnstile", "coin", "--diagram", "$DIR/missing/r.svg",
      message: "Error: cannot write '$DIR/missing/r.svg': the folder '$DIR/missing' does not exist"
    ),
    BadDiagramInput(
      "run", "turnstile", "dance", "--diagram", "$DIR/r.svg",
      message: "Error: unknown event 'dance'; valid events: coin, pass"),
    // The run happened and was printed; only its picture failed.
    BadDiagramInput(
      "run", "turnstile", "coin", "--diagram", "$RO/r.svg", status: 1,
      message: "Error: could not write '$RO/r.svg': Permission denied; nothing was written",
      output: "coin   locked   -> unlocked   fired     unlock\n"),
  ]

  @Test("the message names what is valid, and no file is left", arguments: cases)
  func refused(input: BadDiagramInput) throws {
    let folder = try TemporaryFolder()
    let unwritable = try UnwritableFolder()
    let unwritableBefore = unwritable.listing
    func resolved(_ text: String) -> String {
      text.replacing("$DIR", with: folder.path).replacing("$RO", with: unwritable.path)
    }
    let result = fsm(input.arguments.map(resolved))
    #expect(result.status == input.status)
    #expect(result.firstError == resolved(input.message))
    #expect(!result.errors.contains("Fatal error"))
    #expect(result.output == input.output)
    #expect(folder.listing == [], "left behind in $DIR")
    #expect(unwritable.listing == unwritableBefore, "left behind in $RO")
  }

  @Test("a refused --all leaves the files already there as they were")
  func existingFilesUntouched() throws {
    let folder = try TemporaryFolder()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("turnstile.svg")))
    // A folder where a file must go: found before anything is written.
    try FileManager.default.createDirectory(
      atPath: folder.file("tcp-connection.svg"), withIntermediateDirectories: false)
    let result = fsm("diagram", "--all", "--format", "svg", "--output-dir", folder.path)
    #expect(result.status == 64)
    #expect(
      result.firstError
        == "Error: '\(folder.file("tcp-connection.svg"))' is a folder, "
        + "where the tcp-connection diagram would go")
    #expect(folder.listing == ["tcp-connection.svg", "turnstile.svg"])
    #expect(folder.bytes(of: "turnstile.svg") == Array("old".utf8))
  }

  @Test("a successful --all replaces what was there, and leaves no temporary file")
  func replaces() throws {
    let folder = try TemporaryFolder()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("turnstile.dot")))
    let result = fsm("diagram", "--all", "--output-dir", folder.path)
    #expect(result.status == 0)
    #expect(folder.listing == Machines.ids.map { "\($0).dot" }.sorted())
    #expect(folder.bytes(of: "turnstile.dot") == Array(fsm("diagram", "turnstile").output.utf8))
  }
}

@Suite("AtomicFiles: all or nothing")
struct AtomicFilesTests {
  @Test("when a later file cannot be written, the earlier ones are not written either")
  func allOrNothing() throws {
    let folder = try TemporaryFolder()
    let unwritable = try UnwritableFolder()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("a.txt")))
    #expect {
      try AtomicFiles.write([
        AtomicFiles.File(path: folder.file("a.txt"), bytes: Array("new".utf8)),
        AtomicFiles.File(path: folder.file("b.txt"), bytes: Array("new".utf8)),
        AtomicFiles.File(path: unwritable.path + "/c.txt", bytes: Array("new".utf8)),
      ])
    } throws: { error in
      (error as? FileWriteError)?.description
        == "could not write '\(unwritable.path)/c.txt': Permission denied; nothing was written"
    }
    #expect(folder.listing == ["a.txt"])
    #expect(folder.bytes(of: "a.txt") == Array("old".utf8))
  }

  @Test("files are replaced whole, and an empty file is a file")
  func replaces() throws {
    let folder = try TemporaryFolder()
    try Data("a much longer old content".utf8).write(
      to: URL(fileURLWithPath: folder.file("a.txt")))
    try AtomicFiles.write([
      AtomicFiles.File(path: folder.file("a.txt"), bytes: Array("new".utf8)),
      AtomicFiles.File(path: folder.file("empty.txt"), bytes: []),
    ])
    #expect(folder.listing == ["a.txt", "empty.txt"])
    #expect(folder.bytes(of: "a.txt") == Array("new".utf8))
    #expect(folder.bytes(of: "empty.txt") == [])
  }

  @Test("createFolder makes the missing folders, and says why it cannot")
  func createFolder() throws {
    let folder = try TemporaryFolder()
    try AtomicFiles.createFolder(folder.file("a/b/c"))
    try AtomicFiles.createFolder(folder.file("a/b/c"))  // Already there: fine.
    #expect(TemporaryFolder.listing(of: folder.file("a/b")) == ["c"])
    try Data().write(to: URL(fileURLWithPath: folder.file("file")))
    #expect {
      try AtomicFiles.createFolder(folder.file("file/d"))
    } throws: { error in
      (error as? FileWriteError)?.description
        == "could not create the folder '\(folder.file("file/d"))': Not a directory; "
        + "nothing was written"
    }
  }
}
