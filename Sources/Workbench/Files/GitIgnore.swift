import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What git ignores in the checkout, read from its `.gitignore` files: what
/// the workbench generates (`tour-output/`, `out/`, the build folders) and
/// backups, which the class view does not serve as if they were part of it.
///
/// The rules are git's (`gitignore(5)`): the `.gitignore` of each folder
/// from the root down, a later pattern deciding over an earlier one and a
/// deeper file over a higher one; `!` takes a path back, but nothing in a
/// folder that is ignored; a pattern with a `/` before its end is anchored
/// to its file's folder, one without matches a name at any depth; a
/// trailing `/` matches only folders; `*`, `?`, `[a-z]`, `[!a-z]`, `**` and
/// `\` as git reads them. Git's other sources (`.git/info/exclude`, a
/// global file) are a person's, not the checkout's, and are not read.
///
/// Read here rather than asked of git (`git check-ignore`): the class view
/// may serve a copy of the workbench that is not a repository, and no
/// package at hand reads `.gitignore`; each name is matched by the C
/// library's `fnmatch(3)`, only the folder rules above are this type's.
struct GitIgnore {
  /// One pattern of a `.gitignore`.
  struct Rule: Equatable {
    /// The parts of the path of the folder whose `.gitignore` holds it.
    var base: [String]

    /// The pattern's parts, anchored to `base`: one that matches at any
    /// depth starts with `**`.
    var parts: [String]

    /// Whether the pattern takes back what an earlier one ignored (`!`).
    var negated = false

    /// Whether it matches only folders (a trailing `/`).
    var foldersOnly = false

    /// Reads a line of a `.gitignore` in the folder `base`; `nil` for a
    /// blank line or a comment.
    init?(_ line: Substring, base: [String]) {
      var text = String(line.hasSuffix("\r") ? line.dropLast() : line)
      // Trailing spaces are dropped, unless a backslash escapes them.
      while text.hasSuffix(" ") && !text.hasSuffix("\\ ") { text.removeLast() }
      guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
      if text.hasPrefix("!") {
        negated = true
        text.removeFirst()
      }
      if text.hasSuffix("/") {
        foldersOnly = true
        text.removeLast()
      }
      let anchored = text.contains("/")
      parts = text.split(separator: "/").map(String.init)
      guard !parts.isEmpty else { return nil }
      if !anchored { parts.insert("**", at: 0) }
      self.base = base
    }

    /// Whether the rule matches the path `parts` (from the root), a folder
    /// if `isFolder`.
    func matches(_ path: ArraySlice<String>, isFolder: Bool) -> Bool {
      guard !foldersOnly || isFolder, path.starts(with: base) else { return false }
      return GitIgnore.matches(parts[...], path.dropFirst(base.count))
    }
  }

  /// The checkout's root.
  let root: String

  /// Whether git ignores the file or folder at `path`, whose parts are
  /// given from the root: it, or a folder it is in.
  func ignores(_ path: [String], isFolder: Bool) -> Bool {
    var rules: [Rule] = []
    for end in path.indices {
      rules += Self.rules(in: path[..<end], root: root)
      let isLast = end == path.count - 1
      if Self.ignores(path[...end], isFolder: !isLast || isFolder, by: rules) { return true }
    }
    return false
  }

  /// The rules for what is inside the folder `folder` (its parts from the
  /// root), which git does not ignore: the `.gitignore` files of the root
  /// and of each folder down to it.
  func rules(inside folder: [String]) -> [Rule] {
    (0...folder.count).flatMap { Self.rules(in: folder[..<$0], root: root) }
  }

  /// Whether `rules` ignore `path` itself, the folders it is in left aside.
  static func ignores(_ path: ArraySlice<String>, isFolder: Bool, by rules: [Rule]) -> Bool {
    // The last pattern that matches decides.
    rules.last(where: { $0.matches(path, isFolder: isFolder) }).map { !$0.negated } ?? false
  }

  /// The rules of the `.gitignore` in `folder`, if it has one.
  private static func rules(in folder: ArraySlice<String>, root: String) -> [Rule] {
    let file = OutputPath.join(root, (folder + [".gitignore"]).joined(separator: "/"))
    guard let data = FileManager.default.contents(atPath: file) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
      .compactMap { Rule($0, base: Array(folder)) }
  }

  /// Whether the pattern's parts match the path's, each part by `matches`
  /// and `**` by any number of parts (at least one, at the end).
  private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      guard !rest.isEmpty else { return !path.isEmpty }
      return path.indices.contains { matches(rest, path[$0...]) }
    }
    guard let name = path.first else { return false }
    return matches(first, name)
      && matches(pattern.dropFirst(), path.dropFirst())
  }

  /// Whether `name` matches the glob `pattern` of one path component:
  /// `*` any characters, `?` one, `[...]` one of a set (`[!...]` none of
  /// it), `\` the next character as it is. These are the C library's
  /// `fnmatch(3)` rules, which git's own matcher follows within a name.
  static func matches(_ pattern: String, _ name: String) -> Bool {
    fnmatch(pattern, name, 0) == 0
  }
}
