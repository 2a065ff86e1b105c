import Diagrams
import StateMachines

/// One machine of one browser session: the machine built in every style,
/// each event sent to all of them, and whether they agreed.
///
/// A class, because the session store lends it to one request at a time
/// under its lock; it never leaves that lock.
protocol Playground: AnyObject {
  /// The machine's public id.
  var machineID: String { get }

  /// The reference style's state, as its public id.
  var currentState: String { get }

  /// The bytes of event arguments sent since the last reset.
  var argumentBytes: Int { get }

  /// The events sent since the last reset, the real clock's waits not
  /// counted.
  var sent: Int { get }

  /// Sends `text` (`name` or `name:argument`) to every style, if its
  /// argument fits in the `allowance` of event data the session has left
  /// and its client has work left on `work`, which pays for the steps.
  ///
  /// - Throws: `ServeError`: 400 naming the valid events for text that is
  ///   not an event of the machine, 429 past the allowance or the work;
  ///   before any style runs.
  func send(_ text: String, allowance: Int, work: WorkMeter) throws(ServeError) -> PlayedStep

  /// Starts again from fresh machines, the real clock off.
  func reset()

  /// Takes over `other`'s machines, trace and clock: a playground of the
  /// same machine, made aside so that a replay refused half-way (a copy of
  /// the teacher's machine past the client's allowance) changes nothing
  /// here. Whether this one keeps its log stays as it was.
  func takeOver(_ other: any Playground)

  /// Turns the real clock on or off.
  ///
  /// - Throws: `ServeError` (400) for a machine that keeps no time.
  func useRealClock(_ on: Bool) throws(ServeError)

  /// Hands the real time that passed to the machines, if the clock is on.
  func catchUp()

  /// The state, the clock and the trace kept, as the API answers them.
  var traceJSON: JSONValue { get }

  /// The events since the last reset as text, the real clock's time as
  /// waits: replayed into a fresh playground, they give this one's
  /// machines; `nil` when there were too many to keep.
  var log: [String]? { get }

  /// Whether the playground keeps its `log` (the teacher's do).
  var keepsLog: Bool { get set }

  /// The steps kept, oldest first.
  var steps: [PlayedStep] { get }

  /// The step the session's page shows: the one it went back to, else
  /// the latest; `nil` before any step.
  var shownStep: PlayedStep? { get }

  /// Shows step `number` of the trace kept, or the latest when `nil`
  /// (which a new event returns to).
  ///
  /// - Throws: `ServeError` (400) naming the steps kept for a step that
  ///   is not one of them.
  func show(step number: Int?) throws(ServeError)

  /// The number of a kept step written as `text` (`?step=3`).
  ///
  /// - Throws: `ServeError` (400) naming the steps kept, for text that
  ///   is not the number of one.
  func stepNumber(_ text: String) throws(ServeError) -> Int

  /// The diagram with the run kept drawn on it, as `fsm diagram --events`
  /// draws a run, up to step `number` (by default the step shown), whole
  /// or around that step as `focus` says, and the state it leaves the
  /// machine in, by id.
  ///
  /// - Throws: `ServeError` (400) naming the steps kept, for a `number`
  ///   that is not one of them.
  func diagram(
    direction: DiagramDirection, upTo number: Int?, focus: DiagramFocus
  ) throws(ServeError) -> (Diagram, current: String)
}

/// The style whose step the page shows as *the* step: the CLI's default.
let referenceStyle = Style.statePattern

/// Makes a fresh playground for the catalog machine `machine`.
func makePlayground(_ machine: any CatalogMachine.Type) throws(ServeError) -> any Playground {
  try playground(of: machine)
}

/// The playground of `M`, with `M` opened from the catalog's existential.
private func playground<M: CatalogMachine>(of _: M.Type) throws(ServeError) -> any Playground {
  try MachinePlayground(M.self)
}
