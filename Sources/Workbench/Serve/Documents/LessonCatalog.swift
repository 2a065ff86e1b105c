import Foundation
import StateMachines

/// The lessons of the checkout, `Lessons/NN-name.md`, in order: each with
/// its title and the catalog machines it uses.
struct LessonCatalog: Sendable {
  /// One lesson.
  struct Lesson: Sendable {
    /// Its number, from its file name.
    var number: Int
    /// Its file name in `Lessons/`.
    var file: String
    /// Its Markdown.
    var markdown: String

    /// Its title: the text of its first `# ` heading, else its file name.
    var title: String {
      let heading = markdown.split(separator: "\n").first { $0.hasPrefix("# ") }
      return heading.map { String($0.dropFirst(2)) } ?? file
    }

    /// The catalog machines the lesson uses, the most used first: those
    /// it names by id (`security-system`, as `fsm` is given it) or by
    /// Swift type (`SecuritySystem`, as the REPL is), counted.
    var machines: [any CatalogMachine.Type] {
      let counted = Machines.all.map { machine in
        let names = [machine.id, String(describing: machine)]
        return (machine, names.map { LessonCatalog.mentions(of: $0, in: markdown) }.reduce(0, +))
      }
      // A stable sort: between machines used as often, the catalog's order.
      return counted.enumerated().filter { $0.element.1 > 0 }
        .sorted { ($1.element.1, $0.offset) < ($0.element.1, $1.offset) }
        .map(\.element.0)
    }
  }

  /// The lessons, by number.
  let lessons: [Lesson]

  /// The lessons in the checkout at `root`.
  init(root: String) {
    let folder = OutputPath.join(root, "Lessons")
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    lessons = files.compactMap { file in
      guard let number = Self.number(ofFile: file),
        let markdown = try? String(contentsOfFile: OutputPath.join(folder, file), encoding: .utf8)
      else { return nil }
      return Lesson(number: number, file: file, markdown: markdown)
    }.sorted { $0.number < $1.number }
  }

  /// The lesson numbered `number`, or that of the file named `number`
  /// (`03-uml-state-diagrams.md`, as one lesson links another).
  func lesson(_ number: String) -> Lesson? {
    lessons.first { String($0.number) == number || $0.file == number }
  }

  /// The lessons before and after `lesson`, where there are.
  func neighbours(of lesson: Lesson) -> (previous: Lesson?, next: Lesson?) {
    guard let index = lessons.firstIndex(where: { $0.number == lesson.number }) else {
      return (nil, nil)
    }
    return (
      index > 0 ? lessons[index - 1] : nil, index + 1 < lessons.count ? lessons[index + 1] : nil
    )
  }

  /// The number of a lesson's file, `NN-name.md`; `nil` for other files.
  static func number(ofFile name: String) -> Int? {
    let digits = name.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, name.dropFirst(digits.count).hasPrefix("-"), name.hasSuffix(".md")
    else { return nil }
    return Int(digits)
  }

  /// How many times `word` stands as a word of its own in `text` (not
  /// inside a longer name such as `turnstile-like` or `TurnstileMachine`).
  static func mentions(of word: String, in text: String) -> Int {
    let isNamePart = { (character: Character) in
      character.isLetter || character.isNumber || character == "-" || character == "_"
    }
    return text.ranges(of: word).count { range in
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      return !(before.map(isNamePart) ?? false) && !(after.map(isNamePart) ?? false)
    }
  }
}
