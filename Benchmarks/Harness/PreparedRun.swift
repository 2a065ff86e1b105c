#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

/// One implementation of one machine, built and with its stream cut into
/// windows: each call handles the next `windows` windows, where the last
/// call stopped, and gives back how many events that was and a digest of
/// everything the machine did, for the caller to hand to `blackHole`.
///
/// Only standard library types cross this interface: the harness is
/// compiled twice, in this module beside the package's machines and in
/// `OwnCode` beside their copy, and the suite reaches both through the same
/// signature (`BuildConfiguration.prepare`).
public typealias PreparedRun = (_ windows: Int) -> (events: Int, digest: UInt64)

/// The runs of the benchmarks and of the instruction counter, prepared by
/// name.
public enum PreparedRuns {
  /// `implementation` of the machine `machine` on a `stream` stream of
  /// `streamLength` events (see `BenchmarkedMachine.stream`), cut into
  /// windows of `windowLength` events; `nil` when a name is none of the
  /// harness's or the machine cannot be built that way.
  ///
  /// The stream is built here, so a benchmark that calls this in its setup
  /// pays for its own stream only, outside the clock.
  public static func make(
    machine: String, implementation: String, stream: String, windowLength: Int,
    streamLength: Int
  ) -> PreparedRun? {
    guard case .implementation(let implementation) = Contender(implementation),
      let kind = StreamKind(rawValue: stream)
    else { return nil }
    let finder = Finder(
      id: machine,
      builder: Builder(
        implementation: implementation, kind: kind, windowLength: windowLength,
        streamLength: streamLength))
    visitBenchmarkedMachines(finder)
    return finder.run
  }
}

/// Finds the machine by its id and prepares its run.
private final class Finder: MachineVisitor {
  /// The machine's id.
  let id: String
  /// What to prepare.
  let builder: Builder
  /// The run, once the machine is found and built.
  var run: PreparedRun?

  /// Looks for the machine `id`, preparing what `builder` says.
  init(id: String, builder: Builder) {
    self.id = id
    self.builder = builder
  }

  func visit<M: BenchmarkedMachine>(_ machine: M.Type) {
    guard machine.id == id else { return }
    run = machine.visit(builder.implementation, with: builder) ?? nil
  }
}

/// Builds one implementation of a machine, on its concrete type, so that
/// the loop in the run is specialized for it.
private struct Builder: ImplementationVisitor {
  /// The implementation to build.
  var implementation: Implementation
  /// The stream it drives.
  var kind: StreamKind
  /// The events of one window.
  var windowLength: Int
  /// The events of the whole stream.
  var streamLength: Int

  func visit<M: BenchmarkedMachine, T: StateMachine>(
    _ type: T.Type, of machine: M.Type, as implementation: Implementation
  ) -> PreparedRun? where T.State == M.State, T.Event == M.Event, T.Output == M.Output {
    // The machine is built once and lives across calls, as a machine in
    // use would, with its buffers already grown; each call continues the
    // stream where the last stopped. The stream ends where it starts, so a
    // run may go round it any number of times.
    guard var built = machine.make(implementation, as: T.self) else { return nil }
    let windows = Windows(machine.stream(kind, count: streamLength), length: windowLength)
    return { count in
      var tally = Tally()
      var events = 0
      for _ in 0..<count {
        let window = windows.take()
        profiledDrive(&built, window, into: &tally)
        events &+= window.count
      }
      return (events, tally.digest)
    }
  }
}

/// `drive`, as a function that is never inlined: one call per window, and
/// the frame whose instructions valgrind counts
/// (`--toggle-collect=*profiled*`, scripts/count-instructions).
@inline(never)
func profiledDrive<M: StateMachine>(
  _ machine: inout M, _ events: [M.Event], into tally: inout Tally
) {
  drive(&machine, through: events, into: &tally)
}
