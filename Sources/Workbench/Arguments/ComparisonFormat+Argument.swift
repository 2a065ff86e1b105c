import ArgumentParser

// `String`-backed and `CaseIterable`, so ArgumentParser reads a format by its
// name and names all four in help and in the message for an unknown one.
extension ComparisonFormat: ExpressibleByArgument {
  /// The extensions of a file in this format: `txt` or `text` for the
  /// report, the format's name for the others.
  var extensions: [String] { self == .text ? ["txt", "text"] : [rawValue] }

  /// The format an `--output` file's extension names, or `nil` for a name
  /// without one (`report`, `/dev/null`); a usage error for any other
  /// extension, so that `--output chart.png` is not a text file named png.
  static func of(output path: String) throws(ValidationError) -> ComparisonFormat? {
    guard let name = OutputPath.fileExtension(of: path)?.lowercased() else { return nil }
    guard let format = allCases.first(where: { $0.extensions.contains(name) }) else {
      let extensions = allCases.map { ".\($0.extensions[0])" }.joinedAsChoices
      throw ValidationError(
        "cannot tell what to write to '\(path.printable)' from its extension: end the "
          + "--output file name in \(extensions), or leave the extension out")
    }
    return format
  }
}
