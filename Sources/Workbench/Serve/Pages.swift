import StateMachines

/// The class view's HTML pages, written from Swift: no template engine is
/// needed for five pages, and every asset comes from this server.
enum Pages {
  /// A page with the class view's head and navigation around `body`.
  static func layout(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title)) · fsm class view</title>
    <link rel="stylesheet" href="/assets/class-view.css">
    <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
    </head>
    <body>
    <nav><a href="/">Machines</a> <a href="/costs">Costs</a> <a href="/lessons">Lessons</a></nav>
    <main>
    \(body)
    </main>
    </body>
    </html>
    """
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
        <p>\(Machines.all.count) machines, each written in five styles. Open one to run \
        events through every style at once and watch them agree.</p>
        <div class="cards">\(cards.joined(separator: "\n"))</div>
        """)
  }

  /// `/machines/ID`: the diagram, the events, the trace and the sources.
  static func machine(
    _ machine: any CatalogMachine.Type, diagram: String, view: ClassView
  ) -> String {
    let events = machine.eventSignatures.map { signature in
      let field =
        signature.parameter.map { kind in
          """
          <input name="argument" placeholder="\(escaped(kind))" \
          aria-label="\(escaped(signature.name)) \(escaped(kind))" required>
          """
        } ?? ""
      return """
        <form class="event" data-event="\(escaped(signature.name))">\(field)\
        <button type="submit">\(escaped(signature.name))</button></form>
        """
    }
    let clock =
      machine.hasClock
      ? """
      <label class="clock"><input type="checkbox" id="real-clock"> real clock \
      (time passes by itself; wait sends virtual time)</label>
      """ : ""
    let sources = Style.allCases.map { style in
      let file = view.sources.file(machine: machine.id, style: style)
      let lines = (file?.lines ?? []).enumerated().map { index, line in
        "<span class=\"line\" data-line=\"\(index + 1)\">\(SourceHighlighter.html(line))</span>"
      }
      let body =
        file == nil
        ? "<p>No source found: run fsm serve from the workbench's root.</p>"
        : "<pre><code>\(lines.joined())</code></pre>"
      return """
        <div class="source" data-style="\(style.rawValue)">
        <h3>\(style.rawValue)</h3>
        <div class="code">\(body)</div>
        </div>
        """
    }
    return layout(
      title: machine.id,
      body: """
        <h1 id="machine" data-machine="\(machine.id)">\(machine.id)</h1>
        <p>\(escaped(machine.summary))</p>
        <div class="play">
        <section class="diagram-pane" aria-label="diagram">
        <div id="diagram">\(diagram)</div>
        </section>
        <section class="controls" aria-label="events">
        <p>State <strong id="state"></strong> · clock <span id="clock"></span> · \
        <span id="events-count"></span></p>
        <p id="agreement" role="status"></p>
        <div id="events">\(events.joined(separator: "\n"))</div>
        \(clock)
        <p><button type="button" id="reset">Start again</button></p>
        <p id="message" role="alert"></p>
        <h2>Trace</h2>
        <table id="trace"><thead><tr><th>#</th><th>event</th><th>from</th><th>to</th>\
        <th>fired</th><th>outputs</th><th>styles</th></tr></thead><tbody></tbody></table>
        </section>
        </div>
        <h2>The five styles</h2>
        <p class="note">The lines that handled the last event are marked in each style, found \
        by reading the source for the event and the state it arrived in.</p>
        <div class="sources">\(sources.joined(separator: "\n"))</div>
        <script src="/assets/class-view.js"></script>
        """)
  }
}
