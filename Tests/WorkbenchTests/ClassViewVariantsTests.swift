import Foundation
import StateMachines
import Testing

@testable import Workbench

/// The class view plays a machine in every implementation it lists, the
/// measured variants with the styles, each in a pane of its own: a variant
/// a machine lists has its pane, its step and its marks; one it does not
/// list has none.
@Suite("fsm serve: the measured variants in the class view")
struct ClassViewVariantsTests {
  /// The turnstile's implementations, in the class view's order: each
  /// style, then its variants.
  static let turnstilePanes = [
    "nested-switch", "enum", "state-pattern", "state-pattern-types", "state-classes",
    "state-classes-shared", "table", "table-matrix",
  ]

  @Test("the panes are every implementation a machine lists, each style then its variants")
  func panes() {
    #expect(Turnstile.panes.map(\.description) == Self.turnstilePanes)
    #expect(Turnstile.panes.map(\.description) == Implementation.all.map(\.description))
    #expect(!SecuritySystem.panes.contains(.tableMatrix))
    #expect(SecuritySystem.panes.contains(.statePatternTypes))
    // The traffic light's context-driven classes come after the measured
    // shared ones, under their style.
    #expect(
      TrafficLight.panes.map(\.description) == [
        "nested-switch", "enum", "state-pattern", "state-pattern-types", "state-classes",
        "state-classes-shared", "state-classes-context", "table",
      ])
    for machine in Machines.all {
      #expect(Set(machine.panes) == Set(machine.allImplementations), "\(machine.id)")
      #expect(
        machine.panes.filter { $0.variant == .asWritten }.map(\.style) == machine.styles,
        "\(machine.id)")
    }
  }

  @Test("describe lists the implementations with their labels and files")
  func describe() throws {
    let client = ClassViewClient()
    let turnstile = try #require(
      try client.json("GET", "/api/machines/turnstile") as? [String: Any])
    let implementations = try #require(turnstile["implementations"] as? [[String: Any]])
    #expect(implementations.map { $0["id"] as? String } == Self.turnstilePanes)
    let matrix = try #require(implementations.last)
    #expect(matrix["style"] as? String == "table")
    #expect(matrix["label"] as? String == "table as a matrix")
    #expect(matrix["fileSuffix"] as? String == "TableMatrix")
    #expect(turnstile["styles"] as? [String] == Style.allCases.map(\.rawValue))
    let security = try #require(
      try client.json("GET", "/api/machines/security-system") as? [String: Any])
    let ids = try #require(security["implementations"] as? [[String: Any]]).map {
      $0["id"] as? String
    }
    #expect(ids.contains("state-pattern-types") && !ids.contains("table-matrix"))
  }

  @Test("a step of the turnstile is taken, agreed and marked in all eight of its implementations")
  func turnstileStep() throws {
    let client = ClassViewClient()
    let answer = try client.step("turnstile", "coin")
    #expect(answer["agree"] as? Bool == true)
    let played = try #require(answer["played"] as? [String: Any])
    let styles = try #require(played["styles"] as? [[String: Any]])
    #expect(styles.map { $0["style"] as? String } == Self.turnstilePanes)
    #expect(styles.allSatisfy { $0["agrees"] as? Bool == true })
    let handlers = try #require(answer["handlers"] as? [[String: Any]])
    #expect(handlers.map { $0["style"] as? String } == Self.turnstilePanes)
    for handler in handlers {
      let lines = try #require(handler["lines"] as? [[Int]])
      #expect(!lines.isEmpty, "\(handler["style"] ?? "")")
      #expect(handler["rule"] as? [Int] != nil, "\(handler["style"] ?? "")")
    }
  }

  @Test("a machine that does not list a variant has no pane, step or marks of it")
  func absentVariant() throws {
    let client = ClassViewClient()
    let answer = try client.step("security-system", "arm")
    let played = try #require(answer["played"] as? [String: Any])
    let styles = try #require(played["styles"] as? [[String: Any]]).map {
      $0["style"] as? String
    }
    #expect(styles == SecuritySystem.panes.map(\.description))
    #expect(!styles.contains("table-matrix"))
    #expect(styles.contains("state-classes-shared"))
    let handlers = try #require(answer["handlers"] as? [[String: Any]])
    #expect(!handlers.contains { $0["style"] as? String == "table-matrix" })
    let page = text(of: client.request("GET", "/machines/security-system"))
    #expect(!page.contains(#"data-style="table-matrix""#))
    #expect(page.contains(#"data-style="state-pattern-types""#))
    let source = client.request("GET", "/api/machines/security-system/source/table-matrix")
    #expect(source.status == 404)
    let message = try errorMessage(of: source)
    #expect(message.contains("security-system is not written as 'table-matrix'"))
    #expect(message.contains("state-classes-shared"))
  }

  @Test("the page has a pane per implementation, with its id, label, file and column")
  func page() throws {
    let page = text(of: ClassViewClient().request("GET", "/machines/turnstile"))
    for implementation in Turnstile.panes {
      #expect(page.contains(#"data-style="\#(implementation)""#), "\(implementation)")
      // A variant's label says what it changes; a style's would repeat its id.
      #expect(
        page.contains(#"<span class="label">\#(implementation.label)</span>"#)
          == (implementation.variant != .asWritten), "\(implementation)")
    }
    #expect(page.contains("Turnstile+StatePatternTypes.swift"))
    #expect(page.contains("Turnstile+TableMatrix.swift"))
    // The shared state classes are the state classes' file.
    #expect(page.components(separatedBy: "Turnstile+StateClasses.swift</span>").count == 3)
    // The matrix under the table: the fifth column, the second row.
    #expect(
      page.contains(#"data-style="table-matrix" style="--column: 5; --row: 2""#))
    #expect(page.contains("The five styles and three variants"))
    let security = text(of: ClassViewClient().request("GET", "/machines/security-system"))
    #expect(security.contains("The five styles and two variants"))
    // Presenting, the menus offer every pane.
    let present = text(
      of: ClassViewClient().request("GET", "/machines/turnstile?view=present"))
    #expect(present.contains("<option>table-matrix</option>"))
    #expect(present.contains("through all \(Turnstile.panes.count)"))
  }

  @Test("a variant's source is served by its id; an unknown id names the machine's")
  func source() throws {
    let client = ClassViewClient()
    let matrix = try #require(
      try client.json("GET", "/api/machines/turnstile/source/table-matrix") as? [String: Any])
    #expect((matrix["path"] as? String)?.hasSuffix("Turnstile+TableMatrix.swift") == true)
    #expect(matrix["label"] as? String == "table as a matrix")
    let shared = try #require(
      try client.json("GET", "/api/machines/turnstile/source/state-classes-shared")
        as? [String: Any])
    #expect((shared["path"] as? String)?.hasSuffix("Turnstile+StateClasses.swift") == true)
    let unknown = client.request("GET", "/api/machines/turnstile/source/table-grid")
    #expect(unknown.status == 404)
    #expect(try errorMessage(of: unknown).contains("table-matrix"))
  }
}
