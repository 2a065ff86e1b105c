extension TrafficLight {
  /// The traffic light written as an enum that is its own machine.
  ///
  /// Each case carries when its colour came on, and the clock: the enum is
  /// the whole machine, so what the light knows travels with each colour.
  /// Notice that `after(d)` is a question each case answers (`deadline`)
  /// and that the change itself is one `switch` over the colour.
  public enum Enum: TrafficLightMachine {
    /// Green since `since`.
    case green(since: Duration, clock: VirtualClock)
    /// Yellow since `since`.
    case yellow(since: Duration, clock: VirtualClock)
    /// Red since `since`.
    case red(since: Duration, clock: VirtualClock)

    /// Creates a green light; its clock reads 0.
    public init() { self = .green(since: .zero, clock: VirtualClock()) }

    /// The public id of the current colour.
    public var state: State {
      switch self {
      case .green: .green
      case .yellow: .yellow
      case .red: .red
      }
    }

    /// The light's clock.
    public private(set) var clock: VirtualClock {
      get {
        switch self {
        case .green(_, let clock), .yellow(_, let clock), .red(_, let clock): clock
        }
      }
      set {
        switch self {
        case .green(let since, _): self = .green(since: since, clock: newValue)
        case .yellow(let since, _): self = .yellow(since: since, clock: newValue)
        case .red(let since, _): self = .red(since: since, clock: newValue)
        }
      }
    }

    /// When the current colour goes out: `after(1s)`, `after(0.5s)`,
    /// `after(2s)` from when it came on.
    private var deadline: Duration {
      switch self {
      case .green(let since, _): since + .seconds(1)
      case .yellow(let since, _): since + .milliseconds(500)
      case .red(let since, _): since + .seconds(2)
      }
    }

    /// Lets the time pass, changing colour as often as it comes due.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var outcome = Outcome<State>.ignored
      switch event {
      case .wait(let duration):
        var clock = clock
        let end = clock.now + duration
        while deadline <= end {
          let since = deadline
          clock.advance(to: since)
          outcome.recordTransition(from: state)
          switch self {
          case .green:
            emit(.showYellow)
            self = .yellow(since: since, clock: clock)
          case .yellow:
            emit(.showRed)
            self = .red(since: since, clock: clock)
          case .red:
            emit(.showGreen)
            self = .green(since: since, clock: clock)
          }
        }
        clock.advance(to: end)
        self.clock = clock
      }
      return outcome
    }
  }
}
