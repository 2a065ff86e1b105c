extension Unicode.Scalar {
  /// Whether the scalar must be escaped wherever text leaves the workbench:
  /// in messages, traces, JSON, DOT, SVG and HTML.
  ///
  /// These are the characters that are not shown as themselves but act on
  /// what is around them: controls (ESC, the C1 controls, DEL), line and
  /// paragraph separators, and the invisible format characters (Unicode's
  /// category Cf: a right-to-left override, a zero-width space, a byte order
  /// mark, a soft hyphen), which can reverse, hide or disguise the rest of a
  /// line. Each output escapes them in its own way; this says which.
  ///
  /// The zero-width joiner and non-joiner stay: emoji sequences and several
  /// scripts need them, and they hide nothing.
  package var mustBeEscaped: Bool {
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .surrogate: true
    case .format: value != 0x200C && value != 0x200D
    default: false
    }
  }
}
