#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

/// What a measurement drives its stream through: no machine at all, or one
/// implementation of the machine.
public enum Contender: Hashable, Sendable, CustomStringConvertible {
  /// The loop alone, with no machine: the harness's lower bound.
  case noMachine

  /// The machine as `implementation` writes it.
  case implementation(Implementation)

  /// Every contender, the lower bound first, in the order of the matrix.
  public static let all: [Self] = [.noMachine] + Implementation.all.map(Self.implementation)

  /// The id in benchmark names: `no-machine`, or an implementation's id.
  public var description: String {
    switch self {
    case .noMachine: "no-machine"
    case .implementation(let implementation): implementation.description
    }
  }

  /// The contender named `id`, if there is one.
  public init?(_ id: String) {
    guard let contender = Self.all.first(where: { $0.description == id }) else { return nil }
    self = contender
  }
}

/// Something done with the concrete type of one implementation of a machine:
/// the way from a value (`Implementation`) to a type the compiler can
/// specialize `drive` for.
public protocol ImplementationVisitor {
  /// What the visit gives back.
  associatedtype Result

  /// Does the work with `type`, the type that writes `machine` as
  /// `implementation`.
  func visit<M: BenchmarkedMachine, T: StateMachine>(
    _ type: T.Type, of machine: M.Type, as implementation: Implementation
  ) -> Result where T.State == M.State, T.Event == M.Event, T.Output == M.Output
}

extension BenchmarkedMachine {
  /// Hands `visitor` the concrete type that writes this machine as
  /// `implementation`; `nil` for an implementation the harness has no type
  /// for.
  ///
  /// This is the one place that names a style's type rather than looking it
  /// up (`Machine.implementations` holds values, not types): each branch
  /// hands the compiler a concrete type to specialize the driving loop for.
  /// A new style is measured once it has an associated type in
  /// `BenchmarkedMachine` and a branch here.
  @inlinable
  public static func visit<V: ImplementationVisitor>(
    _ implementation: Implementation, with visitor: V
  ) -> V.Result? {
    switch implementation {
    case .style(.nestedSwitch): visitor.visit(NestedSwitch.self, of: self, as: implementation)
    case .style(.enum): visitor.visit(Enum.self, of: self, as: implementation)
    case .style(.statePattern): visitor.visit(StatePattern.self, of: self, as: implementation)
    case .statePatternTypes: visitor.visit(StatePatternTypes.self, of: self, as: implementation)
    case .style(.stateClasses), .sharedStateClasses:
      visitor.visit(StateClasses.self, of: self, as: implementation)
    case .style(.table): visitor.visit(Table.self, of: self, as: implementation)
    case .tableMatrix: visitor.visit(TableMatrix.self, of: self, as: implementation)
    default: nil
    }
  }
}
