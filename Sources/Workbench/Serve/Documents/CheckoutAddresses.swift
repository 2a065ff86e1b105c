import Foundation

/// Where the class view serves each file of the checkout, and where a
/// relative link in one of them leads.
///
/// The lessons live under `/lessons` (lesson N at `/lessons/N`), the
/// specification under `/docs`, and every other file at its path from the
/// checkout's root (`/README.md`, `/Benchmarks/README.md`). A lesson at
/// `/lessons/N` sits where its file sits in `Lessons/`, so its relative
/// links resolve here as on GitHub; rewriting them all to these addresses
/// makes the others (`Lessons/01-....md` from the README) resolve too.
enum CheckoutAddresses {
  /// The class view's address of the file or folder at `path`, relative to
  /// the checkout's root (`Lessons/01-finite-state-machines.md` is
  /// `/lessons/1`).
  static func address(of path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    guard parts.first == "Lessons" else { return encoded(parts) }
    if parts.count == 2, let number = LessonCatalog.number(ofFile: parts[1]) {
      return "/lessons/\(number)"
    }
    return encoded(["lessons"] + parts.dropFirst())
  }

  /// The checkout path that `address`'s parts name (the inverse of
  /// `address(of:)`), for the files that are not lessons.
  static func path(of parts: [String]) -> String {
    (parts.first == "lessons" ? ["Lessons"] + parts.dropFirst() : parts).joined(separator: "/")
  }

  /// `link`, found in the checkout's file at `path`, as the class view's
  /// address when it is relative (`../docs/diagrams` from a lesson is
  /// `/docs/diagrams`); an absolute link, a fragment alone, or a path that
  /// climbs out of the checkout is left as written.
  static func resolve(_ link: String, from path: String) -> String {
    guard !link.isEmpty, !link.hasPrefix("/"), !link.hasPrefix("#"), !hasScheme(link) else {
      return link
    }
    let fragmentStart = link.firstIndex { $0 == "#" || $0 == "?" } ?? link.endIndex
    let target = link[..<fragmentStart]
    guard let decoded = String(target).removingPercentEncoding else { return link }
    var parts = path.split(separator: "/").dropLast().map(String.init)
    for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return link }
        parts.removeLast()
      default: parts.append(String(part))
      }
    }
    return address(of: parts.joined(separator: "/")) + link[fragmentStart...]
  }

  /// Whether `link` starts with a scheme such as `https:` or `mailto:`.
  private static func hasScheme(_ link: String) -> Bool {
    guard let colon = link.firstIndex(of: ":") else { return false }
    let scheme = link[..<colon]
    return scheme.first?.isLetter == true
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
  }

  /// `parts` as an absolute address, each part percent-encoded.
  private static func encoded(_ parts: [String]) -> String {
    "/"
      + parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
      .joined(separator: "/")
  }
}
