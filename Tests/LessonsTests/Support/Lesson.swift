import Foundation
import Testing

/// A lesson file, as a test argument: `01-finite-state-machines.md`.
struct LessonFile: Sendable, CustomTestStringConvertible {
  /// The file name.
  let name: String
  /// Where it is.
  let url: URL

  var testDescription: String { name }

  /// The lessons in `Lessons/`, in order: files named `NN-something.md`.
  static var all: [LessonFile] {
    guard let root = try? Workbench.packageRoot() else { return [] }
    let folder = root.appending(path: "Lessons")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter(isLessonName).sorted().map {
      LessonFile(name: $0, url: folder.appending(path: $0))
    }
  }

  /// Whether `name` is a lesson's file name: two digits, a dash, `.md`.
  static func isLessonName(_ name: String) -> Bool {
    let characters = Array(name)
    return characters.count > 6 && characters[0].isASCIIDigitCharacter
      && characters[1].isASCIIDigitCharacter && characters[2] == "-" && name.hasSuffix(".md")
  }

  /// The lesson's number, from its file name.
  var number: Int { Int(name.prefix(2)) ?? 0 }

  /// Reads and parses the lesson.
  func load() throws -> Lesson {
    Lesson(parsing: try String(contentsOf: url, encoding: .utf8), path: "Lessons/\(name)")
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}

/// A Markdown lesson, cut into the code blocks that the tests check.
///
/// The annotation format (Lessons/README.md explains it to authors):
/// - ```` ```swift ```` : code the student types into the REPL. All such
///   blocks of a lesson are compiled, in order, as one program and run.
/// - ```` ```output ````, directly after a `swift` block (only blank lines
///   between): exactly what that block prints. No output block: the block
///   must print nothing.
/// - ```` ```swift no-run ```` : shown, never run.
/// - ```` ```swift excerpt PATH ```` : an excerpt of the file PATH; each run
///   of lines between `// ...` lines must appear in the file, in order.
/// Any other fence starting with `swift` is a mistake and fails the lesson.
struct Lesson: Sendable {
  /// A block the student runs.
  struct CodeBlock: Sendable {
    /// 1, 2, 3... in the lesson.
    var number: Int
    /// The line of the opening fence.
    var fenceLine: Int
    /// The code, one element per line.
    var code: [String]
    /// What the lesson says it prints, if there is an output block.
    var output: OutputBlock?

    /// The line of the first line of code.
    var firstCodeLine: Int { fenceLine + 1 }
  }

  /// The expected output of a code block.
  struct OutputBlock: Sendable {
    /// The line of the opening fence.
    var fenceLine: Int
    /// The lines, exactly as printed.
    var lines: [String]
  }

  /// A block that shows lines of a source file.
  struct Excerpt: Sendable {
    /// The line of the opening fence.
    var fenceLine: Int
    /// The file, relative to the package root.
    var path: String
    /// The lines shown.
    var lines: [String]
  }

  /// Any fenced block, whatever its tag.
  struct FencedBlock: Sendable {
    /// The line of the opening fence.
    var fenceLine: Int
    /// What follows the opening fence: `swift`, `console`, or nothing.
    var info: String
    /// The lines between the fences, as shown.
    var lines: [String]
  }

  /// The lesson's path relative to the package root, for messages.
  var path: String
  /// Every fenced block, in order.
  var fencedBlocks: [FencedBlock] = []
  /// The runnable blocks, in order.
  var blocks: [CodeBlock] = []
  /// The excerpts, in order.
  var excerpts: [Excerpt] = []
  /// Mistakes in the annotations themselves.
  var problems: [String] = []
  /// Every line of the file.
  var lines: [String]

  /// Parses a lesson.
  init(parsing text: String, path: String) {
    self.path = path
    lines = text.textLines
    parse()
  }

  /// The code block with `number`.
  func block(_ number: Int) -> CodeBlock? {
    blocks.first { $0.number == number }
  }

  private mutating func parse() {
    var index = 0
    // The code block an output block may belong to: set when a swift block
    // closes, cleared by any other non-blank line.
    var awaitingOutput: Int?
    while index < lines.count {
      let line = lines[index]
      guard let fence = Fence(opening: line) else {
        if !line.allSatisfy(\.isWhitespace) { awaitingOutput = nil }
        index += 1
        continue
      }
      let openingLine = index + 1
      var content: [String] = []
      index += 1
      var closed = false
      while index < lines.count {
        if fence.isClosed(by: lines[index]) {
          closed = true
          index += 1
          break
        }
        content.append(fence.stripIndent(lines[index]))
        index += 1
      }
      if !closed {
        problems.append("\(path):\(openingLine): the fence opened here is never closed")
      }
      fencedBlocks.append(FencedBlock(fenceLine: openingLine, info: fence.info, lines: content))
      let words = fence.info.split(separator: " ").map(String.init)
      switch words.first {
      case "swift" where words.count == 1:
        blocks.append(CodeBlock(number: blocks.count + 1, fenceLine: openingLine, code: content))
        awaitingOutput = blocks.count - 1
        continue
      case "output" where words.count == 1:
        if let owner = awaitingOutput, blocks[owner].output == nil {
          blocks[owner].output = OutputBlock(fenceLine: openingLine, lines: content)
        } else {
          problems.append(
            "\(path):\(openingLine): this ```output block does not directly follow a ```swift "
              + "block (only blank lines may come between them)")
        }
      case "swift" where words.count == 2 && words[1] == "no-run":
        break
      case "swift" where words.count == 3 && words[1] == "excerpt":
        excerpts.append(Excerpt(fenceLine: openingLine, path: words[2], lines: content))
      case let tag? where tag.lowercased().hasPrefix("swift") || tag == "output":
        problems.append(
          "\(path):\(openingLine): unknown fence tag '\(fence.info)'; use ```swift (runs), "
            + "```output (what the block before prints), ```swift no-run (shown only) or "
            + "```swift excerpt PATH (lines of a source file)")
      default:
        break
      }
      awaitingOutput = nil
    }
  }
}

/// A fenced code block's opening line: its indentation, fence and info string.
private struct Fence {
  var indent: Int
  var character: Character
  var length: Int
  var info: String

  init?(opening line: String) {
    let indent = line.prefix { $0 == " " }.count
    let rest = line.dropFirst(indent)
    guard let first = rest.first, first == "`" || first == "~" else { return nil }
    let length = rest.prefix { $0 == first }.count
    guard length >= 3 else { return nil }
    let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
    if first == "`" && info.contains("`") { return nil }
    self.indent = indent
    character = first
    self.length = length
    self.info = info
  }

  func isClosed(by line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed.count >= length && trimmed.allSatisfy { $0 == character }
  }

  /// Removes up to `indent` leading spaces, as CommonMark does for fenced code.
  func stripIndent(_ line: String) -> String {
    let spaces = min(indent, line.prefix { $0 == " " }.count)
    return String(line.dropFirst(spaces))
  }
}
