import ArgumentParser
import Diagrams

// `String`-backed and `CaseIterable`, so ArgumentParser reads a format by its
// id and names all four in help and in the message for an unknown one.
extension DiagramFormat: ExpressibleByArgument {
  /// The format a file name asks for by its extension (`turnstile.svg`), or
  /// `nil` when the extension is none of the formats'.
  init?(extensionOf path: String) {
    guard let name = OutputPath.fileExtension(of: path) else { return nil }
    self.init(rawValue: name.lowercased())
  }

  /// Whether the format is text, so that it can go to standard output.
  var isText: Bool { self == .dot || self == .svg }

  /// The format of `path`, or a usage error that says how to name one.
  ///
  /// A character device or a FIFO (`/dev/null`) takes DOT, the default,
  /// unless its name has an extension of a format.
  ///
  /// - Parameters:
  ///   - option: The option that named the file, as in `--output`.
  ///   - otherwise: Another way to choose, added to the message.
  static func of(
    file path: String, option: String, otherwise: String? = nil
  ) throws(ValidationError) -> DiagramFormat {
    guard let format = DiagramFormat(extensionOf: path) ?? (OutputPath.isDevice(path) ? .dot : nil)
    else {
      let extensions = allCases.map { ".\($0)" }.joinedAsChoices
      let ways = ["end the \(option) file name in \(extensions)"] + (otherwise.map { [$0] } ?? [])
      throw ValidationError(
        "cannot tell the format of '\(path.printable)' from its extension: "
          + ways.joined(separator: ", or "))
    }
    return format
  }
}

// `String`-backed and `CaseIterable`: `--direction` takes `auto`, `lr` or
// `tb`, and names all three for anything else.
extension DiagramDirection: ExpressibleByArgument {}
