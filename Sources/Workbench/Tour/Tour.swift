/// One part of `fsm tour`.
///
/// The tour is a list of sections (`TourCommand.sections`). A later issue adds
/// one (diagrams rendered into a folder, a benchmark matrix) by writing a
/// type that conforms and appending it to that list.
protocol TourSection {
  /// The heading printed above the section.
  var heading: String { get }

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

/// The tour: an opening, each section in turn, and a summary of what they
/// found.
struct Tour {
  /// The sections, in the order they run.
  var sections: [any TourSection]

  /// Runs every section, even after one fails, and returns what each found.
  func run(on console: inout Console) -> [TourFindings] {
    print(
      """
      The tour of the state machine workbench. Every machine is written five
      ways: as nested switches, as an enum that carries its data, with the State
      pattern (a protocol and a struct per state), with the book's state classes,
      and as a transition table. The tour puts them side by side and checks what
      they share.
      """, to: &console)
    let headings = sections.map(\.heading).joined(separator: "; ")
    print("Sections: \(headings).", to: &console)
    var findings: [TourFindings] = []
    for section in sections {
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
