import Foundation

/// The files of the checkout that the class view shows: what the lessons
/// and docs link to (the specification, the diagrams, the exercises, the
/// READMEs), and nothing else.
///
/// Only a file of a known type, or a folder, inside the checkout and
/// outside its hidden folders (`.git`, the build folders); nothing git
/// ignores (`GitIgnore`: what the workbench generates, as `tour-output/`
/// and `out/`, which is not part of the checkout); never a path with `..`,
/// nor one a symbolic link takes out of the checkout.
struct CheckoutFiles {
  /// What the class view does with a file, by its extension.
  enum Kind: String, CaseIterable {
    /// Markdown, rendered as GitHub renders it.
    case markdown = "md"
    /// Swift, shown highlighted.
    case swift
    /// A diagram or chart, as is.
    case svg
    /// A screenshot, as is.
    case png

    /// The kind of the file named `name`, if the class view serves it.
    init?(file name: String) {
      guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
      self.init(rawValue: String(name[name.index(after: dot)...]))
    }
  }

  /// What is at a path.
  enum Entry {
    /// A file of `kind` with its bytes.
    case file(Kind, [UInt8])
    /// A folder: the names of what the class view serves in it, folders
    /// first (each ending in `/`), then files, each group sorted.
    case folder([String])
  }

  /// The checkout's root.
  let root: String

  /// What is at `path`, relative to the root.
  ///
  /// - Throws: `ServeError` (404) naming what is served, for anything else.
  func entry(at path: String) throws(ServeError) -> Entry {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.allSatisfy(Self.isVisible), let full = inside(path) else {
      throw notServed(path)
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder),
      !GitIgnore(root: root).ignores(parts, isFolder: isFolder.boolValue)
    else {
      throw notServed(path)
    }
    if isFolder.boolValue { return .folder(listing(of: full, parts: parts)) }
    guard let kind = Kind(file: parts.last ?? ""),
      let data = FileManager.default.contents(atPath: full)
    else { throw notServed(path) }
    return .file(kind, Array(data))
  }

  /// Whether a part of a path may be served: not empty, not `.` or `..`,
  /// not hidden.
  private static func isVisible(_ part: String) -> Bool {
    !part.isEmpty && !part.hasPrefix(".")
  }

  /// The full path of `path` when it is inside the checkout once symbolic
  /// links are followed.
  private func inside(_ path: String) -> String? {
    let full = OutputPath.join(root, path)
    let checkout = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    let resolved = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
    return resolved.hasPrefix(checkout.hasSuffix("/") ? checkout : checkout + "/") ? full : nil
  }

  /// The served entries of the folder at `full`, whose parts from the root
  /// are `parts`.
  private func listing(of full: String, parts: [String]) -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [])
      .filter(Self.isVisible).sorted()
    let ignored = GitIgnore(root: root).rules(inside: parts)
    var folders: [String] = []
    var files: [String] = []
    for name in names {
      var isFolder: ObjCBool = false
      let path = OutputPath.join(full, name)
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !GitIgnore.ignores((parts + [name])[...], isFolder: isFolder.boolValue, by: ignored)
      else { continue }
      if isFolder.boolValue {
        folders.append(name + "/")
      } else if Kind(file: name) != nil {
        files.append(name)
      }
    }
    return folders + files
  }

  /// The 404 for `path`, naming what is served.
  private func notServed(_ path: String) -> ServeError {
    let kinds = Kind.allCases.map { ".\($0.rawValue)" }
    return ServeError(
      status: 404,
      message: "no file '\(path)' the class view shows; it shows the checkout's folders and "
        + "its \(kinds.joinedAsChoices) files (not hidden ones, nor what git ignores), and the "
        + "pages /, /machines/ID, /costs, /lessons and the API /api/machines")
  }
}
