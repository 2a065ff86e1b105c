/// How a machine's page is laid out: `?view=` in its URL.
enum PageMode: String, CaseIterable, Sendable {
  /// Diagram, events and trace, then every implementation's code: a
  /// column per style, its variants under it.
  case normal
  /// For a projector: the diagram and one or two styles filling the
  /// screen, large code with wrapped lines, keyboard shortcuts.
  case present
  /// The teacher's machine, mirrored live and read-only.
  case follow

  /// The mode `?view=raw` names; `normal` without one.
  ///
  /// - Throws: `ServeError` (400) naming the modes for any other value.
  init(_ raw: String?) throws(ServeError) {
    guard let raw else {
      self = .normal
      return
    }
    guard let mode = PageMode(rawValue: raw) else {
      throw ServeError(
        status: 400,
        message: "unknown view '\(raw.printable)'; views: "
          + Self.allCases.map(\.rawValue).joinedAsChoices)
    }
    self = mode
  }

  /// The query that keeps this mode on a link to another page: none for
  /// `normal`, the default.
  var query: String { self == .normal ? "" : "?view=\(rawValue)" }

  /// The mode `?view=raw` names on a lesson or another Markdown page,
  /// which has no teacher to follow: `normal` or `present`.
  ///
  /// - Throws: `ServeError` (400) naming those two for any other value.
  static func document(_ raw: String?) throws(ServeError) -> PageMode {
    let mode = try PageMode(raw)
    guard mode != .follow else {
      throw ServeError(
        status: 400,
        message: "a lesson or document has no view '\(mode.rawValue)'; views: "
          + [Self.normal, .present].map(\.rawValue).joinedAsChoices)
    }
    return mode
  }
}
