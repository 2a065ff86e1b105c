import StateMachines

// The class view shows a machine in every implementation it lists, each in
// a pane of its own: the five styles and the variants measured beside them.
// `Implementation` is the machines' vocabulary and says nothing of how a
// page names it; what the class view needs of it is here.

extension Implementation {
  /// Every implementation the workbench knows, in the class view's order:
  /// each style, then its variants (`Implementation.all`, with the
  /// variants no benchmark measures after its style's measured ones).
  static let known: [Implementation] = inPaneOrder(
    Implementation.all + [.contextDrivenStateClasses])

  /// The known implementation whose public id is `id` (`table-matrix`).
  init?(id: String) {
    guard let found = Self.known.first(where: { $0.description == id }) else { return nil }
    self = found
  }

  /// How a page names it: its style's label (`State pattern`), or the
  /// style's label and what the variant changes.
  var label: String {
    switch variant {
    case .asWritten: style.label
    case .statesAsTypes: "\(style.label), states as types"
    case .sharedStateObjects: "\(style.label), shared state objects"
    case .contextDriven: "\(style.label), context-driven"
    case .matrix: "\(style.label) as a matrix"
    }
  }

  /// `implementations` as the class view shows them: by style in the
  /// order of `Style.allCases`, the style as written first, then its
  /// measured variants in their order, then any other.
  static func inPaneOrder(_ implementations: [Implementation]) -> [Implementation] {
    let variants: [Variant] = [.asWritten] + Variant.measured
    func rank(_ implementation: Implementation) -> (Int, Int) {
      (
        Style.allCases.firstIndex(of: implementation.style) ?? Style.allCases.count,
        variants.firstIndex(of: implementation.variant) ?? variants.count
      )
    }
    // A stable sort: two of the same rank keep the order given.
    return implementations.enumerated()
      .sorted {
        let (first, second) = (rank($0.element), rank($1.element))
        return (first.0, first.1, $0.offset) < (second.0, second.1, $1.offset)
      }
      .map(\.element)
  }
}

extension Machine {
  /// The implementations the class view plays the machine in, one pane
  /// each, in `Implementation.inPaneOrder`: every one its
  /// `implementations` lists.
  static var panes: [Implementation] { Implementation.inPaneOrder(allImplementations) }

  /// The file that writes the machine in `implementation`:
  /// `Turnstile+TableMatrix.swift`.
  static func fileName(of implementation: Implementation) -> String {
    "\(String(describing: self))+\(implementation.fileSuffix).swift"
  }
}
