import StateMachines

/// States whose names try every way to break DOT and HTML-like labels.
enum Hostile: String, StateID {
  case quoted = "say \"hi\""
  case markup = "<b>&amp;</b>"
  case backslashes = #"C:\new\N\"#
  case twoLines = "two\nlines"
  case apostrophe = "it's <'quoted'>"
  case breakout = "}; digraph evil {"
  // The names the writer would give the initial pseudostate and the
  // choice after it.
  case initial
  case choice
  case control = "bell\u{7}nul\u{0}end"

  /// The name as Graphviz shows it: one text per line, controls replaced.
  var displayedLines: [String] {
    let shown = String(
      String.UnicodeScalarView(
        rawValue.unicodeScalars.map { $0.value < 0x20 && $0 != "\n" ? "\u{FFFD}" : $0 }))
    return shown.split(separator: "\n").map(String.init)
  }
}

/// The event type of the hostile description, which needs none really.
enum HostileEvent: Hashable, Sendable {
  case any
}

/// A description whose every piece of text is hostile.
let hostileDescription = MachineDescription<Hostile>(
  entrances: [.init(.quoted, guard: "<start & \"go\">"), .init(.initial, guard: "it's")],
  finalStates: [.breakout],
  events: [
    EventSignature<HostileEvent>.plain("go<now>", .any),
    .data("say&\"") { _ in .any },
  ],
  activities: [
    .markup: .init(entry: ["<script>"], exit: ["a & b"]),
    .twoLines: .entry("line\nbreak"),
  ],
  transitions: [
    .init(
      .quoted, on: "go<now>", guard: "x > 1 && y < 2", effect: "say \"hi\"", "it's", to: .markup),
    .init(.markup, on: "say&\"", to: .backslashes),
    .internal(.backslashes, on: #"\N"#, guard: "]\n[", effect: "}"),
    .init(.backslashes, on: "}", to: .twoLines),
    .completion(.twoLines, guard: "</TD></TR>", to: .apostrophe),
    .init(.apostrophe, on: "go<now>", to: .apostrophe),
    .init(.apostrophe, on: "-> x", guard: "a<b & \"c\"", to: .breakout),
    .init(.apostrophe, on: "-> x", guard: "else", effect: "<i>", to: .choice),
    .init(.initial, on: "go<now>", to: .control),
    .init(.control, on: "\u{0}", to: .breakout),
  ],
  guardOutputs: [.init("<note> & \"it's\"", outputs: ["</TD>"], at: [(.markup, "say&\"")])])
