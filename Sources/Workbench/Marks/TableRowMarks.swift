import SwiftSyntax

/// The rows of a transition table that a step took: a table's rows are
/// data, so no code of the style's file runs per event; what the step did
/// says which rows it was.
///
/// A row is read from its call (`.init(.onGround, on: .jump, to: .inAir)`,
/// `.internal`, `.after`, `.reject`); the step's states say where it went.
/// A row of a superstate matches a step from any state inside it; the
/// superstates are the table's own `composites`. Among rows that could
/// have fired, the engine takes the innermost state's first, so the marks
/// do too; a guard the step does not show is told by what the row does.
struct TableRowMarks {
  /// One row as written.
  fileprivate struct Row {
    var kind: String
    var source: String?
    var event: String?
    var exactEvent: ExprSyntax?
    var target: String?
    var effects: [String]
    var guarded: Bool
    var lines: ClosedRange<Int>
    /// For a call that makes several rows (`reject([.send, .close], in:
    /// [.closed], ...)`): its events, and its states when written out.
    var events: [String] = []
    var states: [String]?
  }

  /// The rows in the table's order.
  private let rows: [Row]

  /// Each state's superstate.
  private let parents: [String: String]

  /// Reads the rows and the hierarchy of the table in `source`.
  init(source: StyleSource) {
    let finder = RowFinder(source: source)
    finder.walk(source.tree)
    rows = finder.rows
    parents = finder.parents
  }

  /// The lines of the rows `facts` took.
  func lines(for facts: StepFacts) -> Set<Int> {
    guard facts.fired || facts.rejected else { return refusingGuards(facts) }
    let path = facts.states.map(leaves) + [leaves(facts.to)]
    var marked: Set<Int> = []
    let eventName = facts.event.caseName
    let timePasses = eventName == "wait"
    for (index, left) in path.dropLast().enumerated() {
      let entered = path[index + 1]
      for (region, leaf) in left.enumerated() {
        let next = region < entered.count ? entered[region] : leaf
        let candidates = self.candidates(
          from: leaf, to: next, facts: facts, firstLeg: index == 0, timePasses: timePasses)
        if let row = bestRow(candidates, facts: facts) { marked.formUnion(row.lines) }
      }
    }
    return marked
  }

  /// For an event nothing fired on: the guarded rows for it, of the state
  /// or around it, whose guards said no. A state with no row for the event
  /// has nothing to mark: the engine finds no row and ignores it.
  private func refusingGuards(_ facts: StepFacts) -> Set<Int> {
    var marked: Set<Int> = []
    for leaf in facts.states.first.map(leaves) ?? [] {
      let sources = Set(ancestry(of: leaf))
      for row in rows where row.guarded && row.source.map(sources.contains) == true {
        let event =
          row.exactEvent.map { PatternMatch.matchExpression($0, facts.event) != .no }
          ?? (row.event == facts.event.caseName)
        if event { marked.formUnion(row.lines) }
      }
    }
    return marked
  }

  /// The rows that could have taken the machine from `leaf` to `next`,
  /// innermost source first, each state's in the table's order.
  private func candidates(
    from leaf: String, to next: String, facts: StepFacts, firstLeg: Bool, timePasses: Bool
  ) -> [Row] {
    let sources = ancestry(of: leaf)
    let targets = Set(ancestry(of: next))
    var found: [Row] = []
    for source in sources {
      for row in rows
      where row.source == source
        || row.source == nil && (row.states.map({ $0.contains(source) }) ?? (source == leaf))
      {
        let leaves = next != leaf || row.kind == "init" && row.target == leaf
        let eventMatches: Bool
        switch row.kind {
        case "after": eventMatches = timePasses
        case "reject" where !row.events.isEmpty:
          eventMatches = firstLeg && row.events.contains(facts.event.caseName ?? "")
        default:
          if row.event == nil && row.exactEvent == nil {
            eventMatches = !firstLeg  // A completion row: only after entering.
          } else if let exact = row.exactEvent {
            eventMatches = firstLeg && PatternMatch.matchExpression(exact, facts.event) != .no
          } else {
            eventMatches = firstLeg && row.event == facts.event.caseName
          }
        }
        guard eventMatches else { continue }
        if facts.rejected {
          if row.kind == "reject" { found.append(row) }
          continue
        }
        if row.kind == "reject" { continue }
        if leaves {
          if let target = row.target,
            targets.contains(target) || ancestry(of: target).contains(next)
          {
            found.append(row)
          }
        } else if row.kind == "internal" || row.kind == "init" && row.target == nil {
          found.append(row)
        }
      }
      if !found.isEmpty { break }
    }
    return found
  }

  /// The first row of `candidates`, or, when guards make it uncertain,
  /// the one whose effects are the step's outputs.
  private func bestRow(_ candidates: [Row], facts: StepFacts) -> Row? {
    guard candidates.count > 1 else { return candidates.first }
    return candidates.first { row in
      !row.effects.isEmpty && row.effects.allSatisfy(facts.outputs.contains)
    } ?? candidates.first { !$0.guarded } ?? candidates.first
  }

  /// `state` and the superstates around it, innermost first.
  private func ancestry(of state: String) -> [String] {
    var chain = [state]
    var current = state
    while let parent = parents[current], !chain.contains(parent) {
      chain.append(parent)
      current = parent
    }
    return chain
  }

  /// A state id's leaves, one per region: `running+gun` is two.
  private func leaves(_ state: String) -> [String] {
    state.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
  }

  /// One row from its call, or `nil` for an element that is not one.
  fileprivate static func row(_ call: FunctionCallExprSyntax, source: StyleSource) -> Row? {
    if let helper = call.calledExpression.as(DeclReferenceExprSyntax.self),
      helper.baseName.text == "reject", call.arguments.contains(where: { $0.label?.text == "in" })
    {
      return manyRejections(call, source: source)
    }
    guard
      let kind = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
      ["init", "internal", "after", "reject"].contains(kind),
      call.arguments.contains(where: { ["on", "onExactly", "from"].contains($0.label?.text) })
    else { return nil }
    var row = Row(
      kind: kind, effects: [], guarded: false, lines: source.lines(of: call))
    for argument in call.arguments {
      switch argument.label?.text {
      case nil:
        if row.source == nil, let name = memberName(argument.expression) { row.source = name }
      case "from": row.source = memberName(argument.expression)
      case "on": row.event = memberName(argument.expression)
      case "onExactly": row.exactEvent = argument.expression
      case "to", "toHistoryOf": row.target = memberName(argument.expression)
      case "guard": row.guarded = true
      case "effect":
        row.effects =
          argument.expression.as(ArrayExprSyntax.self)?.elements.compactMap {
            memberName($0.expression)
          } ?? []
      default: break
      }
    }
    return row
  }

  /// The rows of a call to a table's own helper that makes one rejecting
  /// row per event and state: `reject([.send], in: [.closed], ...)`. A
  /// state list it computes (`State.allCases.filter`) matches any state.
  private static func manyRejections(_ call: FunctionCallExprSyntax, source: StyleSource) -> Row {
    let names = { (expression: ExprSyntax) -> [String]? in
      expression.as(ArrayExprSyntax.self)?.elements.compactMap { memberName($0.expression) }
    }
    var row = Row(kind: "reject", effects: [], guarded: false, lines: source.lines(of: call))
    row.events = call.arguments.first.flatMap { names($0.expression) } ?? []
    row.states = call.arguments.first { $0.label?.text == "in" }.flatMap { names($0.expression) }
    return row
  }

  /// `onGround` of `.onGround`.
  fileprivate static func memberName(_ expression: ExprSyntax) -> String? {
    expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
  }
}

/// Finds a table's rows, wherever the file writes them (`rows: [...]`, a
/// `static let transitions: [Row]`), and its `composites`.
private final class RowFinder: SyntaxVisitor {
  let source: StyleSource
  var rows: [TableRowMarks.Row] = []
  var parents: [String: String] = [:]

  init(source: StyleSource) {
    self.source = source
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let row = TableRowMarks.row(node, source: source) {
      rows.append(row)
      return .skipChildren
    }
    return .visitChildren
  }

  override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
    guard node.label?.text == "composites",
      let dictionary = node.expression.as(DictionaryExprSyntax.self),
      case .elements(let elements) = dictionary.content
    else { return .visitChildren }
    for element in elements {
      guard let parent = TableRowMarks.memberName(element.key),
        let call = element.value.as(FunctionCallExprSyntax.self),
        let children = call.arguments.first?.expression.as(ArrayExprSyntax.self)
      else { continue }
      for child in children.elements {
        if let name = TableRowMarks.memberName(child.expression) { parents[name] = parent }
      }
    }
    return .skipChildren
  }
}
