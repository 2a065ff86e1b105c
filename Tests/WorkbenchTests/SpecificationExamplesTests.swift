import Foundation
import StateMachines
import Testing
import Workbench

/// The worked examples of the specification (`docs/machines/ID.md`): each
/// `$ fsm run ...` command, run in every style, prints exactly the lines
/// under it. The specification is test data, so it cannot drift from the code.
@Suite("the specification's worked examples")
struct SpecificationExamplesTests {
  /// One worked example: the command's arguments and the lines it prints.
  struct Example: CustomTestStringConvertible, Sendable {
    var machine: String
    var arguments: [String]
    var expected: [String]
    var testDescription: String { "fsm " + arguments.joined(separator: " ") }
  }

  /// The root of this checkout, found from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The examples of a machine's page: every fenced block that starts with
  /// `$ fsm run`, the lines after it up to the fence being its output.
  static func examples(of machine: String) throws -> [Example] {
    let page = root.appending(path: "docs/machines/\(machine).md")
    let lines = try String(contentsOf: page, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    var examples: [Example] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].hasPrefix("$ fsm run ") else { continue }
      let arguments = lines[index].dropFirst("$ fsm ".count).split(separator: " ").map(String.init)
      let output = lines[(index + 1)...].prefix { !$0.hasPrefix("```") && !$0.hasPrefix("$ ") }
      examples.append(Example(machine: machine, arguments: arguments, expected: Array(output)))
    }
    return examples
  }

  static let all: [Example] = Machines.ids.flatMap { (try? examples(of: $0)) ?? [] }

  @Test("every machine's page has worked examples", arguments: Machines.ids)
  func everyMachineHasExamples(machine: String) throws {
    #expect(try !Self.examples(of: machine).isEmpty, "docs/machines/\(machine).md has no example")
  }

  @Test("the example prints what the specification shows, in every style", arguments: all)
  func example(_ example: Example) throws {
    let machine = try #require(Machines.named(example.machine))
    for style in machine.styles {
      let result = fsm(example.arguments + ["--style", style.rawValue])
      #expect(result.status == 0, "\(style): \(result.errors)")
      #expect(result.lines == example.expected, "in the \(style) style")
    }
  }
}
