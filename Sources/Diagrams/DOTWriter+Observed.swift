/// How an observed diagram marks its labels as observed: in italics, with a
/// caption under the title.
extension DOTWriter {
  /// The italic face of `Look.font`, by its PostScript name.
  static var italicFont: String { "Helvetica-Oblique" }

  /// The caption under the title of an observed diagram; nothing otherwise.
  var caption: String {
    guard labelsObserved else { return "" }
    // A `<BR ALIGN="LEFT"/>` left-aligns the line before it.
    let lines = [
      "labels in italics are as a probe saw them:",
      "the data it sent, the outputs no activity explains",
    ]
    return lines.map { "<BR ALIGN=\"LEFT\"/>" + italic($0) }.joined() + "<BR ALIGN=\"LEFT\"/>"
  }

  /// Arrow labels in italics, for an observed diagram.
  var observedEdgeDefaults: [String] {
    labelsObserved ? ["  edge [fontname=\"\(Self.italicFont)\"];"] : []
  }

  /// `html` in italics, for an observed diagram; as it is otherwise.
  func observedFace(_ html: String) -> String {
    labelsObserved ? italic(html) : html
  }

  /// `html` in the italic face.
  private func italic(_ html: String) -> String {
    "<FONT FACE=\"\(Self.italicFont)\">\(html)</FONT>"
  }
}
