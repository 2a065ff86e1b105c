import SwiftSyntax

/// The lines of one style's file that handled a step: the case that
/// matched, the method that answered, the row that fired.
///
/// Read from the run and the file's structure, never from text search:
/// the machine before the step says which case of each `switch` matches
/// (the state's case, the event's, the payloads'), and which run-time type's
/// method the context called; the step itself says which rows fired. A
/// style file carries nothing for it.
struct HandlerMarks {
  /// The file.
  let source: StyleSource

  /// The lines of every case and method marked, before the cases inside
  /// them that did not run are taken out (`ranges`).
  private(set) var lines: Set<Int> = []

  /// The pieces marked, in the order the code runs, each with whether a
  /// piece was marked while walking inside it.
  private var pieces: [(lines: ClosedRange<Int>, hasInner: Bool)] = []

  /// The piece that decided: the first marked with nothing marked inside
  /// it (the innermost case that matched, the method that answered; for a
  /// machine with regions, the first region's).
  var rule: ClosedRange<Int>? { pieces.first { !$0.hasInner }?.lines }

  /// Records a marked piece; returns its place, for `openPiece`.
  private mutating func markPiece(_ range: ClosedRange<Int>) -> Int {
    if let open = openPiece { pieces[open].hasInner = true }
    lines.formUnion(range)
    pieces.append((range, false))
    return pieces.count - 1
  }

  /// The piece being walked, whose marks inside it make it not the rule.
  private var openPiece: Int?

  /// The names `handle` binds to values: `self`, its event parameter, and
  /// the payloads the matched cases bind.
  private var names: [String: ValueSnapshot] = [:]

  /// What the step did.
  private let facts: StepFacts

  /// The marks of the step `facts` in `source`.
  init(source: StyleSource, facts: StepFacts) {
    self.source = source
    self.facts = facts
    // The machine's own `handle`: the one whose type is the machine's.
    let type = facts.before.typeName ?? ""
    if let handle = source.method("handle", declaredIn: type) {
      run(handle, on: facts.before)
    }
  }

  /// Walks `function` as called on `value`: with `arguments` when a call
  /// is followed into it, else with the event as its first parameter.
  private mutating func run(
    _ function: FunctionDeclSyntax, on value: ValueSnapshot, arguments: [ValueSnapshot]? = nil
  ) {
    guard let body = function.body else { return }
    let outer = names
    names = ["self": value]
    let parameters = function.signature.parameterClause.parameters
    for (index, parameter) in parameters.enumerated() {
      let argument = arguments.map { index < $0.count ? $0[index] : .opaque } ?? facts.event
      if arguments == nil && index > 0 { break }
      names[(parameter.secondName ?? parameter.firstName).text] = argument
    }
    visit(Syntax(body))
    names = outer
  }

  /// Whether some argument of `call` is the event itself: a function the
  /// event is handed to handles it.
  private func handsOnTheEvent(_ call: FunctionCallExprSyntax) -> Bool {
    call.arguments.contains { value(of: $0.expression) == facts.event }
  }

  /// The marked lines as ranges, in order: without the cases inside them
  /// that no pass of the walk chose.
  var ranges: [ClosedRange<Int>] {
    var unchosen: Set<Int> = []
    for node in markedNodes {
      for inner in node.descendants(SwitchCaseSyntax.self) where !chosen.contains(inner.id) {
        unchosen.formUnion(source.lines(of: inner))
      }
    }
    for switchCase in seen where !chosen.contains(switchCase.id) {
      unchosen.formUnion(source.lines(of: switchCase))
    }
    return CodeMarker.ranges(lines.subtracting(unchosen).union(refusedGuards))
  }

  /// The labels of the cases whose `where` clause was tried and said no,
  /// before the case that ran: their clause is code that decided too.
  private var refusedGuards: Set<Int> = []

  /// The cases some pass chose.
  private var chosen: Set<SyntaxIdentifier> = []

  /// The cases of every `switch` the walk chose in.
  private var seen: [SwitchCaseSyntax] = []

  /// The cases and methods marked, whose unchosen inner cases did not run.
  private var markedNodes: [Syntax] = []

  /// Walks `node` in the order it runs, choosing at each `switch`.
  private mutating func visit(_ node: Syntax) {
    if let switchExpression = node.as(SwitchExprSyntax.self) {
      choose(in: switchExpression)
      return
    }
    if let call = node.as(FunctionCallExprSyntax.self) {
      markAnsweringMethod(of: call)
      followHandler(call)
    }
    if let sequence = node.as(SequenceExprSyntax.self) { noteAssignment(sequence) }
    // A closure's body runs when it is called, not where it is written.
    if node.is(ClosureExprSyntax.self) { return }
    if let loop = node.as(WhileStmtSyntax.self) {
      let always = loop.conditions.trimmedDescription == "true"
      return runLoop(body: loop.body.statements, unconditional: always)
    }
    if let loop = node.as(RepeatStmtSyntax.self) {
      return runLoop(body: loop.body.statements, unconditional: true)
    }
    for child in node.children(viewMode: .sourceAccurate) { visit(child) }
  }

  /// Walks a loop that moves the machine through the step's states: one
  /// pass for each state it leaves, each pass starting in that state; a
  /// loop that only a `break` ends makes one more pass, in the state it
  /// ends in, up to the statement that breaks.
  private mutating func runLoop(body: CodeBlockItemListSyntax, unconditional: Bool) {
    let passes = facts.fired ? facts.states.count : 0
    let outerLoop = inLoop
    inLoop = true
    for pass in 0..<passes {
      (position, moved) = (pass, [:])
      for statement in body { visit(Syntax(statement)) }
    }
    if unconditional {
      (position, moved) = (passes, [:])
      for statement in body {
        visit(Syntax(statement))
        if statement.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "break" }) {
          break
        }
      }
    }
    (position, moved) = (passes, [:])
    inLoop = outerLoop
  }

  /// After `self = ...`, `state = next` or `current = next`, the machine is
  /// in the next of the step's states.
  private mutating func noteAssignment(_ sequence: SequenceExprSyntax) {
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return }
    var target = elements[0]
    if let member = target.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      target = ExprSyntax(DeclReferenceExprSyntax(baseName: member.declName.baseName))
    }
    guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text,
      holdsTheState(originalValue(of: name))
    else { return }
    moved[name, default: 0] += 1
  }

  /// Whether a value is the machine's state: an enum's case, or an object
  /// of a type the file declares.
  private func holdsTheState(_ value: ValueSnapshot) -> Bool {
    if value.isState { return true }
    if let type = value.typeName, case .instance = value { return source.declares(type) }
    return false
  }

  /// The states the step was in, in order, where it ended last.
  private var pathOfStates: [String] { facts.states + [facts.to] }

  /// Where in `pathOfStates` the walk is: the pass of a loop over the
  /// states, or the number of passes once one has run.
  private var position = 0

  /// The assignments of a new state the walk has seen since, by name.
  private var moved: [String: Int] = [:]

  /// Whether the walk is inside a loop over the step's states.
  private var inLoop = false

  /// Marks the case of `switchExpression` that ran, and walks into it.
  private mutating func choose(in switchExpression: SwitchExprSyntax) {
    let cases = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
    let subject = value(of: switchExpression.subject)
    guard !subject.isOpaque, let chosen = matchingCase(in: cases, for: subject) else { return }
    for switchCase in cases.prefix(while: { $0 != chosen }) {
      // Marks are whole lines: a clause on the line of its case's body is
      // left unmarked, since marking it would say the body ran.
      if case .case(let label) = switchCase.label,
        let body = switchCase.statements.first,
        source.lines(of: label).upperBound < source.lines(of: body).lowerBound,
        label.caseItems.contains(where: {
          $0.whereClause != nil && PatternMatch.match($0.pattern, subject) != .no
        })
      {
        refusedGuards.formUnion(source.lines(of: label))
      }
    }
    // In a loop, another pass may choose another case: only the cases no
    // pass chose did not run.
    seen += cases
    self.chosen.insert(chosen.id)
    markedNodes.append(Syntax(chosen))
    let piece = markPiece(source.lines(of: chosen))
    bindPayloads(of: chosen, to: subject)
    let outer = openPiece
    openPiece = piece
    for statement in chosen.statements { visit(Syntax(statement)) }
    openPiece = outer
  }

  /// The case that matches `value`: the first whose pattern surely
  /// matches; or, when a `where` clause or a pattern this reading cannot
  /// decide comes first, the one among them whose body does what the step
  /// did.
  private func matchingCase(in cases: [SwitchCaseSyntax], for value: ValueSnapshot)
    -> SwitchCaseSyntax?
  {
    var candidates: [SwitchCaseSyntax] = []
    for switchCase in cases {
      let match = PatternMatch.match(switchCase, value)
      if match == .yes {
        candidates.append(switchCase)
        break
      }
      if match == .maybe { candidates.append(switchCase) }
    }
    guard candidates.count > 1 else { return candidates.first }
    // A `where` clause reads values no snapshot holds (a coordinate, the
    // clock, a local); what the case's body does tells which one ran.
    return candidates.max { resemblance(of: $0) < resemblance(of: $1) }
  }

  /// How much of what the step did `switchCase`'s body names: each output,
  /// the state it went to, and a refusal or an ignored event. A later case
  /// wins only by naming more.
  private func resemblance(of switchCase: SwitchCaseSyntax) -> Int {
    let words = Set(
      switchCase.statements.tokens(viewMode: .sourceAccurate).map(\.text))
    var score = facts.outputs.filter(words.contains).count * 2
    if facts.fired && words.contains(facts.to) { score += 1 }
    if facts.rejected && words.contains("throw") { score += 3 }
    // A region's handler says it fired nothing with `return false`.
    let ignores = ["ignored", "ignore", "break", "false"].contains(where: words.contains)
    if !facts.fired && !facts.rejected && ignores { score += 3 }
    if facts.fired && ignores { score -= 3 }
    return score
  }

  /// Binds the names a matched case's pattern declares (`let ground`) to
  /// the parts of `value` they stand for, for the switches inside it.
  private mutating func bindPayloads(of switchCase: SwitchCaseSyntax, to value: ValueSnapshot) {
    guard case .case(let label) = switchCase.label else { return }
    for item in label.caseItems {
      for (name, bound) in PatternMatch.bindings(item.pattern, value) { names[name] = bound }
    }
  }

  /// Marks the method that answered `call`, when it is a call on a state
  /// object (`current.jump()`) named after the event, or any call on one in
  /// a loop over the step's states (`current.timeout()`): the run-time
  /// type's own, or the one it inherits.
  private mutating func markAnsweringMethod(of call: FunctionCallExprSyntax) {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, inLoop || member.declName.baseName.text == facts.event.caseName,
      let type = value(of: base).typeName, source.declares(type),
      let method = source.answeringMethod(member.declName.baseName.text, for: type)
    else { return }
    let piece = markPiece(source.lines(of: method))
    markedNodes.append(Syntax(method))
    // Its own `switch`es (`moveTo(target)` switching on the target) choose
    // by its arguments; a case none chose did not run.
    let arguments = call.arguments.map { value(of: $0.expression) }
    let outer = openPiece
    openPiece = piece
    run(method, on: value(of: base), arguments: arguments)
    openPiece = outer
  }

  /// Walks into the functions the event is handed to: a region's
  /// `handleMovement(event, ...)` or the table-like `next(after: event)` on
  /// the same machine, or `movement.handle(event, ...)` on a region's own
  /// value; and into the machine's own function named after the event
  /// (`wait(seconds)`). A helper not given the event (an entry activity) may run after
  /// the state changed, which the snapshot no longer shows; it is left out.
  private mutating func followHandler(_ call: FunctionCallExprSyntax) {
    let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    guard handsOnTheEvent(call) || callee == facts.event.caseName else { return }
    let arguments = call.arguments.map { value(of: $0.expression) }
    let receiver = names["self"] ?? facts.before
    if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
      let type = receiver.typeName,
      let function = source.method(callee.baseName.text, declaredIn: type)
    {
      follow(function, on: receiver, arguments: arguments)
    } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, member.declName.baseName.text != facts.event.caseName
    {
      let value = value(of: base)
      if let type = value.typeName,
        let function = source.method(member.declName.baseName.text, declaredIn: type)
      {
        follow(function, on: value, arguments: arguments)
      }
    }
  }

  /// Marks a function the event was handed to, and walks into it; its
  /// cases that no walk chose are not marked.
  private mutating func follow(
    _ function: FunctionDeclSyntax, on value: ValueSnapshot, arguments: [ValueSnapshot]
  ) {
    let piece = markPiece(source.lines(of: function))
    markedNodes.append(Syntax(function))
    let outer = openPiece
    openPiece = piece
    run(function, on: value, arguments: arguments)
    openPiece = outer
  }

  /// What `name` held before the step: a bound name, or a stored property.
  private func originalValue(of name: String) -> ValueSnapshot {
    names[name] ?? (names["self"] ?? facts.before).property(name) ?? .opaque
  }

  /// What `name` holds where the walk is: before the step, or, for a name
  /// assigned a new state, the state the walk has come to (its case, or an
  /// object of the type whose `id` is that state).
  private func current(_ name: String) -> ValueSnapshot {
    let original = originalValue(of: name)
    let index = min(position + moved[name, default: 0], pathOfStates.count - 1)
    // A machine with regions names a state per region (`running+gun`);
    // its regions' states change in functions of their own, before a loop.
    guard index > 0, holdsTheState(original), !pathOfStates.contains(where: { $0.contains("+") })
    else { return original }
    let state = pathOfStates[index]
    switch original {
    case .enumCase(_, _, let type): return .enumCase(state, payload: [], type: type)
    case .instance:
      return source.type(identifiedAs: state).map { .instance(type: $0, properties: [:]) }
        ?? .opaque
    default: return original
    }
  }

  /// What `expression` holds where the walk is, as far as a snapshot
  /// shows: `self`, the event, a bound name, a stored property, or a tuple
  /// of them.
  private func value(of expression: ExprSyntax) -> ValueSnapshot {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return current(reference.baseName.text)
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return current(member.declName.baseName.text)
    }
    if let tuple = expression.as(TupleExprSyntax.self) {
      let elements = tuple.elements.map { value(of: $0.expression) }
      return elements.count == 1 ? elements[0] : .tuple(elements)
    }
    return .opaque
  }
}

extension ValueSnapshot {
  /// Whether nothing is known of the value.
  var isOpaque: Bool { self == .opaque }

  /// Whether the value is a state enum's case (not a tuple or an object).
  var isState: Bool {
    if case .enumCase = self { return true }
    return false
  }
}
