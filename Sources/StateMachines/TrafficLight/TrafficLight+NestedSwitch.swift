extension TrafficLight {
  /// The traffic light written as nested switches.
  ///
  /// The colour is a plain tag; when it came on is a separate property, and
  /// so is the clock. Notice that a `wait` may span several colours: the
  /// loop takes each change that comes due, in order and as of its own
  /// deadline, so the next colour's time counts from the moment it came on.
  public struct NestedSwitch: TrafficLightMachine {
    /// The current colour.
    public private(set) var state: State = .green

    /// The light's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// When the current colour came on: its time counts from here.
    private var since: Duration = .zero

    /// Creates a green light; its clock reads 0.
    public init() {}

    /// Lets the time pass, changing colour as often as it comes due.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var outcome = Outcome<State>.ignored
      switch event {
      case .wait(let duration):
        let end = clock.now + duration
        while true {
          let deadline: Duration
          let next: State
          switch state {
          case .green: (deadline, next) = (since + .seconds(1), .yellow)
          case .yellow: (deadline, next) = (since + .milliseconds(500), .red)
          case .red: (deadline, next) = (since + .seconds(2), .green)
          }
          guard deadline <= end else { break }
          clock.advance(to: deadline)
          outcome.recordTransition(from: state)
          state = next
          since = deadline
          switch state {
          case .green: emit(.showGreen)
          case .yellow: emit(.showYellow)
          case .red: emit(.showRed)
          }
        }
        clock.advance(to: end)
      }
      return outcome
    }
  }
}
