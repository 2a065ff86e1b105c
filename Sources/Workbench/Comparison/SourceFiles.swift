import Foundation

/// Finds the source file of a machine in a style and measures it.
enum SourceFiles {
  /// The file `<root>/<Machine>/<Machine>+<Style>.swift` of `machine` (a
  /// public id such as `security-system`) in `style` (such as `enum`), if it
  /// exists.
  ///
  /// Ids and file names are matched ignoring case and punctuation, so
  /// `tcp-connection` finds `TCPConnection/TCPConnection+NestedSwitch.swift`.
  static func path(machine: String, style: String, root: String) -> String? {
    let files = FileManager.default
    guard let folders = try? files.contentsOfDirectory(atPath: root),
      let folder = folders.first(where: { key($0) == key(machine) })
    else { return nil }
    let directory = "\(root)/\(folder)"
    let wanted = key(folder) + key(style) + "swift"
    return (try? files.contentsOfDirectory(atPath: directory))?
      .first { key($0) == wanted }
      .map { "\(directory)/\($0)" }
  }

  /// The code size of `machine` in `style`, if its file can be read.
  static func codeSize(machine: String, style: String, root: String) -> CodeSize? {
    guard let path = path(machine: machine, style: style, root: root),
      let source = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    return CodeSize(source: source)
  }

  /// `text` in lower case with only its letters and digits.
  private static func key(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
