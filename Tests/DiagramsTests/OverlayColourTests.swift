import Foundation
import StateMachines
import Testing

@testable import Diagrams

/// The colours of a run read on a projector and in a greyscale print.
///
/// Contrast is WCAG 2's: the ratio of the relative luminances, each plus
/// 0.05; 4.5:1 is the AA level for text.
@Suite("Trace overlay colours")
struct OverlayColourTests {
  /// Each colour text is drawn in, with the backgrounds it can sit on.
  static let textOnBackgrounds: [(text: String, background: String, where: String)] = [
    (Look.faded, "#ffffff", "a label or state the run missed"),
    (Look.taken, "#ffffff", "a taken arrow's label"),
    (Look.taken, Look.visitedFill, "a taken internal transition in a visited state"),
    (Look.taken, Look.currentFill, "a taken internal transition in the state the run ended in"),
    ("#000000", Look.visitedFill, "a visited state's name"),
    ("#000000", Look.currentFill, "the name of the state the run ended in"),
    (Look.unexpected, "#ffffff", "an arrow missing from the description"),
    (Look.current, "#ffffff", "the outline of the state the run ended in"),
  ]

  @Test("every text colour has a contrast of at least 4.5:1 where it is drawn")
  func contrast() throws {
    for (text, background, place) in Self.textOnBackgrounds {
      let ratio = try contrastRatio(text, background)
      #expect(ratio >= 4.5, "\(place): \(text) on \(background) is \(ratio):1")
    }
  }

  @Test("the fills of unvisited, visited and current states differ in greyscale")
  func greyscaleFills() throws {
    let levels = try ["#ffffff", Look.visitedFill, Look.currentFill].map(luminance)
    #expect(levels[0] - levels[1] >= 0.1)
    #expect(levels[1] - levels[2] >= 0.1)
  }

  @Test("taken arrows are thick and untouched ones thin, whatever the colour shows")
  func thickness() throws {
    var machine = try Turnstile.make(.enum)
    let trace = machine.run([.coin])
    let graph = DOTGraph(
      Turnstile.diagram(highlighting: TraceOverlay(start: .locked, trace: trace)).dot)
    let taken = try #require(graph.edges.first { $0.label.hasPrefix("coin / unlock") })
    let missed = try #require(graph.edges.first { $0.label.hasPrefix("pass / lock") })
    #expect(taken.attributes.contains("penwidth=\(Look.takenPenWidth)"))
    #expect(!missed.attributes.contains("penwidth"))
    #expect(Look.takenPenWidth >= 2)
  }
}

/// WCAG 2's contrast ratio of two colours written `#rrggbb`.
private func contrastRatio(_ first: String, _ second: String) throws -> Double {
  let (one, other) = (try luminance(first), try luminance(second))
  return (max(one, other) + 0.05) / (min(one, other) + 0.05)
}

/// WCAG 2's relative luminance of a colour written `#rrggbb`.
private func luminance(_ hex: String) throws -> Double {
  let digits = try #require(hex.hasPrefix("#") ? UInt32(hex.dropFirst(), radix: 16) : nil)
  let channels = [16, 8, 0].map { shift in
    let value = Double((digits >> UInt32(shift)) & 0xff) / 255
    return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
}
