/// What a state of the State pattern decides to do with an event.
///
/// The state only decides; its context carries the decision out, running
/// exit, effect and entry in that order, in one place.
public enum Transition<State, Output> {
  /// Not handled here, or the guard was false: nothing happens.
  case ignore

  /// An internal transition: the effect runs, the state stays, no exit or
  /// entry runs.
  case stay(effect: Effect<Output>)

  /// An external transition to `target`: exit, effect, entry.
  case go(to: State, effect: Effect<Output> = .none)
}

/// The outputs of a transition's effect, held inline so that returning a
/// transition never allocates.
///
/// An effect has at most four outputs, which covers every machine here.
public struct Effect<Output> {
  private var first: Output?
  private var second: Output?
  private var third: Output?
  private var fourth: Output?

  /// An effect that does nothing.
  public static var none: Self { Self(nil) }

  /// An effect that emits the given outputs in order; `nil`s are skipped.
  public init(
    _ first: Output?, _ second: Output? = nil, _ third: Output? = nil, _ fourth: Output? = nil
  ) {
    self.first = first
    self.second = second
    self.third = third
    self.fourth = fourth
  }

  /// Emits the outputs into `sink`, in order.
  public func emit(into sink: inout some OutputSink<Output>) {
    if let first { sink.emit(first) }
    if let second { sink.emit(second) }
    if let third { sink.emit(third) }
    if let fourth { sink.emit(fourth) }
  }
}

/// The entry and exit activities of a state in the State pattern.
///
/// Both do nothing unless a state says otherwise, so a state writes only the
/// activities it has.
public protocol StateActivities {
  /// The outputs the activities emit.
  associatedtype Output

  /// Runs every time the state is entered by a transition.
  func entry(into sink: inout some OutputSink<Output>)

  /// Runs every time a transition leaves the state.
  func exit(into sink: inout some OutputSink<Output>)
}

extension StateActivities {
  /// Does nothing.
  public func entry(into sink: inout some OutputSink<Output>) {}

  /// Does nothing.
  public func exit(into sink: inout some OutputSink<Output>) {}
}
