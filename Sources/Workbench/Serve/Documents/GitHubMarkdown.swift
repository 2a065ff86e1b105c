import CCmarkGFM
import Foundation
import Synchronization

/// Markdown as HTML, rendered as GitHub renders a repository's files: by
/// cmark-gfm, GitHub's own renderer, with the extensions and options
/// GitHub uses, and headings given GitHub's ids.
///
/// The lessons are read on GitHub and in the class view; one renderer for
/// both means that what an author checks on GitHub (a hint's Markdown
/// inside `<details>`, inline code across a line break) is what the class
/// shows.
enum GitHubMarkdown {
  /// The syntax extensions of GitHub Flavored Markdown.
  static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

  /// Raw HTML kept (the lessons' hints are `<details>`; tagfilter still
  /// disarms `<script>` and the like, as on GitHub), and footnotes.
  static let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES

  /// Serializes every call into cmark-gfm: its table of special characters
  /// is global and written while parsing with extensions
  /// (github/cmark-gfm#176), and the class view answers requests on
  /// several threads.
  private static let cmark = Mutex(())

  /// `markdown` as HTML, every link's and image's address passed through
  /// `address` (which rewrites the relative ones for the class view), and
  /// every heading with the id GitHub gives it.
  static func html(_ markdown: String, address: (String) -> String) -> String {
    cmark.withLock { _ in render(markdown, address: address) }
  }

  /// The work of `html`, under the lock.
  private static func render(_ markdown: String, address: (String) -> String) -> String {
    cmark_gfm_core_extensions_ensure_registered()
    guard let parser = cmark_parser_new(options) else { return "" }
    defer { cmark_parser_free(parser) }
    for name in extensions {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    cmark_parser_feed(parser, markdown, markdown.utf8.count)
    guard let document = cmark_parser_finish(parser) else { return "" }
    defer { cmark_node_free(document) }
    let attached = cmark_parser_get_syntax_extensions(parser)
    var headings: [OpaquePointer] = []
    var swiftBlocks: [OpaquePointer] = []
    walk(document) { node in
      let type = cmark_node_get_type(node)
      if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
        let url = cmark_node_get_url(node).map({ String(cString: $0) })
      {
        cmark_node_set_url(node, address(url))
      } else if type == CMARK_NODE_HEADING {
        headings.append(node)
      } else if type == CMARK_NODE_CODE_BLOCK, isSwift(node) {
        swiftBlocks.append(node)
      }
    }
    var slugs = HeadingSlugs()
    for heading in headings {
      giveID(slugs.slug(for: text(of: heading)), to: heading, extensions: attached)
    }
    for block in swiftBlocks { highlight(block) }
    guard let html = cmark_render_html(document, options, attached) else { return "" }
    defer { free(html) }
    return String(cString: html)
  }

  /// Calls `body` with every node under `root`, in document order, once.
  private static func walk(_ root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { body(node) }
    }
  }

  /// The text a reader sees in `heading`, from which GitHub makes its id:
  /// its words and inline code, without the Markdown around them.
  private static func text(of heading: OpaquePointer) -> String {
    var text = ""
    walk(heading) { node in
      let type = cmark_node_get_type(node)
      if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE,
        let literal = cmark_node_get_literal(node)
      {
        text += String(cString: literal)
      } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
        text += " "
      }
    }
    return text
  }

  /// Whether `block` is fenced as Swift (```` ```swift ````): the first word
  /// of its info string, as GitHub reads the language.
  private static func isSwift(_ block: OpaquePointer) -> Bool {
    guard let info = cmark_node_get_fence_info(block) else { return false }
    return String(cString: info).split(separator: " ").first == "swift"
  }

  /// Replaces the Swift `block` with the same `<pre><code>` cmark-gfm
  /// writes, its code highlighted as the machine pages highlight the styles:
  /// GitHub colours a lesson's Swift, and a projector's back row reads
  /// colour more easily than a page of one grey. The text is unchanged.
  private static func highlight(_ block: OpaquePointer) {
    guard let literal = cmark_node_get_literal(block) else { return }
    var code = String(cString: literal)
    if code.hasSuffix("\n") { code.removeLast() }
    let lines = SourceHighlighter.lines(of: code).joined(separator: "\n")
    replace(block, withHTML: "<pre><code class=\"language-swift\">\(lines)\n</code></pre>\n")
  }

  /// Puts an HTML block holding `html` where `node` was, and frees `node`;
  /// leaves `node` as it was if cmark-gfm cannot.
  private static func replace(_ node: OpaquePointer, withHTML html: String) {
    guard let block = cmark_node_new(CMARK_NODE_HTML_BLOCK) else { return }
    cmark_node_set_literal(block, html)
    if cmark_node_replace(node, block) == 1 {
      cmark_node_free(node)
    } else {
      cmark_node_free(block)
    }
  }

  /// Replaces `heading` with its own HTML carrying `id`: cmark-gfm's HTML
  /// renderer writes no attributes on a heading, and editing its output
  /// afterwards could not tell a heading from the same tag in raw HTML.
  private static func giveID(
    _ id: String, to heading: OpaquePointer, extensions: UnsafeMutablePointer<cmark_llist>?
  ) {
    guard let rendered = cmark_render_html(heading, options, extensions) else { return }
    let html = String(cString: rendered)
    free(rendered)
    // `<h2>` is three characters before the attribute goes in.
    guard html.hasPrefix("<h"), html.count > 3 else { return }
    replace(heading, withHTML: "\(html.prefix(3)) id=\"\(escaped(id))\"\(html.dropFirst(3))")
  }
}
