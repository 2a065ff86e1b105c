/// The fonts, colours and spacing every diagram shares, in one place so that
/// the machines look like one book.
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
  /// 1080 slide (`Slide`; the game character's runs come closest, 15.6).
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

  // The colours of a run. Every text colour keeps a contrast of at least
  // 4.5:1 (WCAG AA) with the white page and with the fills it can sit on,
  // and nothing depends on hue alone: taken arrows are also thick and
  // numbered, the three fills have clearly different lightness in
  // greyscale, the state the run ended in also has a thick outline and a
  // bold name, and arrows missing from the description are also dashed.
  // `OverlayColourTests` checks all of it.

  /// The outline and text of a state or arrow no run touched, when a run is
  /// drawn: a grey light enough to recede and dark enough to read (4.9:1).
  static let faded = "#707070"

  /// The fill of a state the run visited: light blue.
  static let visitedFill = "#dbe8ff"

  /// The outline, text and arrows of what the run did: dark blue.
  static let taken = "#1f4fbf"

  /// The fill of the state the run ended in: an orange darker than
  /// `visitedFill`, so that the two differ in greyscale too.
  static let currentFill = "#ffcf87"

  /// The outline of the state the run ended in.
  static let current = "#b34d00"

  /// Arrows a run took that the description does not draw.
  static let unexpected = "#c81e1e"

  /// The width of a taken arrow's line, against 1 for the others.
  static let takenPenWidth = 2

  /// The outline of a transient state: a state nobody waits in.
  static let transient = "#666666"

  // Statecharts: superstates and regions are clusters around their states.

  /// The space between a cluster's border and the states inside it, in
  /// points: a state never touches the border that arrows leave from.
  static let clusterMargin = 10

  /// The dashed frame of a region, and its name: a grey that reads as a
  /// separator rather than a state (5.7:1 on white).
  static let region = "#666666"

  /// The history pseudostate's circle, a little larger than the initial
  /// pseudostate's, with room for its `H`.
  static let historySize = 0.32
}
