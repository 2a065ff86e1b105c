/// The ids GitHub gives a document's headings, so that a link to
/// `lesson.md#exercises` lands on the same heading here as on GitHub.
///
/// GitHub's rule (its `github-slugger`): the heading's text in lower case,
/// punctuation dropped except `-` and `_`, each space a `-`; a slug seen
/// before in the document gets `-1`, `-2`, ... Hand-written: no package in
/// the mirror computes it, and cmark-gfm leaves it to GitHub's pipeline.
struct HeadingSlugs {
  /// How many times each slug was handed out again, by slug.
  private var occurrences: [String: Int] = [:]

  /// The id of the next heading, whose text is `text`.
  mutating func slug(for text: String) -> String {
    let base = Self.slug(text)
    var slug = base
    while occurrences[slug] != nil {
      let count = (occurrences[base] ?? 0) + 1
      occurrences[base] = count
      slug = "\(base)-\(count)"
    }
    occurrences[slug] = 0
    return slug
  }

  /// `text` as a slug, before duplicates are told apart.
  static func slug(_ text: String) -> String {
    var slug = ""
    for scalar in text.lowercased().unicodeScalars {
      if scalar == " " {
        slug += "-"
      } else if scalar == "-" || scalar == "_" || isWordCharacter(scalar) {
        slug.unicodeScalars.append(scalar)
      }
    }
    return slug
  }

  /// Letters, marks and digits of any script: what GitHub keeps.
  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber:
      true
    default: false
    }
  }
}
