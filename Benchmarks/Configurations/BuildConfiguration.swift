import Harness
import OwnCode

/// How the machines of a measurement are compiled: the two configurations
/// of every contender, measured in one run of the suite.
///
/// The harness and the machines are the same source files in both; the
/// difference is where the module boundary falls. This file is the one
/// place that sees both modules, which declare the same names: each is
/// named by its module.
public enum BuildConfiguration: String, CaseIterable, Sendable {
  /// As a package dependency, the way every app that depends on the
  /// workbench compiles it: `handle` is a call into the `StateMachines`
  /// module, opaque to the optimizer, and `emit` a closure call per output.
  case package

  /// As the app's own code: the style files compiled into the module of
  /// the loop that drives them, so the optimizer sees through `handle`.
  case ownCode = "own-code"

  /// What a benchmark's name starts with: nothing for the package, whose
  /// names predate the configurations, else the id and a slash
  /// (`own-code/turnstile/enum/typical`).
  public var prefix: String { self == .package ? "" : rawValue + "/" }

  /// `implementation` of the machine `machine` on a `stream` stream of
  /// `streamLength` events in windows of `windowLength`, compiled this way;
  /// `nil` when a name is none of the harness's.
  public func prepare(
    machine: String, implementation: String, stream: String, windowLength: Int,
    streamLength: Int
  ) -> Harness.PreparedRun? {
    switch self {
    case .package:
      Harness.PreparedRuns.make(
        machine: machine, implementation: implementation, stream: stream,
        windowLength: windowLength, streamLength: streamLength)
    case .ownCode:
      OwnCode.PreparedRuns.make(
        machine: machine, implementation: implementation, stream: stream,
        windowLength: windowLength, streamLength: streamLength)
    }
  }
}
