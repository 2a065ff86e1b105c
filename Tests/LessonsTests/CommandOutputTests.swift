import Foundation
import Testing

/// The lessons' ```` ```console ```` blocks: a terminal session in which each
/// `$ swift run fsm ...` line is a command and the lines after it are what it
/// prints. Each command is run with the built `fsm`, from the repository
/// root as the lesson says, and must print exactly those lines; so a table
/// that a lesson shows, such as lesson 6's change-cost table, is produced by
/// the command and cannot drift from it.
@Suite("Commands in the lessons")
struct CommandOutputTests {
  @Test(
    "every `$ swift run fsm` command of a ```console block prints what the lesson shows",
    arguments: LessonFile.all)
  func commandsPrintWhatTheLessonShows(_ file: LessonFile) async throws {
    let lesson = try file.load()
    let session = ConsoleSession(lesson)
    for problem in session.problems {
      Issue.record(Comment(rawValue: problem))
    }
    guard !session.commands.isEmpty else { return }
    let workbench = try Workbench.require()
    let fsm = workbench.bin.appending(path: "fsm")
    guard FileManager.default.isExecutableFile(atPath: fsm.path) else {
      throw SetupError(
        "\(lesson.path) runs `swift run fsm` commands, but there is no fsm in "
          + "\(workbench.bin.path): build it first (`swift build`)")
    }
    for command in session.commands {
      let run = try await Subprocess.run(
        fsm, command.arguments, in: workbench.root, timeout: .seconds(120))
      let place = "\(lesson.path):\(command.line): `\(command.text)`"
      guard run.succeeded else {
        Issue.record(Comment(rawValue: "\(place) \(run.ending):\n\(run.stderr)\(run.stdout)"))
        continue
      }
      var printed = run.stdout.textLines
      if printed.last == "" { printed.removeLast() }
      if printed != command.output {
        Issue.record(
          Comment(
            rawValue: "\(place) prints something else than the lesson shows under it "
              + "(lines \(command.line + 1) to \(command.line + command.output.count)). "
              + "Diff (- lesson, + printed):\n" + Diff.lines(command.output, printed)))
      }
    }
  }

  @Test("a console block is cut into commands and their output")
  func parsing() {
    let markdown = """
      # A lesson

      ```console
      $ swift run fsm change-cost --diff enum --from 1
      first line

      third line
      $ swift run fsm list
      ```

      ```sh
      swift run fsm list
      ```

      ```console
      $ ls -l
      ```
      """
    let session = ConsoleSession(Lesson(parsing: markdown, path: "Lessons/97-console.md"))
    #expect(
      session.commands.map(\.arguments) == [
        ["change-cost", "--diff", "enum", "--from", "1"], ["list"],
      ])
    #expect(session.commands.map(\.line) == [4, 8])
    #expect(session.commands.first?.output == ["first line", "", "third line"])
    #expect(session.commands.last?.output == [])
    #expect(
      session.problems == [
        "Lessons/97-console.md:16: a ```console block can only check `$ swift run fsm ...` "
          + "commands (plain words, no quotes, pipes or redirections); this one is `ls -l`"
      ])
  }
}

/// The commands of a lesson's ```` ```console ```` blocks.
struct ConsoleSession {
  /// One command and what the lesson says it prints.
  struct Command {
    /// The command as written, without the `$ `.
    var text: String
    /// The line of the lesson it is on.
    var line: Int
    /// The arguments to pass to `fsm`.
    var arguments: [String]
    /// The lines the lesson shows under it.
    var output: [String]
  }

  var commands: [Command] = []
  var problems: [String] = []

  init(_ lesson: Lesson) {
    var inConsole = false
    // The command whose output the next lines are, if any.
    var current: Int?
    for (index, line) in lesson.lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inConsole = !inConsole && trimmed == "```console"
        current = nil
        continue
      }
      guard inConsole else { continue }
      guard line.hasPrefix("$ ") else {
        if let current { commands[current].output.append(line) }
        continue
      }
      let text = String(line.dropFirst(2))
      let words = text.split(separator: " ").map(String.init)
      let plain = text.allSatisfy { !"'\"`|<>;&*$\\".contains($0) }
      guard plain, words.count >= 3, words[0...2] == ["swift", "run", "fsm"] else {
        problems.append(
          "\(lesson.path):\(index + 1): a ```console block can only check `$ swift run fsm ...` "
            + "commands (plain words, no quotes, pipes or redirections); this one is `\(text)`")
        current = nil
        continue
      }
      commands.append(
        Command(text: text, line: index + 1, arguments: Array(words.dropFirst(3)), output: []))
      current = commands.count - 1
    }
  }
}
