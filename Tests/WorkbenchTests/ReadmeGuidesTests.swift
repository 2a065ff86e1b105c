import Foundation
import Testing

@testable import Workbench

/// The README is what a newcomer reads in five minutes; the rest is in the
/// guides of `docs/`, each a page read from start to end. The README stays
/// short, and every relative link of the README, the docs' index and the
/// guides leads somewhere, on GitHub (a file or folder of the repository,
/// and a heading of it for a `#fragment`) and in the class view, which
/// serves the same files with their links rewritten.
@Suite("the README is short, and its links and the guides' lead somewhere")
struct ReadmeGuidesTests {
  /// The checkout's root: tests run from the package root.
  static let root = CatalogCompletenessTests.root

  /// The most lines the README may have.
  static let readmeLimit = 200

  /// The most lines of headline findings the README may show.
  static let headlineLimit = 10

  /// The guides, each a page of `docs/` that the README and the docs'
  /// index link.
  static let guides = [
    "docs/using-fsm.md", "docs/class-view.md", "docs/diagrams.md", "docs/benchmarks.md",
    "docs/results.md", "docs/conformance.md", "docs/api.md",
  ]

  /// The documents whose links are checked.
  static let documents = ["README.md", "docs/README.md"] + guides + ["CONTRIBUTING.md"]

  @Test("the README has at most 200 lines, and at most 10 of headline findings")
  func readmeIsShort() throws {
    let readme = CatalogCompletenessTests.text("README.md")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(
      lines.count <= Self.readmeLimit,
      "README.md has \(lines.count) lines: move a section to a guide in docs/")
    let begin = try #require(readme.range(of: "<!-- headline:begin -->\n"))
    let end = try #require(readme.range(of: "\n<!-- headline:end -->"))
    let headline = readme[begin.upperBound..<end.lowerBound].split(separator: "\n")
    #expect(!headline.isEmpty && headline.count <= Self.headlineLimit, "\(headline)")
  }

  @Test("the README and the docs' index link every guide", arguments: documents.prefix(2))
  func guidesAreLinked(from document: String) {
    let linked = Set(
      Self.links(in: CatalogCompletenessTests.text(document)).map { link in
        Self.target(of: link, from: document).path
      })
    for guide in Self.guides {
      #expect(linked.contains(guide), "\(document) does not link \(guide)")
    }
  }

  @Test("each guide opens with its title, then a paragraph on what it is for", arguments: guides)
  func guideOpens(guide: String) {
    let text = CatalogCompletenessTests.text(guide)
    let blocks = text.components(separatedBy: "\n\n")
    #expect(blocks.first?.hasPrefix("# ") == true, "\(guide) has no title")
    let opening = blocks.dropFirst().first ?? ""
    #expect(
      !opening.hasPrefix("#") && !opening.hasPrefix("```") && opening.count > 100,
      "\(guide) does not open with a paragraph that says what it is for")
  }

  @Test(
    "every relative link resolves on GitHub: a file or folder, and a heading",
    arguments: documents)
  func linksResolveOnGitHub(document: String) {
    let links = Self.links(in: CatalogCompletenessTests.text(document))
    #expect(!links.isEmpty)
    var broken: [String] = []
    for link in links where Self.isRelative(link) {
      let target = Self.target(of: link, from: document)
      guard CatalogCompletenessTests.exists(target.path) else {
        broken.append("\(link): no \(target.path)")
        continue
      }
      if let fragment = target.fragment {
        let anchors = Self.anchors(of: target.path)
        if !anchors.contains(fragment) {
          broken.append("\(link): no heading #\(fragment) in \(target.path)")
        }
      }
    }
    #expect(broken.isEmpty, "\(document): \(broken)")
  }

  @Test(
    "every link resolves in the class view: a page that answers, an id there",
    arguments: documents)
  func linksResolveInTheClassView(document: String) throws {
    let client = ClassViewClient()
    let address = CheckoutAddresses.address(of: document)
    let page = client.request("GET", address)
    try #require(page.status == 200, "\(address) answers \(page.status)")
    // The document's own links: the page's navigation is the crawl's.
    let html = text(of: page)
    let article = try #require(
      html.firstMatch(of: #/<article class="markdown">([\s\S]*)</article>/#)?.output.1)
    var ids: [String: Set<String>] = [:]
    var broken: [String] = []
    var checked = 0
    for link in ClassViewLinksTests.links(in: String(article)) {
      guard let target = ClassViewLinksTests.resolve(link, on: address) else { continue }
      checked += 1
      if ids[target.path] == nil {
        let answer = client.request("GET", target.path)
        guard answer.status == 200 else {
          broken.append("\(link): \(answer.status)")
          continue
        }
        ids[target.path] = Set(
          text(of: answer).matches(of: #/\sid="([^"]+)"/#).map { String($0.output.1) })
      }
      if let fragment = target.fragment, !(ids[target.path]?.contains(fragment) ?? false) {
        broken.append("\(link): no element #\(fragment)")
      }
    }
    #expect(checked > 0)
    #expect(broken.isEmpty, "\(address): \(broken)")
  }

  @Test("the link reader finds links and images, not code, and GitHub's heading ids")
  func readerFindsLinks() {
    let text = """
      See [the guide](docs/a.md#two-words) and ![a picture](images/b.png), not
      `[code](c.md)` nor ```` ```x [more](d.md) ```` nor:

      ```
      [fenced](e.md)
      ```
      [across a
      line](f.md "a title") and [away](https://example.com).
      """
    #expect(
      Self.links(in: text) == [
        "docs/a.md#two-words", "images/b.png", "f.md", "https://example.com",
      ])
    #expect(Self.isRelative("f.md") && !Self.isRelative("https://example.com"))
    #expect(!Self.isRelative("mailto:a@b.c"))
    let target = Self.target(of: "../Lessons/a%20b.md#x", from: "docs/guide.md")
    #expect(target.path == "Lessons/a b.md" && target.fragment == "x")
    #expect(Self.target(of: "#x", from: "docs/guide.md").path == "docs/guide.md")
    let headings = Self.headingAnchors(
      in: """
        # Using `fsm`

        ## Reading runs: `fsm compare`
        ```
        # not one
        ```
        ## Reading runs: `fsm compare`
        ### [A link](x.md)
        """)
    #expect(
      headings == ["using-fsm", "reading-runs-fsm-compare", "reading-runs-fsm-compare-1", "a-link"])
  }

  // MARK: - Reading Markdown

  /// The targets of the inline links and images of `markdown`, in order,
  /// outside code blocks and code spans.
  static func links(in markdown: String) -> [String] {
    let prose = withoutCode(markdown)
    return prose.matches(of: #/\]\(\s*([^\s)]+)(?:\s+"[^"]*")?\s*\)/#).map { String($0.output.1) }
  }

  /// `markdown` with its fenced blocks and code spans taken out.
  static func withoutCode(_ markdown: String) -> String {
    var kept: [Substring] = []
    var fenced = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if isFence(line) {
        fenced.toggle()
        continue
      }
      if !fenced { kept.append(line) }
    }
    // A code span: a run of backticks, up to the same run again.
    return kept.joined(separator: "\n").replacing(#/(`+)[\s\S]*?[^`]\1(?!`)/#, with: "")
  }

  /// Whether `line` opens or closes a fenced block: three backticks, not a
  /// line that starts with a code span of four (```` ```swift ````).
  static func isFence(_ line: Substring) -> Bool {
    let start = line.drop { $0 == " " }
    return start.hasPrefix("```") && !start.hasPrefix("````")
  }

  /// Whether `link` is relative: no scheme, not an absolute path.
  static func isRelative(_ link: String) -> Bool {
    !link.hasPrefix("/") && link.firstMatch(of: #/^[A-Za-z][A-Za-z0-9+.-]*:/#) == nil
  }

  /// The repository path and fragment `link` names, from the file at
  /// `document`, as GitHub resolves it.
  static func target(of link: String, from document: String) -> (path: String, fragment: String?) {
    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let fragment = parts.count == 2 ? String(parts[1]) : nil
    let written = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    guard !written.isEmpty else { return (document, fragment) }
    var path = document.split(separator: "/").dropLast().map(String.init)
    for part in written.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !path.isEmpty { path.removeLast() }
      default: path.append(String(part))
      }
    }
    return (path.joined(separator: "/"), fragment)
  }

  /// The ids GitHub gives the headings of the Markdown file at `path`;
  /// none for any other file.
  static func anchors(of path: String) -> Set<String> {
    guard path.hasSuffix(".md") else { return [] }
    return Set(headingAnchors(in: CatalogCompletenessTests.text(path)))
  }

  /// The ids of `markdown`'s headings, in order, as GitHub makes them
  /// (`HeadingSlugs`): a link in a heading counts by its text.
  static func headingAnchors(in markdown: String) -> [String] {
    var slugs = HeadingSlugs()
    var anchors: [String] = []
    var fenced = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if isFence(line) {
        fenced.toggle()
        continue
      }
      guard !fenced, let heading = line.firstMatch(of: #/^#{1,6}\s+(.*?)\s*#*\s*$/#) else {
        continue
      }
      let text = String(heading.output.1).replacing(#/\[([^\]]*)\]\([^)]*\)/#) { $0.output.1 }
      anchors.append(slugs.slug(for: text))
    }
    return anchors
  }
}
