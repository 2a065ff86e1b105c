import Foundation
import Testing

@testable import Workbench

@Suite("fsm serve: every link of every page leads somewhere")
struct ClassViewLinksTests {
  /// What a crawl of the class view found.
  struct Crawl: Sendable {
    /// Every page and file reached, by address, with its answer.
    var answers: [String: ServeResponse] = [:]
    /// Every link followed: the page it is on and its address as written.
    var links: [(page: String, link: String)] = []
  }

  /// Follows every same-origin `href` and `src` from `/`, `/lessons` and
  /// `/costs`, as a reader clicking through would, without a socket.
  static func crawl() -> Crawl {
    let client = ClassViewClient()
    var crawl = Crawl()
    var waiting = ["/", "/lessons", "/costs"]
    while let address = waiting.popLast() {
      guard crawl.answers[address] == nil else { continue }
      let response = client.request("GET", address)
      crawl.answers[address] = response
      guard response.status == 200, response.contentType.hasPrefix("text/html") else { continue }
      for link in links(in: text(of: response)) {
        crawl.links.append((address, link))
        guard let target = resolve(link, on: address) else { continue }
        if crawl.answers[target.path] == nil { waiting.append(target.path) }
      }
    }
    return crawl
  }

  /// The addresses of the links and images of `page`, entities decoded.
  static func links(in page: String) -> [String] {
    page.matches(of: #/(?:href|src)="([^"]*)"/#).map {
      String($0.output.1).replacingOccurrences(of: "&amp;", with: "&")
    }
  }

  /// `link` on the page at `page` as a path and fragment of this server;
  /// `nil` for a link elsewhere.
  static func resolve(_ link: String, on page: String) -> (path: String, fragment: String?)? {
    guard let base = URL(string: "http://class.view" + page),
      let url = URL(string: link, relativeTo: base)?.absoluteURL, url.host == "class.view"
    else { return nil }
    return (url.path.isEmpty ? "/" : url.path, url.fragment)
  }

  /// One crawl, shared by the tests: it renders every page once.
  static let found = crawl()

  @Test("every page, lesson, doc and file the pages link to answers 200")
  func everyLinkResolves() {
    let failing = Self.found.answers.filter { $0.value.status != 200 }.map(\.key).sorted()
    #expect(failing.isEmpty, "\(failing)")
    let failingLinks = Self.found.links.filter { page, link in
      guard let target = Self.resolve(link, on: page) else { return false }
      return Self.found.answers[target.path]?.status != 200
    }
    #expect(failingLinks.isEmpty, "\(failingLinks)")
  }

  @Test("the crawl reaches every lesson, every doc, the exercises and the READMEs")
  func everythingIsReached() throws {
    let reached = Set(Self.found.answers.keys)
    var expected = ClassViewLessonsTests.catalog.lessons.map { "/lessons/\($0.number)" }
    let docs = try FileManager.default.contentsOfDirectory(atPath: "docs/machines")
    expected += docs.filter { $0.hasSuffix(".md") }.map { "/docs/machines/\($0)" }
    expected += ReadmeGuidesTests.guides.map { CheckoutAddresses.address(of: $0) }
    expected += [
      "/docs/semantics.md", "/docs/README.md", "/docs/diagrams", "/README.md", "/CONTRIBUTING.md",
      "/lessons/README.md", "/Benchmarks/README.md", "/lessons/Exercises/Lesson1.swift",
      "/lessons/Exercises/Lesson16.swift", "/lessons/Exercises/Lesson17.swift",
    ]
    let missing = expected.filter { !reached.contains($0) }
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test("every #anchor names an element of its page")
  func everyAnchorLands() {
    var ids: [String: Set<String>] = [:]
    for (address, response) in Self.found.answers where response.contentType.hasPrefix("text/html")
    {
      ids[address] = Set(
        text(of: response).matches(of: #/\sid="([^"]+)"/#).map { String($0.output.1) })
    }
    var checked = 0
    var missing: [String] = []
    for (page, link) in Self.found.links {
      guard let target = Self.resolve(link, on: page), let fragment = target.fragment else {
        continue
      }
      checked += 1
      if !(ids[target.path]?.contains(fragment) ?? false) { missing.append("\(page): \(link)") }
    }
    #expect(missing.isEmpty, "\(missing)")
    #expect(checked > 20, "the lessons and docs link headings: \(checked) anchors checked")
  }
}
