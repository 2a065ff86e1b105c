import Synchronization

/// A guard that a machine's author has still to write: what `fsm new`
/// generates for each guard of a table (docs/new-machine.md), so that the
/// machine compiles and runs before its guards are written.
///
/// The stand-in holds never, and it notes each call, so that the
/// conformance suite can name the guards still to write rather than pass
/// or fail without saying why.
public struct UnwrittenGuard: Hashable, Sendable, CustomStringConvertible {
  /// The machine's public id, as in `door`.
  public var machine: String

  /// The guard's Swift name, as in `codeMatches`.
  public var name: String

  /// Where it is to be written: the file under `Sources/`, and the line.
  public var place: String

  /// `door's guard codeMatches is not written (Sources/StateMachines/Door/Door.swift:97)`.
  public var description: String { "\(machine)'s guard \(name) is not written (\(place))" }

  /// Every unwritten guard called so far in this process, each once.
  public static var called: Set<UnwrittenGuard> { calls.withLock { $0 } }

  /// The calls noted so far.
  private static let calls = Mutex<Set<UnwrittenGuard>>([])

  /// Notes a call of the guard.
  fileprivate static func note(_ unwritten: UnwrittenGuard) {
    _ = calls.withLock { $0.insert(unwritten) }
  }
}

/// Stands in for the guard `name` of `machine` until it is written: notes
/// the call, for the conformance suite, and returns `false`, so that the
/// guarded transition never fires.
public func unwrittenGuard(
  _ name: String, of machine: String, file: String = #filePath, line: Int = #line
) -> Bool {
  // The path from `Sources/` on, as a person finds the file in the checkout.
  let place = file.ranges(of: "Sources/").last.map { String(file[$0.lowerBound...]) } ?? file
  UnwrittenGuard.note(UnwrittenGuard(machine: machine, name: name, place: "\(place):\(line)"))
  return false
}
