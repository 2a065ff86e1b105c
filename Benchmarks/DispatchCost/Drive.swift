import StateMachines

/// What driving a stream of events through a machine produced: enough to
/// keep every result alive for `blackHole`, and cheap to keep.
struct Tally {
  /// The outputs, counted and digested.
  var outputs = Digest()

  /// How many events fired a transition.
  var fired = 0

  /// How many events the machine rejected as bad input.
  var rejected = 0
}

/// Handles every event of `events`, in order, with `machine`.
///
/// This is the loop that every style of every machine is timed with. It is
/// generic over the concrete machine type, so the compiler specializes it for
/// each style: the call to `handle` is a direct call on a known type, never a
/// call through `any StateMachine`.
func drive<M: StateMachine>(_ machine: inout M, through events: [M.Event], into tally: inout Tally)
{
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
