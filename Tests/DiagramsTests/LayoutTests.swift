import Foundation
import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// Diagrams a class reads from the back row: every one fits a 1920 by 1080
/// slide with labels at least 14 pixels high, laid out in the direction
/// that makes its text the largest, and PNGs and PDFs come at the size
/// asked, with no extra margin.
@Suite("Layout for a projector")
struct LayoutTests {
  /// A diagram as Graphviz draws it in SVG: its size and its smallest text.
  struct Drawn {
    var size: DiagramSize
    var smallestFont: Double

    init(_ diagram: Diagram) throws {
      size = try Graphviz.size(of: diagram.dot)
      let svg = String(decoding: try diagram.render(as: .svg), as: UTF8.self)
      let sizes = svg.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.1) }
      smallestFont = try #require(sizes.min())
    }

    /// The smallest text's height on the slide, in pixels.
    var smallestLabelOnSlide: Double { Slide.pixels(ofText: smallestFont, in: size) }
  }

  @Test("every machine fits a 16:9 slide with labels of at least 14 px", arguments: Machines.ids)
  func readableOnASlide(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let drawn = try Drawn(type.diagram())
    #expect(
      drawn.smallestLabelOnSlide >= Slide.smallestLabel,
      "\(machine): \(drawn.size), smallest text \(drawn.smallestFont) pt is \(drawn.smallestLabelOnSlide) px on a 1920x1080 slide"
    )
  }

  @Test("every worked example drawn over its diagram fits a slide too", arguments: Machines.ids)
  func runsReadableOnASlide(machine: String) throws {
    let type = try #require(Machines.named(machine))
    for diagram in overlays(of: type) {
      let drawn = try Drawn(diagram)
      #expect(
        drawn.smallestLabelOnSlide >= Slide.smallestLabel,
        "\(machine) run: \(drawn.size), smallest text \(drawn.smallestLabelOnSlide) px"
      )
    }
  }

  @Test("auto chooses the direction whose text is the larger on a slide", arguments: Machines.ids)
  func autoChoosesTheLargerText(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let scale = { (direction: DiagramDirection) in
      Slide.scale(fitting: try Graphviz.size(of: type.diagram(direction: direction).dot))
    }
    let best: DiagramDirection =
      try scale(.topToBottom) > scale(.leftToRight) ? .topToBottom : .leftToRight
    #expect(type.diagram().direction == best)
  }

  @Test("the long machines and the statechart run top to bottom, the small ones left to right")
  func directionsChosen() {
    #expect(TCPConnection.diagram().direction == .topToBottom)
    #expect(GumballMachine.diagram().direction == .topToBottom)
    #expect(Turnstile.diagram().direction == .leftToRight)
    // The statechart's two regions stand side by side.
    #expect(GameCharacter.diagram().direction == .topToBottom)
  }

  @Test("a direction asked for is the one drawn")
  func directionAskedFor() {
    #expect(TCPConnection.diagram(direction: .leftToRight).dot.contains("rankdir=LR"))
    #expect(Turnstile.diagram(direction: .topToBottom).dot.contains("rankdir=TB"))
  }

  @Test("a PNG fills a 1920x1080 slide by default, or takes the width or resolution asked")
  func pngSizes() throws {
    let diagram = TCPConnection.diagram()
    let slide = try pixels(of: diagram.render(as: .png))
    #expect(slide.width <= 1921 && slide.height <= 1081)
    #expect(slide.width >= 1919 || slide.height >= 1079, "\(slide) does not fill the slide")
    #expect(try pixels(of: diagram.render(as: .png, size: .width(800))).width == 800)
    let points = try Graphviz.size(of: diagram.dot)
    let at72 = try pixels(of: diagram.render(as: .png, size: .dpi(72)))
    #expect(abs(Double(at72.width) - points.width) <= 1)
  }

  @Test("a PDF's page is the diagram, with no margin added", arguments: Machines.ids)
  func tightPDF(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let diagram = type.diagram()
    let pdf = String(decoding: try diagram.render(as: .pdf), as: UTF8.self)
    let box = try #require(pdf.firstMatch(of: /MediaBox \[ 0 0 ([0-9.]+) ([0-9.]+) \]/))
    let size = try Graphviz.size(of: diagram.dot)
    #expect(abs((Double(box.1) ?? 0) - size.width) <= 1, "\(machine): page \(box.1) wide")
    #expect(abs((Double(box.2) ?? 0) - size.height) <= 1, "\(machine): page \(box.2) high")
  }

  /// Each worked example of `M`, run in the default style and drawn.
  private func overlays<M: CatalogMachine>(of _: M.Type) -> [Diagram] {
    M.workedExamples.compactMap { example in
      guard var machine = try? M.make(.statePattern, example.configuration) else { return nil }
      let start = machine.state
      return M.diagram(highlighting: TraceOverlay(start: start, trace: machine.run(example.events)))
    }
  }

  /// The width and height a PNG's header gives.
  private func pixels(of png: [UInt8]) throws -> (width: Int, height: Int) {
    try #require(png.count > 24)
    let number = { (offset: Int) in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }
}
