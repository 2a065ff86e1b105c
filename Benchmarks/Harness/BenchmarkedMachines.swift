#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

/// Something done with each machine the benchmarks measure, on its type.
public protocol MachineVisitor {
  /// Does the work with `machine`.
  func visit<M: BenchmarkedMachine>(_ machine: M.Type)
}

/// Hands `visitor` every machine the benchmarks measure, in the order of the
/// matrix.
///
/// Each machine is named by its type, not kept in an array of
/// `any BenchmarkedMachine.Type`: so the compiler specializes the driving
/// loop for each style's concrete type, as it would in a program that uses
/// one machine. A new machine is one line here and one `BenchmarkedMachine`
/// conformance in `Machines/`; the workbench's test
/// `CatalogCompletenessTests` names a catalog machine missing from either.
@inlinable
public func visitBenchmarkedMachines(_ visitor: some MachineVisitor) {
  visitor.visit(SecuritySystem.self)
  visitor.visit(Turnstile.self)
  visitor.visit(GumballMachine.self)
  visitor.visit(TCPConnection.self)
  visitor.visit(RecordCommit.self)
  visitor.visit(TrafficLight.self)
  visitor.visit(VideoPlayer.self)
  visitor.visit(TicketWorkflow.self)
  visitor.visit(DrawingTool.self)
  visitor.visit(GameCharacter.self)
}

/// The ids of the machines the benchmarks measure, in the order of the matrix.
public var benchmarkedMachineIDs: [String] {
  /// Collects the ids.
  final class IDs: MachineVisitor {
    var ids: [String] = []
    func visit<M: BenchmarkedMachine>(_ machine: M.Type) { ids.append(machine.id) }
  }
  let collector = IDs()
  visitBenchmarkedMachines(collector)
  return collector.ids
}
