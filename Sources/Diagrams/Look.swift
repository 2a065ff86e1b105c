/// The fonts, colours and spacing every diagram shares, in one place so that
/// the five machines look like one book.
enum Look {
  /// A sans-serif face every Graphviz installation can map to a real font.
  static let font = "Helvetica"

  /// The bold face of `font`, by its PostScript name, which Graphviz maps
  /// to the system's bold sans-serif as it does `font`.
  static let boldFont = "Helvetica-Bold"

  /// The size of state names and compartments, in points.
  static let stateFontSize = 12

  /// How far below a final state's bull's-eye its name is, in points: the
  /// height of the empty cell above the name, twice the distance between
  /// the centres of the ring and the name.
  static let finalNameOffset = 48

  /// The size of transition labels: as large as the states' text, so that
  /// every label of every machine is at least 14 pixels high on a 1920 by
  /// 1080 slide (`Slide`; TCP, the largest, comes closest).
  static let edgeFontSize = 12

  /// The graph attributes (the direction aside): room between ranks for
  /// the transition labels that Graphviz places there, a small pad, and no
  /// device margin, which would give a PDF half an inch of white on every
  /// side.
  static let graph = [
    "fontname=\"\(font)\"", "fontsize=13", "labelloc=t", "labeljust=l", "nodesep=0.45",
    "ranksep=0.55", "pad=0.3", "margin=0",
  ]

  /// States are HTML tables, so the node itself draws nothing.
  static let node = ["fontname=\"\(font)\"", "fontsize=\(stateFontSize)", "shape=plain"]

  /// UML draws transitions with an open, stick-like arrowhead.
  static let edge = [
    "fontname=\"\(font)\"", "fontsize=\(edgeFontSize)", "arrowhead=vee", "arrowsize=0.7",
  ]

  /// The outline and text of a state or arrow no run touched, when a run is
  /// drawn: faded, so the run stands out.
  static let faded = "#9a9a9a"

  /// The fill of a state the run visited.
  static let visitedFill = "#dbe8ff"

  /// The outline, text and arrows of what the run did.
  static let taken = "#1f4fbf"

  /// The fill of the state the run ended in.
  static let currentFill = "#ffe3b3"

  /// The outline of the state the run ended in.
  static let current = "#c25400"

  /// Arrows a run took that the description does not draw.
  static let unexpected = "#c81e1e"

  /// The outline of a transient state: a state nobody waits in.
  static let transient = "#666666"
}
