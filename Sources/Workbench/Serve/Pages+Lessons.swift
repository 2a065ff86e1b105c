extension Pages {
  /// `/lessons`: the lessons in order, each with its machines.
  static func lessons(_ catalog: LessonCatalog, mode: PageMode = .normal) -> String {
    let items = catalog.lessons.map { lesson in
      "<li><a href=\"/lessons/\(lesson.number)\(mode.query)\">\(escaped(lesson.title))</a></li>"
    }
    return document(
      title: "Lessons", address: "/lessons", mode: mode,
      body: """
        <h1>Lessons</h1>
        <p>How to follow them, in the REPL and with the exercises: \
        <a href="\(CheckoutAddresses.address(of: "Lessons/README.md"))">the lessons' README</a>.</p>
        <ol class="lessons">\(items.joined(separator: "\n"))</ol>
        """)
  }

  /// `/lessons/N`: the lesson rendered as GitHub renders it, between links
  /// to the lessons before and after it, with links to the live pages of
  /// the machines it uses.
  static func lesson(
    _ lesson: LessonCatalog.Lesson, in catalog: LessonCatalog, mode: PageMode = .normal
  ) -> String {
    let html = GitHubMarkdown.html(lesson.markdown) { link in
      CheckoutAddresses.resolve(link, from: "Lessons/\(lesson.file)")
    }
    let machines = lesson.machines.map { machine in
      "<a href=\"/machines/\(machine.id)\">\(machine.id)</a>"
    }
    let live =
      machines.isEmpty
      ? ""
      : """
      <p class="lesson-machines">Run this lesson's machines live: \
      \(machines.joined(separator: ", ")).</p>
      """
    let around = lessonNavigation(catalog.neighbours(of: lesson), query: mode.query)
    return document(
      title: lesson.title, address: "/lessons/\(lesson.number)", mode: mode,
      body: """
        \(around)
        \(live)
        <article class="lesson markdown">\(html)</article>
        \(around)
        """)
  }

  /// Links to the lessons before and after, with `query` (a teacher
  /// presenting goes on presenting); the list of lessons stands in for the
  /// one the first and the last do not have.
  private static func lessonNavigation(
    _ neighbours: (previous: LessonCatalog.Lesson?, next: LessonCatalog.Lesson?), query: String
  ) -> String {
    let previous = neighbours.previous.map { lesson in
      "<a rel=\"prev\" href=\"/lessons/\(lesson.number)\(query)\">Previous: "
        + "\(escaped(lesson.title))</a>"
    }
    let next = neighbours.next.map { lesson in
      "<a rel=\"next\" href=\"/lessons/\(lesson.number)\(query)\">Next: \(escaped(lesson.title))</a>"
    }
    return """
      <nav class="lesson-nav" aria-label="lessons">\
      \(previous ?? "<a href=\"/lessons\(query)\">Previous: the list of lessons</a>") \
      \(next ?? "<a href=\"/lessons\(query)\">Next: the list of lessons</a>")</nav>
      """
  }
}
