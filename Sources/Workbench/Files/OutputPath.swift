import ArgumentParser
import Foundation

/// Checks made before anything is drawn, so that a file named on the
/// command line that could never be written is a usage error, reported
/// before the work starts.
///
/// What only shows when writing (no permission, a full disk) is reported by
/// `AtomicFiles` instead.
enum OutputPath {
  /// A usage error unless `path` names a file in a folder that exists.
  ///
  /// - Parameter option: The option that named the file, as in `--output`.
  static func checkFile(_ path: String, option: String) throws(ValidationError) {
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw ValidationError("\(option) needs a file name, as in \(option) turnstile.svg")
    }
    if isFolder(path) {
      throw ValidationError(
        "'\(path)' is a folder; give \(option) a file name, as in \(option) "
          + join(path, "turnstile.svg"))
    }
    let folder = folder(of: path)
    guard exists(folder) else {
      throw ValidationError("cannot write '\(path)': the folder '\(folder)' does not exist")
    }
    guard isFolder(folder) else {
      throw ValidationError("cannot write '\(path)': '\(folder)' is not a folder")
    }
  }

  /// A usage error unless `path` is a folder that exists.
  ///
  /// - Parameter option: The option that named the folder, as in `--output-dir`.
  static func checkFolder(_ path: String, option: String) throws(ValidationError) {
    guard exists(path) else {
      throw ValidationError(
        "the folder '\(path)' given to \(option) does not exist; create it first, "
          + "as in mkdir -p \(path)")
    }
    guard isFolder(path) else {
      throw ValidationError("'\(path)' given to \(option) is not a folder")
    }
  }

  /// `folder/name`, with exactly one slash between them.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The folder `path` is in: `.` for a bare file name, `/` for a file at the root.
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether something is at `path`.
  private static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// The extension of `path`'s file name, as in `svg` for `run.svg`; `nil`
  /// when the name has none (`Makefile`, `.hidden`).
  static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return String(name[name.index(after: dot)...])
  }

  /// Whether a character device or a FIFO is at `path` (following symbolic
  /// links): `/dev/null`, `/dev/stdout`, a named pipe, which are written to
  /// in place and have no extension to read a format from.
  static func isDevice(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFCHR || type == S_IFIFO
  }

  /// Whether a folder is at `path` (following symbolic links).
  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
