import Foundation

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
    return matches(Array(first.unicodeScalars), Array(name.unicodeScalars))
      && matches(pattern.dropFirst(), path.dropFirst())
  }

  /// Whether `name` matches the glob `pattern`: `*` any characters, `?`
  /// one, `[...]` one of a set, `\` the next character as it is.
  static func matches(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
    var (p, n) = (0, 0)
    // The last `*` and where in the name it took up to, to go back to.
    var star: (p: Int, n: Int)?
    while n < name.count {
      if p < pattern.count, pattern[p] == "*" {
        star = (p, n)
        p += 1
      } else if p < pattern.count, let next = token(pattern, at: p, matching: name[n]) {
        (p, n) = (next, n + 1)
      } else if let last = star {
        // The star takes one more character.
        star = (last.p, last.n + 1)
        (p, n) = (last.p + 1, last.n + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  /// Where the pattern goes on after its token at `p` when the token
  /// matches `character`; `nil` when it does not.
  private static func token(
    _ pattern: [Unicode.Scalar], at p: Int, matching character: Unicode.Scalar
  ) -> Int? {
    switch pattern[p] {
    case "?": return p + 1
    case "\\" where p + 1 < pattern.count: return pattern[p + 1] == character ? p + 2 : nil
    case "[":
      // A `[` without its `]` is itself.
      guard let (matched, end) = set(pattern, at: p, matching: character) else { break }
      return matched ? end : nil
    default: break
    }
    return pattern[p] == character ? p + 1 : nil
  }

  /// Whether the set `[...]` at `start` holds `character`, and where the
  /// pattern goes on after it; `nil` when the set is not closed.
  private static func set(
    _ pattern: [Unicode.Scalar], at start: Int, matching character: Unicode.Scalar
  ) -> (matched: Bool, end: Int)? {
    var i = start + 1
    let negated = i < pattern.count && (pattern[i] == "!" || pattern[i] == "^")
    if negated { i += 1 }
    var matched = false
    var first = true  // A `]` first in the set is one of its characters.
    while i < pattern.count {
      if pattern[i] == "]" && !first { return (matched != negated, i + 1) }
      first = false
      if pattern[i] == "\\", i + 1 < pattern.count { i += 1 }
      let low = pattern[i]
      if i + 2 < pattern.count, pattern[i + 1] == "-", pattern[i + 2] != "]" {
        // Not a range value: `[z-a]` would trap, and git matches nothing by it.
        if low <= character && character <= pattern[i + 2] { matched = true }
        i += 3
      } else {
        if low == character { matched = true }
        i += 1
      }
    }
    return nil
  }
}
