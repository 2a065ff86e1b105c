import SwiftParser
import SwiftSyntax

/// One style's file as a tree: its functions, its types and what they
/// inherit, and the line each piece of code is on.
///
/// swift-syntax reads the file as the compiler does, so a marked case is a
/// case and a marked method is the method that answered, never a line that
/// merely names the event.
struct StyleSource {
  /// The file's syntax tree.
  let tree: SourceFileSyntax

  /// Turns positions into line numbers.
  private let converter: SourceLocationConverter

  /// Parses `text`, the contents of the file at `path`.
  init(text: String, path: String) {
    tree = Parser.parse(source: text)
    converter = SourceLocationConverter(fileName: path, tree: tree)
  }

  /// The lines `node` spans, from its first token to its last, without its
  /// doc comment.
  func lines(of node: some SyntaxProtocol) -> ClosedRange<Int> {
    let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    let last = converter.location(for: node.endPositionBeforeTrailingTrivia).line
    return first...max(first, last)
  }

  /// Every function named `name` in the file, outside any protocol (a
  /// requirement has no body to run).
  func functions(named name: String) -> [FunctionDeclSyntax] {
    FunctionFinder(name: name).found(in: tree)
  }

  /// The function `name` declared in the type `type` or an extension of it.
  func method(_ name: String, declaredIn type: String) -> FunctionDeclSyntax? {
    for members in memberBlocks(of: type) {
      for member in members.members {
        if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
          function.body != nil
        {
          return function
        }
      }
    }
    return nil
  }

  /// The method `name` that answers when it is called on a value of `type`:
  /// the type's own, else its superclass's, else the nearest protocol
  /// extension's, as Swift chooses a witness.
  func answeringMethod(_ name: String, for type: String) -> FunctionDeclSyntax? {
    var visited: Set<String> = []
    var queue = [type]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard visited.insert(next).inserted else { continue }
      if let found = method(name, declaredIn: next) { return found }
      queue += inherited(by: next)
    }
    return nil
  }

  /// The type whose `id` is the state `id` (`Green` for `green`), in a
  /// style with one type per state.
  func type(identifiedAs id: String) -> String? {
    IdentifiedTypeFinder(id: id).found(in: tree)
  }

  /// Whether the file declares a type (or an extension of one) named `type`.
  func declares(_ type: String) -> Bool {
    !memberBlocks(of: type).isEmpty
  }

  /// The names a type inherits from, superclass first, as its declaration
  /// and extensions write them.
  private func inherited(by type: String) -> [String] {
    TypeFinder(name: type).found(in: tree).flatMap { clause in
      clause.inheritedTypes.map { lastComponent(of: $0.type.trimmedDescription) }
    }
  }

  /// The member blocks of `type`: its declaration's and its extensions'.
  private func memberBlocks(of type: String) -> [MemberBlockSyntax] {
    MemberBlockFinder(name: type).found(in: tree)
  }
}

/// `GameCharacter.StatePattern.Standing` as `Standing`.
func lastComponent(of typeName: String) -> String {
  String(typeName.split(separator: ".").last ?? Substring(typeName))
}

/// Finds the functions of one name that have a body.
private final class FunctionFinder: SyntaxVisitor {
  let name: String
  var functions: [FunctionDeclSyntax] = []

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  func found(in tree: SourceFileSyntax) -> [FunctionDeclSyntax] {
    walk(tree)
    return functions
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name && node.body != nil { functions.append(node) }
    return .skipChildren
  }
}

/// Finds the member blocks of one type: its declaration and its extensions.
private final class MemberBlockFinder: SyntaxVisitor {
  let name: String
  var blocks: [MemberBlockSyntax] = []

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  func found(in tree: SourceFileSyntax) -> [MemberBlockSyntax] {
    walk(tree)
    return blocks
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name { blocks.append(node.memberBlock) }
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name { blocks.append(node.memberBlock) }
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name { blocks.append(node.memberBlock) }
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // An extension constrained by `where` answers only for some types; the
    // styles write none, and one would need its constraint checked.
    if lastComponent(of: node.extendedType.trimmedDescription) == name
      && node.genericWhereClause == nil
    {
      blocks.append(node.memberBlock)
    }
    return .visitChildren
  }
}

/// Finds the inheritance clauses of one type: its declaration's and its
/// extensions'.
private final class TypeFinder: SyntaxVisitor {
  let name: String
  var clauses: [InheritanceClauseSyntax] = []

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  func found(in tree: SourceFileSyntax) -> [InheritanceClauseSyntax] {
    walk(tree)
    return clauses
  }

  private func add(_ declared: String, _ clause: InheritanceClauseSyntax?) {
    if declared == name, let clause { clauses.append(clause) }
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node.name.text, node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node.name.text, node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node.name.text, node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    add(lastComponent(of: node.extendedType.trimmedDescription), node.inheritanceClause)
    return .visitChildren
  }
}

/// Finds the type whose `id` property answers one state id.
private final class IdentifiedTypeFinder: SyntaxVisitor {
  let id: String
  var found: String?

  init(id: String) {
    self.id = id
    super.init(viewMode: .sourceAccurate)
  }

  func found(in tree: SourceFileSyntax) -> String? {
    walk(tree)
    return found
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    check(node.name.text, node.memberBlock)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    check(node.name.text, node.memberBlock)
    return .visitChildren
  }

  private func check(_ name: String, _ members: MemberBlockSyntax) {
    guard found == nil else { return }
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.bindings.first?.pattern.trimmedDescription == "id",
        let accessor = variable.bindings.first?.accessorBlock
      else { continue }
      if accessor.tokens(viewMode: .sourceAccurate).map(\.text) == ["{", ".", id, "}"] {
        found = name
      }
    }
  }
}

extension SyntaxProtocol {
  /// Every node of type `T` inside this one, in source order.
  func descendants<T: SyntaxProtocol>(_: T.Type) -> [T] {
    var found: [T] = []
    var stack = Array(children(viewMode: .sourceAccurate).reversed())
    while let node = stack.popLast() {
      if let match = node.as(T.self) { found.append(match) }
      stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
    }
    return found
  }
}
