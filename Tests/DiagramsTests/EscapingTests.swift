import Foundation
import StateMachines
import Testing

@testable import Diagrams

/// No text from a description can break the DOT or its HTML-like labels.
@Suite("Escaping")
struct EscapingTests {
  @Test("quoted ids escape quotes, backslashes, line breaks and controls")
  func quoted() {
    #expect(Escaping.quoted("plain") == #""plain""#)
    #expect(Escaping.quoted(#"say "hi""#) == #""say \"hi\"""#)
    #expect(Escaping.quoted(#"a\b"#) == #""a\\b""#)
    #expect(Escaping.quoted("two\nlines") == #""two\nlines""#)
    #expect(Escaping.quoted("nul\u{0}") == #""nul\u{0}""#)
  }

  @Test("quoted ids and HTML text escape invisible format characters as they do controls")
  func formatCharacters() {
    #expect(Escaping.quoted("a\u{202E}b\u{200B}c") == #""a\u{202e}b\u{200b}c""#)
    #expect(Escaping.html("a\u{202E}b\u{200B}c\u{FEFF}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    // The word joiner the escaping adds after a backslash stays; one typed does not.
    #expect(Escaping.html(#"\N\#u{2060}"#) == "\\\u{2060}N\u{FFFD}")
  }

  @Test("HTML text escapes markup and turns line breaks into <BR/>")
  func html() {
    #expect(
      Escaping.html(#"<a href="x">&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
    #expect(Escaping.html("two\nlines") == "two<BR/>lines")
    #expect(Escaping.html("bell\u{7}") == "bell\u{FFFD}")
    #expect(Escaping.html(#"\N"#) == "\\\u{2060}N")
    #expect(Escaping.html("ünïcödé ×3") == "ünïcödé ×3")
  }

  @Test("different hostile names stay different node ids")
  func distinctIDs() {
    let ids = Hostile.allCases.map { Escaping.quoted($0.rawValue) }
    #expect(Set(ids).count == Hostile.allCases.count)
  }

  @Test("hostile text renders without errors or warnings, and reads back intact")
  func hostileRendering() throws {
    let diagram = Diagram(hostileDescription, name: "\"} <evil> & 'graph'\n")
    let (svg, warnings) = try Graphviz.renderReporting(diagram.dot, renderer: "svg")
    #expect(warnings.isEmpty, "Graphviz warned: \(warnings)")
    let texts = try SVG.texts(in: svg)
    for state in Hostile.allCases {
      for line in state.displayedLines {
        #expect(texts.contains(line), "missing \(line.debugDescription) in \(texts)")
      }
    }
    for label in [
      "[<start & \"go\">]", "go<now> [x > 1 && y < 2]", "[a<b & \"c\"]", "[else] / <i>",
      "<note> & \"it's\"", "/ say \"hi\", it's", "entry / <script>",
      "exit / a & b", #"\N []"#, "[] / }", "[</TD></TR>]", "-> x",
    ] {
      #expect(texts.contains(label), "missing \(label.debugDescription) in \(texts)")
    }
  }

  @Test("a run drawn over hostile text renders too")
  func hostileOverlay() throws {
    let run = TraceOverlay<Hostile>(
      start: .quoted,
      steps: [
        .init(from: .quoted, event: "go<now>", to: .markup, fired: true),
        .init(from: .markup, event: "</B>", to: .control, fired: true),
        .init(
          from: .control, event: "<i>", to: .control, fired: false, written: "<i>:&amp;",
          rejection: "no </TD> & \"quotes\""),
      ])
    let diagram = Diagram(hostileDescription, name: "hostile", overlay: run)
    let (svg, warnings) = try Graphviz.renderReporting(diagram.dot, renderer: "svg")
    #expect(warnings.isEmpty, "Graphviz warned: \(warnings)")
    let texts = try SVG.texts(in: svg)
    #expect(texts.contains("#1"))
    #expect(texts.contains { $0.hasPrefix("</B>") })
    // The list of events that changed nothing escapes the event and the reason.
    #expect(texts.contains { $0.contains("#3 <i>:&amp; in") && $0.contains("rejected: no") })
    #expect(texts.contains { $0.contains("</TD> & \"quotes\"") })
  }
}
