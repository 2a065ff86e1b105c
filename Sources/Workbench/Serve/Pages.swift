import StateMachines

/// The class view's HTML pages, written from Swift: no template engine is
/// needed for five pages, and every asset comes from this server.
enum Pages {
  /// A page with the class view's head and navigation around `body`.
  static func layout(title: String, body: String, bodyClass: String = "") -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title)) · fsm class view</title>
    <link rel="stylesheet" href="/assets/class-view.css">
    <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
    <script src="/assets/theme.js"></script>
    </head>
    <body class="\(bodyClass)">
    <nav><a href="/">Machines</a> <a href="/costs">Costs</a> <a href="/lessons">Lessons</a>\
    <label class="theme">Theme <select id="theme-choice">\
    <option value="system">as the system</option><option value="light">light</option>\
    <option value="dark">dark</option><option value="contrast">high contrast</option>\
    </select></label></nav>
    <main>
    \(body)
    </main>
    </body>
    </html>
    """
  }

  /// A lesson or another Markdown page at `address` (without `?view=`):
  /// `layout` with the link that presents it, or leaves the presentation,
  /// and the script of its key p and of its images' sizes.
  static func document(title: String, address: String, mode: PageMode, body: String) -> String {
    let link =
      mode == .present
      ? "<a id=\"present-link\" href=\"\(escaped(address))\">Leave the presentation (p)</a>"
      : "<a id=\"present-link\" href=\"\(escaped(address))?view=present\">Present (p)</a>"
    return layout(
      title: title,
      body: """
        <p class="reading-toolbar">\(link)</p>
        \(body)
        <script src="/assets/reading.js"></script>
        """,
      bodyClass: mode == .present ? "document present" : "document")
  }

  /// `/`: every machine with its diagram.
  static func index(_ view: ClassView) -> String {
    let cards = Machines.all.map { machine in
      let diagram =
        (try? view.renderer.svg(
          machine.diagram(direction: view.renderer.direction(of: machine)), current: "")) ?? ""
      return """
        <article class="card">
        <h2><a href="/machines/\(machine.id)">\(machine.id)</a></h2>
        <p>\(escaped(machine.summary))</p>
        <a class="thumb" href="/machines/\(machine.id)" aria-label="open \(machine.id)">\(diagram)</a>
        </article>
        """
    }
    return layout(
      title: "Machines",
      body: """
        <h1>The State pattern workbench</h1>
        <p>\(Machines.all.count) machines, each written in \(NumberWords.text(Style.allCases.count)) \
        styles and in variants of them. Open one to run events through every one \
        at once and watch them agree.</p>
        <div class="cards">\(cards.joined(separator: "\n"))</div>
        """)
  }

  /// `/machines/ID`: the diagram, the events, the trace and the sources,
  /// laid out as `mode` says; a teacher's page shows the follow link.
  static func machine(
    _ machine: any CatalogMachine.Type, diagram: String, view: ClassView,
    mode: PageMode = .normal, teacher: Bool = false
  ) -> String {
    let events = machine.eventSignatures.enumerated().map { index, signature in
      let field =
        signature.parameter.map { kind in
          """
          <input name="argument" placeholder="\(escaped(kind))" \
          aria-label="\(escaped(signature.name)) \(escaped(kind))" required>
          """
        } ?? ""
      // Keys 1 to 9 send (or, with an argument, start typing) the first nine events.
      let key = index < 9 ? "<kbd class=\"key\">\(index + 1)</kbd>" : ""
      return """
        <form class="event" data-event="\(escaped(signature.name))"\
        \(index < 9 ? " data-key=\"\(index + 1)\"" : "")>\(field)\
        <button type="submit">\(key)\(escaped(signature.name))</button></form>
        """
    }
    let clock =
      machine.hasClock
      ? """
      <label class="clock"><input type="checkbox" id="real-clock"> real clock \
      (time passes by itself; wait sends virtual time)</label>
      """ : ""
    return layout(
      title: machine.id,
      body: """
        <h1 id="machine" data-machine="\(machine.id)" data-mode="\(mode.rawValue)">\(machine.id)</h1>
        \(toolbar(machine, mode: mode, teacher: teacher ? view.classroom.reach : nil))
        <p class="summary">\(escaped(machine.summary))</p>
        <div class="play">
        <section class="diagram-pane" aria-label="diagram">
        \(stepControl(mode: mode))
        <div id="diagram">\(diagram)</div>
        </section>
        <section class="controls" aria-label="events">
        <p class="status">State <strong id="state"></strong> · clock <span id="clock"></span> · \
        <span id="events-count"></span></p>
        <p id="agreement" role="status"></p>
        <fieldset id="events"\(mode == .follow ? " disabled" : "")>\
        <legend>Events</legend>\(events.joined(separator: "\n"))</fieldset>
        \(mode == .follow ? "" : clock)
        <p class="restart"><button type="button" id="reset">Start again</button></p>
        <p id="message" role="alert"></p>
        <h2 class="trace-title">Trace</h2>
        <div class="trace-box" tabindex="0" aria-label="trace">
        <table id="trace"><thead><tr><th>#</th><th>event</th><th>from</th><th>via</th>\
        <th>to</th><th>fired</th><th>outputs</th><th>agree</th></tr></thead><tbody></tbody></table>
        </div>
        </section>
        </div>
        <h2 class="styles-title">\(sourcesTitle(of: machine))</h2>
        <p class="note">The lines that handled the step shown (the last, unless you went back) \
        are marked in each implementation, found \
        by reading the source for the event and the state it arrived in.</p>
        <div class="sources" style="--styles: \(machine.styles.count)">\
        \(sources(of: machine, view: view))</div>
        <script src="/assets/class-view.js"></script>
        """,
      bodyClass: "mode-\(mode.rawValue)")
  }

  /// The step shown, and the buttons that go back to an earlier one and
  /// forward again (the diagram, the trace's row and the marked code show
  /// that step); a follower shows the teacher's and has no buttons.
  private static func stepControl(mode: PageMode) -> String {
    let status = "<span id=\"step-shown\" role=\"status\">No steps yet</span>"
    guard mode != .follow else { return "<div id=\"step-control\">\(status)</div>" }
    return """
      <div id="step-control" role="group" aria-label="the step shown">\
      <button type="button" id="step-back" aria-keyshortcuts="ArrowLeft" disabled>\
      <kbd class="key">←</kbd>back</button> \(status) \
      <button type="button" id="step-forward" aria-keyshortcuts="ArrowRight" disabled>\
      <kbd class="key">→</kbd>forward</button> \
      <form id="step-to"><label><kbd class="key">g</kbd><span class="words">to step</span> \
      <input id="step-number" type="number" min="1" placeholder="step" required></label> \
      <button type="submit">show</button></form> \
      <button type="button" id="step-latest" aria-keyshortcuts="l" disabled>\
      <kbd class="key">l</kbd>latest</button></div>
      """
  }

  /// The heading over the panes: the styles, and the variants when the
  /// machine lists any, counted from its list.
  static func sourcesTitle(of machine: any CatalogMachine.Type) -> String {
    let styles = machine.styles.count
    let variants = machine.panes.count - styles
    let title = "The \(NumberWords.text(styles)) style\(styles == 1 ? "" : "s")"
    guard variants > 0 else { return title }
    return title + " and \(NumberWords.text(variants)) variant\(variants == 1 ? "" : "s")"
  }

  /// The code of each implementation the machine is written in, a pane
  /// each, headed by its id, its label and its file, each line numbered
  /// for marking. On the page, each style heads a column, its variants
  /// under it (`--column`, `--row`); presenting shows one or two panes.
  private static func sources(of machine: any CatalogMachine.Type, view: ClassView) -> String {
    var rowsTaken: [Style: Int] = [:]
    return machine.panes.map { implementation in
      let file = view.sources.file(machine: machine.id, implementation: implementation)
      let lines = (file?.lines ?? []).enumerated().map { index, line in
        "<span class=\"line\" data-line=\"\(index + 1)\">\(SourceHighlighter.html(line))</span>"
      }
      let body =
        file == nil
        ? "<p>No source found: run fsm serve from the workbench's root.</p>"
        : "<pre><code>\(lines.joined())</code></pre>"
      let name =
        file.flatMap { $0.path.split(separator: "/").last.map(String.init) }
        ?? machine.fileName(of: implementation)
      let column = (machine.styles.firstIndex(of: implementation.style) ?? 0) + 1
      rowsTaken[implementation.style, default: 0] += 1
      let id = implementation.description
      // A style's id says what its label says (`enum`, `enum`); a variant's
      // label says what the variant changes, which its id only hints at.
      let label =
        implementation.variant == .asWritten
        ? "" : " <span class=\"label\">\(escaped(implementation.label))</span>"
      return """
        <div class="source" data-style="\(id)" \
        style="--column: \(column); --row: \(rowsTaken[implementation.style] ?? 1)">
        <h3><span class="pane-id">\(id)</span>\(label) <span class="file">\(escaped(name))</span></h3>
        <div class="code">\(body)</div>
        </div>
        """
    }.joined(separator: "\n")
  }

  /// The links and switches above a machine: the other layouts, the
  /// styles shown when presenting, the theme; the follow link for the
  /// teacher (`teacher`, where students reach the server); the way out of
  /// following for a follower.
  private static func toolbar(
    _ machine: any CatalogMachine.Type, mode: PageMode, teacher: Classroom.Reach?
  ) -> String {
    let page = "/machines/\(machine.id)"
    var items: [String] = []
    switch mode {
    case .normal:
      items.append("<a id=\"present-link\" href=\"\(page)?view=present\">Present (p)</a>")
    case .present:
      // Every pane's implementation, as the keys [ ] { } go through them.
      let options = machine.panes.map { "<option>\($0.description)</option>" }.joined()
      items.append("<a href=\"\(page)\">Leave the presentation (p)</a>")
      items.append(
        """
        <label>Panes <select id="style-1" aria-label="first pane">\(options)</select></label> \
        <select id="style-2" aria-label="second pane"><option value="">none</option>\(options)\
        </select>
        """)
    case .follow:
      items.append(
        """
        <strong id="following">Following the teacher, live</strong> \
        <button type="button" id="continue">Continue on my own from here</button>
        """)
    }
    items.append(
      "<button type=\"button\" id=\"theme\" aria-pressed=\"false\">High contrast (c)</button>")
    items.append("<button type=\"button\" id=\"keys\" aria-expanded=\"false\">Keys (?)</button>")
    if let teacher { items.append(followLink(teacher)) }
    return """
      <div class="toolbar">\(items.joined(separator: " "))</div>
      <div id="key-help" hidden><p>1–9: the machine's events (one with an argument: its field \
      takes the keys; Enter sends it, Esc leaves it) · [ and ]: the first pane's implementation, \
      through all \(machine.panes.count) (the second pane's skipped) · { and }: the second \
      pane's: none, then all \(machine.panes.count) (the first pane's skipped) · d: the diagram \
      the whole screen, or not · p: present or leave · c: high contrast · ?: these keys</p>\
      <p>← and →: back and forward a step · g: to step n (type it, then Enter) · \
      l: the latest step</p></div>
      """
  }

  /// The teacher's line that tells the class where to follow: the server's
  /// addresses on the network, which students can type (never `localhost`,
  /// `127.x` or `0.0.0.0`); on a server that listens on loopback, that
  /// other computers cannot reach it and how to serve the network.
  static func followLink(_ reach: Classroom.Reach) -> String {
    switch reach {
    case .unknown:
      return #"<span id="follow-link">Students follow you at <a href="/follow">/follow</a></span>"#
    case .thisComputerOnly(let host):
      return """
        <span id="follow-link" class="this-computer-only">Students on other computers cannot \
        reach this server: it listens on \(escaped(host)) only. For a class, serve the \
        network: <code>fsm serve --host 0.0.0.0</code> (on this computer, followers open \
        <a href="/follow">/follow</a>)</span>
        """
    case .network(let links) where links.isEmpty:
      return """
        <span id="follow-link" class="this-computer-only">No network address found: is this \
        computer on a network? (on this computer, followers open <a href="/follow">/follow</a>)\
        </span>
        """
    case .network(let links):
      let anchors = links.map { link in
        "<a href=\"\(escaped(link.url))\">\(escaped(link.url))</a>"
          + (links.count > 1 && !link.interface.isEmpty ? " (\(escaped(link.interface)))" : "")
      }
      return """
        <span id="follow-link">Students follow you at \(anchors.joined(separator: " or "))</span>
        """
    }
  }
}
