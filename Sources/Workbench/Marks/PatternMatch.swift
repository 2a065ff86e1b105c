import SwiftSyntax

/// Matches a `case`'s patterns against a value snapshot, as Swift matches
/// them: enum cases by name, payloads and tuples element by element, `_`
/// and `let` names always.
enum PatternMatch {
  /// Whether a pattern matches: surely, surely not, or not known (a
  /// `where` clause, a literal, a value no snapshot holds).
  enum Result {
    case yes, no, maybe

    /// Both must match.
    func and(_ other: Result) -> Result {
      if self == .no || other == .no { return .no }
      return self == .yes && other == .yes ? .yes : .maybe
    }

    /// Either may match.
    func or(_ other: Result) -> Result {
      if self == .yes || other == .yes { return .yes }
      return self == .no && other == .no ? .no : .maybe
    }
  }

  /// Whether `switchCase` matches `value`: `default` always; a case when
  /// one of its items does.
  static func match(_ switchCase: SwitchCaseSyntax, _ value: ValueSnapshot) -> Result {
    guard case .case(let label) = switchCase.label else { return .yes }
    return label.caseItems.reduce(Result.no) { result, item in
      var itemMatch = match(item.pattern, value)
      if item.whereClause != nil && itemMatch == .yes { itemMatch = .maybe }
      return result.or(itemMatch)
    }
  }

  /// Whether `pattern` matches `value`.
  static func match(_ pattern: PatternSyntax, _ value: ValueSnapshot) -> Result {
    if let expression = pattern.as(ExpressionPatternSyntax.self) {
      return match(expression.expression, value)
    }
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      return match(binding.pattern, value)
    }
    if pattern.is(IdentifierPatternSyntax.self) || pattern.is(WildcardPatternSyntax.self) {
      return .yes
    }
    if let tuple = pattern.as(TuplePatternSyntax.self) {
      return matchElements(tuple.elements.map { .pattern($0.pattern) }, value)
    }
    return .maybe
  }

  /// Whether an expression written as a pattern (a table's
  /// `onExactly: .pickUp(.bow)`) matches.
  static func matchExpression(_ expression: ExprSyntax, _ value: ValueSnapshot) -> Result {
    match(expression, value)
  }

  /// Whether an expression pattern (`.armed(.bow)`, `(_, .fire)`) matches.
  private static func match(_ expression: ExprSyntax, _ value: ValueSnapshot) -> Result {
    if expression.is(DiscardAssignmentExprSyntax.self) { return .yes }
    if let pattern = expression.as(PatternExprSyntax.self) { return match(pattern.pattern, value) }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      guard case .enumCase(let name, _, _) = value else { return .maybe }
      return name == member.declName.baseName.text ? .yes : .no
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self)
    {
      guard case .enumCase(let name, let payload, _) = value else { return .maybe }
      guard name == member.declName.baseName.text else { return .no }
      let arguments = call.arguments.map(\.expression)
      guard arguments.count == payload.count else {
        // One pattern for a payload of several: `.sold(let both)`.
        return arguments.count == 1 && isBinding(arguments[0]) ? .yes : .maybe
      }
      return zip(arguments, payload).reduce(Result.yes) { $0.and(match($1.0, $1.1)) }
    }
    if let tuple = expression.as(TupleExprSyntax.self) {
      if tuple.elements.count == 1, let only = tuple.elements.first {
        return match(only.expression, value)
      }
      return matchElements(tuple.elements.map { .expression($0.expression) }, value)
    }
    return .maybe
  }

  /// A tuple pattern's element: a pattern, or an expression in an
  /// expression pattern.
  private enum Element {
    case pattern(PatternSyntax)
    case expression(ExprSyntax)
  }

  /// Whether a tuple's elements match a tuple value's, one by one.
  private static func matchElements(_ elements: [Element], _ value: ValueSnapshot) -> Result {
    guard case .tuple(let values) = value, values.count == elements.count else { return .maybe }
    return zip(elements, values).reduce(Result.yes) { result, pair in
      switch pair.0 {
      case .pattern(let pattern): result.and(match(pattern, pair.1))
      case .expression(let expression): result.and(match(expression, pair.1))
      }
    }
  }

  /// Whether an expression in a pattern only binds a name or discards.
  private static func isBinding(_ expression: ExprSyntax) -> Bool {
    expression.is(DiscardAssignmentExprSyntax.self) || expression.is(PatternExprSyntax.self)
  }

  /// The names `pattern` binds, with the parts of `value` each stands for.
  static func bindings(_ pattern: PatternSyntax, _ value: ValueSnapshot) -> [(
    String, ValueSnapshot
  )] {
    if let identifier = pattern.as(IdentifierPatternSyntax.self) {
      return [(identifier.identifier.text, value)]
    }
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      return bindings(binding.pattern, value)
    }
    if let tuple = pattern.as(TuplePatternSyntax.self), case .tuple(let values) = value,
      values.count == tuple.elements.count
    {
      return zip(tuple.elements, values).flatMap { bindings($0.0.pattern, $0.1) }
    }
    if let expression = pattern.as(ExpressionPatternSyntax.self) {
      return bindings(expression.expression, value)
    }
    return []
  }

  /// The names an expression pattern binds.
  private static func bindings(_ expression: ExprSyntax, _ value: ValueSnapshot) -> [(
    String, ValueSnapshot
  )] {
    if let pattern = expression.as(PatternExprSyntax.self) {
      return bindings(pattern.pattern, value)
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      case .enumCase(_, let payload, _) = value, call.arguments.count == payload.count
    {
      return zip(call.arguments, payload).flatMap { bindings($0.0.expression, $0.1) }
    }
    if let tuple = expression.as(TupleExprSyntax.self), case .tuple(let values) = value,
      values.count == tuple.elements.count
    {
      return zip(tuple.elements, values).flatMap { bindings($0.0.expression, $0.1) }
    }
    return []
  }
}
