extension Pages {
  /// The checkout's file or folder at `path` as the class view shows it:
  /// Markdown rendered as GitHub renders it, Swift highlighted, an image
  /// as is, a folder as a list of what it holds; Markdown laid out as
  /// `mode` says.
  ///
  /// - Throws: `ServeError` (404) for what `CheckoutFiles` does not serve.
  static func checkout(
    _ path: String, root: String, mode: PageMode = .normal
  ) throws(ServeError) -> ServeResponse {
    switch try CheckoutFiles(root: root).entry(at: path) {
    case .folder(let names): return .html(folder(path, names: names))
    case .file(.markdown, let bytes):
      return .html(markdown(path, String(decoding: bytes, as: UTF8.self), mode: mode))
    case .file(.swift, let bytes): return .html(swift(path, String(decoding: bytes, as: UTF8.self)))
    case .file(.svg, let bytes): return .svg(bytes)
    case .file(.png, let bytes):
      return ServeResponse(status: 200, contentType: "image/png", body: bytes)
    }
  }

  /// A Markdown file, its relative links leading to the class view's pages.
  private static func markdown(_ path: String, _ text: String, mode: PageMode) -> String {
    let html = GitHubMarkdown.html(text) { CheckoutAddresses.resolve($0, from: path) }
    return document(
      title: path, address: CheckoutAddresses.address(of: path), mode: mode,
      body: "<article class=\"markdown\">\(html)</article>")
  }

  /// A Swift file, highlighted as the machine pages highlight the styles.
  private static func swift(_ path: String, _ text: String) -> String {
    let lines = SourceHighlighter.lines(of: text).map { "<span class=\"line\">\($0)</span>" }
    return layout(
      title: path,
      body: """
        <h1 class="path">\(escaped(path))</h1>
        <pre class="swift-file"><code>\(lines.joined())</code></pre>
        """)
  }

  /// A folder: its folders, then its files, each a link.
  private static func folder(_ path: String, names: [String]) -> String {
    let items = names.map { name in
      let address = CheckoutAddresses.address(of: path + "/" + name)
      return "<li><a href=\"\(escaped(address))\">\(escaped(name))</a></li>"
    }
    return layout(
      title: path,
      body: """
        <h1 class="path">\(escaped(path))/</h1>
        <ul class="folder">\(items.joined(separator: "\n"))</ul>
        """)
  }
}
