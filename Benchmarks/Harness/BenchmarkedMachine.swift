#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

/// A machine the dispatch-cost benchmarks measure: its styles and variants
/// as concrete types, and what its event streams are made of.
///
/// Every machine namespace already declares types named `NestedSwitch`,
/// `Enum`, `StatePattern`, `StateClasses` and `Table`, so the compiler finds
/// the styles by name: conforming a machine takes its typical episode (and,
/// if the sample events do not suit, its alphabet or configuration). A
/// variant only some machines are written in (`TableMatrix`) is found by
/// name too where it exists, and is `NotWritten` elsewhere.
public protocol BenchmarkedMachine: Machine {
  /// The machine written as nested switches.
  associatedtype NestedSwitch: StateMachine<State, Event, Output>

  /// The machine written as an enum with payloads.
  associatedtype Enum: StateMachine<State, Event, Output>

  /// The machine written with the State pattern.
  associatedtype StatePattern: StateMachine<State, Event, Output>

  /// The machine written with the State pattern, each state a type.
  associatedtype StatePatternTypes: StateMachine<State, Event, Output>

  /// The machine written with the book's state classes.
  associatedtype StateClasses: StateMachine<State, Event, Output>

  /// The machine written as a transition table.
  associatedtype Table: StateMachine<State, Event, Output>

  /// The machine written as a state-transition matrix, for the machines
  /// whose table has no guards; `NotWritten` for the others, whose cell the
  /// benchmarks skip.
  associatedtype TableMatrix: StateMachine<State, Event, Output> = NotWritten<State, Event, Output>

  /// The configuration every style is created with.
  static var benchmarkConfiguration: Configuration { get }

  /// The events a uniform stream draws from, with representative data.
  static var uniformAlphabet: [Event] { get }

  /// One run of the path the machine usually takes; the typical stream is
  /// these episodes, one after another.
  static func typicalEpisode(using generator: inout SeededGenerator) -> [Event]
}

extension BenchmarkedMachine {
  /// The CLI's defaults.
  public static var benchmarkConfiguration: Configuration { Configuration() }

  /// The machine's own sample events: every event, with good and bad data.
  public static var uniformAlphabet: [Event] { sampleEvents(for: benchmarkConfiguration) }

  /// A new machine as `implementation` writes it, as its concrete type `T`,
  /// or `nil` when the machine cannot be built that way.
  @inlinable
  public static func make<T: StateMachine>(_ implementation: Implementation, as type: T.Type) -> T?
  {
    (try? make(implementation, benchmarkConfiguration)) as? T
  }
}

/// The type of an implementation a machine is not written in: it has no
/// values, so it can be named where the harness needs a type but never
/// built (`make` gives `nil`, and the benchmarks skip the cell).
public enum NotWritten<
  State: Hashable & Sendable, Event: Hashable & Sendable, Output: Hashable & Sendable
>: StateMachine {
  /// Never asked: there is no machine.
  public var state: State {
    switch self {}
  }

  /// Never called: there is no machine.
  public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
    switch self {}
  }
}
