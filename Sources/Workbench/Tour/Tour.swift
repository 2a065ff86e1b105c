/// One part of `fsm tour`.
///
/// The tour is a list of sections (`TourCommand.sections`). A later issue adds
/// one (diagrams rendered into a folder, a benchmark matrix) by writing a
/// type that conforms and appending it to that list.
protocol TourSection {
  /// The heading printed above the section.
  var heading: String { get }

  /// The section's name, for `fsm tour --section NAME`.
  var name: TourSectionName { get }

  /// What the section shows, in a few words for the tour's opening.
  var about: String { get }

  /// Runs the section, printing as it goes, and returns what it found.
  func run(on console: inout Console) -> TourFindings
}

/// What a section of the tour found.
struct TourFindings {
  /// One line for the closing summary, as in `2 machines, ...: all agree`.
  var summary: String

  /// Whether everything the section checked held.
  var passed: Bool
}

/// The name of a section of the tour, as `fsm tour --section NAME` takes it.
enum TourSectionName: String, CaseIterable, Sendable {
  /// Every worked example in every style (`StylesAgreeSection`).
  case styles
  /// Every machine drawn, and each style held to its diagram
  /// (`DiagramsSection`).
  case diagrams
  /// The committed benchmark results, for the turnstile (`CostSection`).
  case costs
}

/// The tour: an opening that names the sections, each section shown in
/// turn, and a summary of what they found.
struct Tour {
  /// The sections, in the order they run.
  var sections: [any TourSection]

  /// The sections to show, by name; every section when empty.
  var shown: [TourSectionName] = []

  /// Runs every section shown, even after one fails, and returns what each
  /// found. The opening names every section, one line each, and how to see
  /// one alone: the whole tour is several hundred lines.
  func run(on console: inout Console) -> [TourFindings] {
    print(
      """
      The tour of the state machine workbench. Every machine is written five
      ways: as nested switches, as an enum that carries its data, with the State
      pattern (a protocol and a struct per state), with the book's state classes,
      and as a transition table. The tour puts them side by side and checks what
      they share.
      Its sections, each shown alone by fsm tour --section NAME:
      """, to: &console)
    let width = sections.map(\.name.rawValue.count).max() ?? 0
    for section in sections {
      let name = section.name.rawValue
      let padding = String(repeating: " ", count: width - name.count)
      print("  \(name)\(padding)   \(section.heading): \(section.about)", to: &console)
    }
    let running = shown.isEmpty ? sections : sections.filter { shown.contains($0.name) }
    if running.count == sections.count {
      print("A summary of what each one found ends the tour.", to: &console)
    } else {
      let names = running.map(\.name.rawValue).joined(separator: ", ")
      print("Shown here: \(names); fsm tour shows them all.", to: &console)
    }
    var findings: [TourFindings] = []
    for section in running {
      print("", to: &console)
      print("== \(section.heading) ==", to: &console)
      findings.append(section.run(on: &console))
    }
    print("", to: &console)
    print("Summary:", to: &console)
    for found in findings {
      print("  \(found.passed ? "✓" : "✗") \(found.summary)", to: &console)
    }
    return findings
  }
}
