#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

/// What driving a stream of events through a machine produced: enough to
/// keep every result alive for `blackHole`, and cheap to keep.
public struct Tally {
  /// The outputs, counted and digested.
  public var outputs = Digest()

  /// How many events fired a transition.
  public var fired = 0

  /// How many events the machine rejected as bad input.
  public var rejected = 0

  /// Nothing yet.
  public init() {}

  /// Everything above folded into one word, which depends on every output
  /// and every verdict: what a caller keeps from the optimizer.
  public var digest: UInt64 {
    var digest = outputs
    digest.mix(UInt64(truncatingIfNeeded: fired))
    digest.mix(UInt64(truncatingIfNeeded: rejected))
    digest.mix(UInt64(truncatingIfNeeded: outputs.count))
    return digest.bits
  }
}

/// Handles every event of `events`, in order, with `machine`.
///
/// This is the loop that every style of every machine is timed with. It is
/// generic over the concrete machine type, so the compiler specializes it for
/// each style: the call to `handle` is a direct call on a known type, never a
/// call through `any StateMachine`.
@inlinable
public func drive<M: StateMachine>(
  _ machine: inout M, through events: [M.Event], into tally: inout Tally
) {
  for event in events {
    do throws(M.Failure) {
      if try machine.handle(event, emit: { tally.outputs.add($0) }).fired {
        tally.fired &+= 1
      }
    } catch {
      tally.rejected &+= 1
    }
  }
}

/// The loop of `drive` with no machine in it: each event is loaded and
/// handed to `consume`, which the caller makes opaque to the optimizer
/// (package-benchmark's `blackHole`).
///
/// What this costs is the harness's own share of every measurement, and a
/// lower bound no style can go under: every style pays this loop and one
/// call per event, to its `handle`.
@inlinable
public func driveWithoutMachine<Event>(through events: [Event], consume: (Event) -> Void) {
  for event in events {
    consume(event)
  }
}
