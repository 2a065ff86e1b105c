import Foundation
import StateMachines
import Testing

@testable import Workbench

@Suite("fsm serve: the lessons, rendered as GitHub renders them")
struct ClassViewLessonsTests {
  /// The lessons of the checkout.
  static let catalog = LessonCatalog(root: ".")

  /// The lessons' numbers, for parameterized tests.
  static let numbers = catalog.lessons.map(\.number)

  @Test("there are lessons to test")
  func lessonsAreFound() {
    #expect(Self.numbers == Array(1...Self.numbers.count))
    #expect(Self.numbers.count >= 14)
  }

  @Test("the hints in <details> are rendered Markdown, code blocks included", arguments: numbers)
  func hints(lesson number: Int) throws {
    let lesson = try #require(Self.catalog.lesson(String(number)))
    let page = text(of: ClassViewClient().request("GET", "/lessons/\(number)"))
    let hints = Self.elements("details", in: page)
    let sources = lesson.markdown.components(separatedBy: "<details>").dropFirst().map {
      $0.components(separatedBy: "</details>")[0]
    }
    #expect(hints.count == sources.count)
    for hint in hints {
      #expect(hint.contains("<p>"), "\(hint)")
      #expect(!Self.readableText(hint).contains("`"), "\(hint)")
      #expect(!hint.contains("```"), "\(hint)")
    }
    // A hint's fenced block is a code block of its own.
    #expect(
      hints.filter { $0.contains("<pre><code") }.count
        == sources.filter { $0.contains("```") }.count)
  }

  @Test(
    "no raw Markdown in a lesson's text: no backticks, stars or underscores", arguments: numbers)
  func noRawMarkdown(lesson number: Int) throws {
    let page = text(of: ClassViewClient().request("GET", "/lessons/\(number)"))
    let article = try #require(Self.elements("article", in: page).first)
    let readable = Self.readableText(article)
    for raw in ["`", "**", "__"] {
      #expect(!readable.contains(raw), "lesson \(number): \(Self.around(raw, in: readable))")
    }
    // `*word*` left as is: a star not inside a word, text, a star not inside a word.
    let emphasis = try Regex(#"(^|[^\w*])\*[^\s*][^*]*\*([^\w*]|$)"#)
    #expect(readable.firstMatch(of: emphasis) == nil, "lesson \(number)")
  }

  @Test("headings have GitHub's ids, so the lessons' #anchors land")
  func headingIDs() {
    let page = text(of: ClassViewClient().request("GET", "/lessons/1"))
    #expect(page.contains(#"<h1 id="lesson-1-finite-state-machines">"#))
    #expect(page.contains(#"<h2 id="exercises">Exercises</h2>"#))
    #expect(page.contains(#"<h3 id="exercise-11-the-table-as-a-function">"#))
    let readme = text(of: ClassViewClient().request("GET", "/lessons/README.md"))
    #expect(readme.contains(#"<h2 id="exercises">"#))
  }

  @Test("every lesson page links the lessons before and after it", arguments: numbers)
  func previousAndNext(lesson number: Int) {
    let page = text(of: ClassViewClient().request("GET", "/lessons/\(number)"))
    let last = Self.numbers.last ?? number
    let next =
      number == last
      ? #"<a href="/lessons">Next: the list of lessons</a>"#
      : #"<a rel="next" href="/lessons/\#(number + 1)">Next: Lesson \#(number + 1): "#
    let previous =
      number == 1
      ? #"<a href="/lessons">Previous: the list of lessons</a>"#
      : #"<a rel="prev" href="/lessons/\#(number - 1)">Previous: Lesson \#(number - 1): "#
    #expect(page.components(separatedBy: next).count == 3, "lesson \(number): top and bottom")
    #expect(page.components(separatedBy: previous).count == 3, "lesson \(number)")
  }

  @Test("presenting: a lesson, the list and a document; the link back, and Next keeps presenting")
  func presenting() {
    let client = ClassViewClient()
    for (address, page) in [
      ("/lessons/2", "lessons/2"), ("/lessons", "lessons"),
      ("/docs/semantics.md", "docs/semantics.md"),
    ] {
      let normal = text(of: client.request("GET", address))
      #expect(normal.contains(#"<body class="document">"#), "\(page)")
      #expect(
        normal.contains(#"<a id="present-link" href="\#(address)?view=present">Present (p)</a>"#))
      #expect(normal.contains(#"<script src="/assets/reading.js"></script>"#))
      let present = text(of: client.request("GET", address + "?view=present"))
      #expect(present.contains(#"<body class="document present">"#), "\(page)")
      #expect(
        present.contains(#"<a id="present-link" href="\#(address)">Leave the presentation (p)</a>"#)
      )
    }
    let lesson = text(of: client.request("GET", "/lessons/2?view=present"))
    #expect(lesson.contains(#"<a rel="next" href="/lessons/3?view=present">"#))
    #expect(lesson.contains(#"<a rel="prev" href="/lessons/1?view=present">"#))
    let follow = client.request("GET", "/lessons/2?view=follow")
    #expect(follow.status == 400)
    #expect(text(of: follow).contains("views: normal or present"))
    #expect(client.request("GET", "/docs/semantics.md?view=nonsense").status == 400)
  }

  @Test(
    "every lesson's Markdown ends with its Next line, as GitHub's readers need", arguments: numbers)
  func markdownEndsWithNext(lesson number: Int) throws {
    let lesson = try #require(Self.catalog.lesson(String(number)))
    let lastParagraph =
      lesson.markdown.trimmingCharacters(in: .whitespacesAndNewlines)
      .components(separatedBy: "\n\n").last ?? ""
    if let next = Self.catalog.neighbours(of: lesson).next {
      #expect(lastParagraph.hasPrefix("Next: [Lesson \(next.number), "), "lesson \(number)")
      #expect(lastParagraph.hasSuffix("](\(next.file))."), "lesson \(number)")
    } else {
      #expect(lastParagraph.contains("](README.md)"), "the last lesson leads back to the list")
    }
  }

  @Test("each lesson links the live pages of the machines it uses", arguments: numbers)
  func machineLinks(lesson number: Int) throws {
    let client = ClassViewClient()
    let page = text(of: client.request("GET", "/lessons/\(number)"))
    let line = try #require(Self.elements("p class=\"lesson-machines\"", in: page).first)
    let linked = line.matches(of: #/href="/machines/([a-z-]+)"/#).map { String($0.output.1) }
    #expect(!linked.isEmpty)
    for id in linked {
      #expect(client.request("GET", "/machines/\(id)").status == 200, "\(id)")
    }
    let expected: [Int: String] = [
      1: "turnstile", 3: "security-system", 4: "security-system", 7: "gumball-machine",
      9: "tcp-connection", 10: "ticket-workflow", 16: "game-character", 17: "game-character",
    ]
    if let first = expected[number] { #expect(linked.first == first, "lesson \(number)") }
  }

  @Test("the machines a lesson uses: named by id or Swift type, as whole words, most used first")
  func machinesOfALesson() {
    let lesson = LessonCatalog.Lesson(
      number: 1, file: "01-a.md",
      markdown: """
        Run `fsm run turnstile`, then a `SecuritySystem.Enum` and `fsm run security-system`;
        not a TurnstileKit or turnstile-like gate, nor a gumball-machines list.
        """)
    #expect(lesson.machines.map { $0.id } == ["security-system", "turnstile"])
    #expect(lesson.title == "01-a.md")
  }

  // MARK: - Reading pages

  /// The contents of every `<name ...>...</name>` in `page`, the tag's own
  /// attributes given in `name` if any (`p class="x"`).
  static func elements(_ name: String, in page: String) -> [String] {
    let tag = String(name.prefix { $0 != " " })
    return page.components(separatedBy: "<\(name)").dropFirst().map { part in
      let content = part.drop { $0 != ">" }.dropFirst()
      return String(content.components(separatedBy: "</\(tag)>")[0])
    }
  }

  /// What a reader sees of `html` outside code: tags and code dropped,
  /// entities decoded.
  static func readableText(_ html: String) -> String {
    html.replacing(#/<pre[\s\S]*?<\/pre>/#, with: " ")
      .replacing(#/<code>[\s\S]*?<\/code>/#, with: " ")
      .replacing(#/<[^>]+>/#, with: "")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// Some text around the first `needle` in `text`, for a failure message.
  static func around(_ needle: String, in text: String) -> String {
    guard let range = text.range(of: needle) else { return "" }
    let start = text.index(range.lowerBound, offsetBy: -40, limitedBy: text.startIndex)
    let end = text.index(range.upperBound, offsetBy: 40, limitedBy: text.endIndex)
    return String(text[(start ?? text.startIndex)..<(end ?? text.endIndex)])
  }
}
