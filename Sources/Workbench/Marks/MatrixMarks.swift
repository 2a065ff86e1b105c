import Foundation
import SwiftSyntax

/// The lines of a state-transition matrix's file (`+TableMatrix.swift`)
/// that handled a step: the lines of `handle` that ran, and the current
/// state's row of each matrix.
///
/// A matrix is data, as a table's rows are, but unlike a table it has no
/// row per transition to mark: `handle` computes a cell from the state's
/// row and the event's column and reads every matrix there. The honest
/// marks are what ran (the lookup; then the refusal, the ignore, or the
/// outputs and the new state) and the row the cell is in. A row is found
/// by the comment that ends its line and names its state
/// (`.unlocked, .locked,  // locked`), as every matrix file writes it; the
/// cell within the row is a column of that line, which a mark of whole
/// lines cannot single out.
///
/// What the functions that turn a state and an event into numbers
/// (`row(of:)`, `column(of:)`) do is not marked: they compile to no branch,
/// as their comments say, and would mark the same pair of lines every step.
/// Nor is what a cell's named work does (the TCP connection's `perform`):
/// which work a cell names is a value of a matrix the step does not show.
struct MatrixMarks {
  /// The file.
  let source: StyleSource

  /// The lines of the rows, by the state their comment names (the state's
  /// case, as in `oldClean`), in the order of the file: the first is the
  /// row of the first matrix, `next`.
  private let rows: [String: [Int]]

  /// The lines of the rows of the matrix that refuses (`refusals`), by
  /// state: on a refused step, the row that decided.
  private let refusalRows: [String: Int]

  /// Reads the rows of every matrix in `source`.
  init(source: StyleSource) {
    self.source = source
    var rows: [String: Set<Int>] = [:]
    var refusalRows: [String: Int] = [:]
    // Effects are arrays inside the matrix's array: a token is seen once
    // for each array around it, and a line is a line once.
    for array in source.tree.descendants(ArrayExprSyntax.self) {
      let refuses = Self.matrixName(of: array) == "refusals"
      for token in array.tokens(viewMode: .sourceAccurate) {
        guard let name = Self.rowName(token.trailingTrivia) else { continue }
        let line = source.lines(of: token).lowerBound
        rows[name, default: []].insert(line)
        if refuses { refusalRows[name] = line }
      }
    }
    self.rows = rows.mapValues { $0.sorted() }
    self.refusalRows = refusalRows
  }

  /// The name of the matrix `array` is written in: the property whose
  /// value holds it (`refusals`).
  private static func matrixName(of array: ArrayExprSyntax) -> String? {
    var node = array.parent
    while let current = node {
      if let variable = current.as(VariableDeclSyntax.self) {
        return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      }
      node = current.parent
    }
    return nil
  }

  /// The state a row's comment names: `locked` of `// locked`, when the
  /// comment is one word.
  private static func rowName(_ trivia: Trivia) -> String? {
    for piece in trivia {
      guard case .lineComment(let text) = piece else { continue }
      let name = text.dropFirst(2).trimmingCharacters(in: .whitespaces)
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
        return name
      }
    }
    return nil
  }

  /// The marks of the step `facts`: the lines of `handle` that ran and
  /// the state's rows, and the piece that decided: the state's row of the
  /// refusals when the step was refused, else of the first matrix.
  func marks(for facts: StepFacts) -> (ranges: [ClosedRange<Int>], rule: ClosedRange<Int>?) {
    var lines: Set<Int> = []
    let type = facts.before.typeName ?? ""
    if let handle = source.method("handle", declaredIn: type), let body = handle.body {
      _ = walk(body.statements, facts: facts, marking: &lines)
    }
    // The row is the state's as `handle` read it: its case name, which the
    // comments use; the public id where the snapshot has no `state`.
    let state = facts.before.property("state")?.caseName ?? facts.states.first ?? ""
    let rowLines = rows[state] ?? []
    lines.formUnion(rowLines)
    let decided = facts.rejected ? refusalRows[state] ?? rowLines.first : rowLines.first
    return (CodeMarker.ranges(lines), decided.map { $0...$0 })
  }

  /// Marks the statements of `statements` that ran, in order, up to the
  /// one that left `handle`; returns whether one left it.
  private func walk(
    _ statements: CodeBlockItemListSyntax, facts: StepFacts, marking lines: inout Set<Int>
  ) -> Bool {
    for statement in statements {
      let item = Syntax(statement.item)
      if let guardStatement = item.as(GuardStmtSyntax.self) {
        // The guard's condition ran; its `else` only when no cell's state
        // was found, which is a step that fired nothing.
        lines.formUnion(head(of: guardStatement, upTo: guardStatement.body.leftBrace))
        if facts.fired { continue }
        _ = walk(guardStatement.body.statements, facts: facts, marking: &lines)
        return true
      }
      if let branch = ifExpression(item) {
        lines.formUnion(head(of: branch, upTo: branch.body.leftBrace))
        if runs(branch.body, facts: facts),
          walk(branch.body.statements, facts: facts, marking: &lines)
        {
          return true
        }
        continue
      }
      lines.formUnion(source.lines(of: statement))
      if item.is(ReturnStmtSyntax.self) || item.is(ThrowStmtSyntax.self) { return true }
    }
    return false
  }

  /// The `if` that `item` is, as a statement.
  private func ifExpression(_ item: Syntax) -> IfExprSyntax? {
    item.as(IfExprSyntax.self)
      ?? item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
  }

  /// Whether an `if`'s body ran, as far as the step shows: one that throws
  /// ran when the step was refused, one that returns when it was not;
  /// any other (a cell's work) is not known, and only its condition, which
  /// ran, is marked.
  private func runs(_ body: CodeBlockSyntax, facts: StepFacts) -> Bool {
    let exits = body.statements.map { Syntax($0.item) }
    if exits.contains(where: { $0.is(ThrowStmtSyntax.self) }) { return facts.rejected }
    if exits.contains(where: { $0.is(ReturnStmtSyntax.self) }) { return !facts.rejected }
    return false
  }

  /// The lines of `node` from its first token to the brace that opens its
  /// body: a condition that ran, without the body.
  private func head(of node: some SyntaxProtocol, upTo brace: TokenSyntax) -> ClosedRange<Int> {
    let first = source.lines(of: node).lowerBound
    return first...max(first, source.lines(of: brace).lowerBound)
  }
}
