import Testing

@testable import Workbench

@Suite("The class view's Markdown: rendered as GitHub renders it")
struct GitHubMarkdownTests {
  /// `markdown` as HTML, its links left as written.
  private func html(_ markdown: String) -> String {
    GitHubMarkdown.html(markdown) { $0 }
  }

  @Test("GitHub's extensions: tables, strikethrough, autolinks, task lists, and tagfilter")
  func extensions() {
    let page = html(
      """
      | state | event |
      |-------|-------|
      | locked | coin |

      ~~gone~~ at https://example.com/a

      - [x] done
      - [ ] to do

      <script>alert(1)</script>
      """)
    #expect(page.contains("<td>locked</td>"))
    #expect(page.contains("<del>gone</del>"))
    #expect(page.contains(#"<a href="https://example.com/a">https://example.com/a</a>"#))
    #expect(page.contains(#"<input type="checkbox" checked="" disabled="" />"#))
    #expect(page.contains("&lt;script>"))
    #expect(!page.contains("<script>"))
  }

  @Test("Markdown inside <details>, between blank lines, is rendered, code blocks included")
  func detailsHints() {
    let page = html(
      """
      <details><summary>Hint</summary>

      A `switch` over *both*:

      ```swift
      switch (state, event) {
      case (.locked, .coin): .unlocked
      }
      ```

      </details>
      """)
    #expect(page.contains("<details><summary>Hint</summary>"))
    #expect(page.contains("<p>A <code>switch</code> over <em>both</em>:</p>"))
    #expect(
      page.contains(#"<pre><code class="language-swift"><span class="k">switch</span> (state"#))
    #expect(page.contains("<span class=\"k\">case</span> (.locked, .coin): .unlocked\n}"))
  }

  @Test("Swift blocks are highlighted, their text unchanged; other blocks are left as they are")
  func swiftHighlighted() {
    let swift = """
      let gate = Turnstile() // "a <gate>"
      print(gate.coin(), 2 & 3)

      struct Open {}
      """
    let page = html("```swift\n\(swift)\n```\n\n```sh\nlet x = 1 // not Swift\n```\n")
    #expect(page.contains(#"<span class="k">let</span> gate = <span class="t">Turnstile</span>()"#))
    #expect(page.contains(#"<span class="c">// &quot;a &lt;gate&gt;&quot;</span>"#))
    #expect(page.contains(#"<span class="n">2</span> &amp; <span class="n">3</span>"#))
    #expect(page.contains(#"<pre><code class="language-sh">let x = 1 // not Swift"#))
    // What a reader sees, tags taken off and characters unescaped, is the block.
    let block = page.firstMatch(of: #/<code class="language-swift">([\s\S]*?)</code>/#)?.1 ?? ""
    let text = block.replacing(#/<[^>]+>/#, with: "")
      .replacing("&lt;", with: "<").replacing("&gt;", with: ">")
      .replacing("&quot;", with: "\"").replacing("&amp;", with: "&")
    #expect(text == swift + "\n")
  }

  @Test("inline code and emphasis across a line break, and a line that starts with code")
  func acrossLines() {
    let page = html(
      """
      Send `coin` and *then
      pass* to the `Turnstile
      .Enum`, then
      `step` again.
      """)
    #expect(page.contains("<em>then\npass</em>"))
    #expect(page.contains("<code>Turnstile .Enum</code>"))
    // One paragraph: a line that starts with inline code continues it.
    #expect(page.components(separatedBy: "<p>").count == 2)
    #expect(page.contains("then\n<code>step</code> again."))
  }

  @Test("headings get GitHub's ids: lower case, punctuation dropped, duplicates numbered")
  func headingIDs() {
    let page = html(
      """
      # Lesson 1: Finite state machines
      ## Exercise 1.2: A puzzle, with `step`
      ## Exercises
      ## Exercises
      ### Exercises
      ## Café_au-lait  twice!
      <h2>Raw HTML</h2>
      """)
    #expect(page.contains(#"<h1 id="lesson-1-finite-state-machines">Lesson 1: "#))
    #expect(page.contains(#"<h2 id="exercise-12-a-puzzle-with-step">"#))
    #expect(page.contains(#"<h2 id="exercises">Exercises</h2>"#))
    #expect(page.contains(#"<h2 id="exercises-1">Exercises</h2>"#))
    #expect(page.contains(#"<h3 id="exercises-2">Exercises</h3>"#))
    #expect(page.contains(#"<h2 id="café_au-lait--twice">"#))
    // Raw HTML is the author's own: left as written.
    #expect(page.contains("<h2>Raw HTML</h2>"))
  }

  @Test("GitHub's slugs, one heading at a time")
  func slugs() {
    var slugs = HeadingSlugs()
    #expect(slugs.slug(for: "The State pattern") == "the-state-pattern")
    #expect(slugs.slug(for: "The state-pattern") == "the-state-pattern-1")
    #expect(slugs.slug(for: "the-state-pattern-1") == "the-state-pattern-1-1")
    #expect(slugs.slug(for: "(state, event) → next") == "state-event--next")
    #expect(slugs.slug(for: "") == "")
  }

  @Test("every link's and image's address goes through the rewriting, nothing else does")
  func linksAreRewritten() {
    let page = GitHubMarkdown.html(
      "[next](02-three-styles.md) ![turnstile](../docs/t.svg) `[not](a.md)`"
    ) { "/rewritten/" + $0 }
    #expect(page.contains(#"<a href="/rewritten/02-three-styles.md">next</a>"#))
    #expect(page.contains(#"<img src="/rewritten/../docs/t.svg" alt="turnstile" />"#))
    #expect(page.contains("<code>[not](a.md)</code>"))
  }
}
