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

  /// The file read once: each type's functions with a body (its
  /// declaration's and its extensions'), what each type inherits, and the
  /// type each state id names. A step looks things up many times.
  private let index: TypeIndex

  /// Parses `text`, the contents of the file at `path`.
  init(text: String, path: String) {
    tree = Parser.parse(source: text)
    converter = SourceLocationConverter(fileName: path, tree: tree)
    let indexer = TypeIndexer()
    indexer.walk(tree)
    index = indexer.index
  }

  /// The lines `node` spans, from its first token to its last, without its
  /// doc comment.
  func lines(of node: some SyntaxProtocol) -> ClosedRange<Int> {
    let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    let last = converter.location(for: node.endPositionBeforeTrailingTrivia).line
    return first...max(first, last)
  }

  /// The function `name` declared in the type `type` or an extension of it.
  func method(_ name: String, declaredIn type: String) -> FunctionDeclSyntax? {
    index.functions[type]?.first { $0.name.text == name }
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
      queue += index.inherited[next] ?? []
    }
    return nil
  }

  /// The type whose `id` is the state `id` (`Green` for `green`), in a
  /// style with one type per state.
  func type(identifiedAs id: String) -> String? {
    index.identified[id]
  }

  /// Whether the file declares a type (or an extension of one) named `type`.
  func declares(_ type: String) -> Bool {
    index.declared.contains(type)
  }
}

/// What `StyleSource` looks up, by type name (the last component).
private struct TypeIndex {
  var functions: [String: [FunctionDeclSyntax]] = [:]
  var inherited: [String: [String]] = [:]
  var identified: [String: String] = [:]
  var declared: Set<String> = []
}

/// Reads a file's types, extensions and protocols into a `TypeIndex`.
private final class TypeIndexer: SyntaxVisitor {
  var index = TypeIndex()

  init() {
    super.init(viewMode: .sourceAccurate)
  }

  /// Records a type's (or an extension's) members and inheritance.
  private func add(
    _ name: String, members: MemberBlockSyntax?, inherits clause: InheritanceClauseSyntax?
  ) {
    index.declared.insert(name)
    index.inherited[name, default: []] +=
      clause?.inheritedTypes.map { lastComponent(of: $0.type.trimmedDescription) } ?? []
    guard let members else { return }
    for member in members.members {
      if let function = member.decl.as(FunctionDeclSyntax.self), function.body != nil {
        index.functions[name, default: []].append(function)
      }
      if let variable = member.decl.as(VariableDeclSyntax.self),
        variable.bindings.first?.pattern.trimmedDescription == "id",
        let accessor = variable.bindings.first?.accessorBlock
      {
        let tokens = accessor.tokens(viewMode: .sourceAccurate).map(\.text)
        if tokens.count == 4 && tokens[0] == "{" && tokens[1] == "." && tokens[3] == "}" {
          index.identified[tokens[2]] = index.identified[tokens[2]] ?? name
        }
      }
    }
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node.name.text, members: node.memberBlock, inherits: node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node.name.text, members: node.memberBlock, inherits: node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node.name.text, members: node.memberBlock, inherits: node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    // A protocol's requirements have no body: only what it inherits.
    add(node.name.text, members: nil, inherits: node.inheritanceClause)
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // An extension constrained by `where` answers only for some types; the
    // styles write none, and one would need its constraint checked.
    if node.genericWhereClause == nil {
      add(
        lastComponent(of: node.extendedType.trimmedDescription), members: node.memberBlock,
        inherits: node.inheritanceClause)
    }
    return .visitChildren
  }
}

/// `GameCharacter.StatePattern.Standing` as `Standing`.
func lastComponent(of typeName: String) -> String {
  String(typeName.split(separator: ".").last ?? Substring(typeName))
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
