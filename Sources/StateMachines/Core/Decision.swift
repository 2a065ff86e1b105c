/// What a state of the State pattern decides to do with an event.
///
/// The state only decides; its context carries the decision out, running the
/// exit activity, the effect and the entry activity, in that order.
public enum Decision<NextState, Output> {
  /// Not handled here, or the guard was false: nothing happens.
  case ignore

  /// An internal transition: the effect runs, the state stays, and no exit or
  /// entry activity runs.
  case stay(effect: Effects<Output>)

  /// A transition to `next`: exit, effect, entry.
  case go(to: NextState, effect: Effects<Output> = [])
}
