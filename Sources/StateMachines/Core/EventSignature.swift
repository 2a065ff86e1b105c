/// How one event is written: its name and the kind of argument it takes.
public struct EventSignature<Event: Sendable>: Sendable {
  /// The kind of argument an event carries.
  public enum Parameter: String, Sendable, CustomStringConvertible {
    /// A security code: one or more digits.
    case code
    /// A whole number, which may be zero or negative (the machine decides).
    case count
    /// Any non-empty text.
    case data
    /// A time in decimal seconds, as `wait` takes it.
    case seconds
    /// A point on a pad, `X,Y`.
    case point
    /// A whole number in a stated range, as in `copyLines:3`.
    case n
    /// The id of one of the machine's states, as `moveTo` takes it.
    case state
    /// One of the weapons a character can pick up, as `pickUp` takes it.
    case weapon

    /// The placeholder used in help text, as in `disarm:CODE`.
    public var description: String {
      self == .point ? "X,Y" : rawValue.uppercased()
    }

    /// What a message calls the argument: `code`, `time in seconds`.
    var noun: String {
      switch self {
      case .seconds: "time in seconds"
      case .n: "number"
      case .code, .count, .data, .point, .state, .weapon: rawValue
      }
    }

    /// Whether the argument is one of a few words, which a message names.
    var isChoice: Bool { self == .state || self == .weapon }

    /// The parameter as a diagram writes it, as in `touchesBegan(x, y)`.
    public var label: String {
      self == .point ? "x, y" : rawValue
    }
  }

  /// The event's public name.
  public let name: String

  /// The argument it takes, if any.
  public let parameter: Parameter?

  /// What a well-formed argument looks like, for error messages.
  let rule: String

  /// Builds the event from a well-formed argument (`nil` when there is none).
  private let build: @Sendable (String?) -> Event?

  private init(
    _ name: String, _ parameter: Parameter?, rule: String = "",
    build: @escaping @Sendable (String?) -> Event?
  ) {
    self.name = name
    self.parameter = parameter
    self.rule = rule
    self.build = build
  }

  /// An event that takes no argument.
  public static func plain(_ name: String, _ event: Event) -> Self {
    Self(name, nil) { text in text == nil ? event : nil }
  }

  /// An event that carries a code of digits.
  public static func code(_ name: String, _ make: @escaping @Sendable (String) -> Event) -> Self {
    Self(name, .code, rule: "expected digits, as in 1234") { text in
      guard let text, !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
      return make(text)
    }
  }

  /// An event that carries a whole number.
  public static func count(_ name: String, _ make: @escaping @Sendable (Int) -> Event) -> Self {
    // The range too: `99999999999999999999` is a whole number, just not one
    // that fits.
    Self(name, .count, rule: "expected a whole number from \(Int.min) to \(Int.max), as in 5") {
      text in text.flatMap { Int($0) }.map(make)
    }
  }

  /// An event that carries a whole number from `range`, digits only.
  public static func number(
    _ name: String, in range: ClosedRange<Int>, _ make: @escaping @Sendable (Int) -> Event
  ) -> Self {
    Self(
      name, .n,
      rule: "expected a whole number from \(range.lowerBound) to \(range.upperBound), as in 3"
    ) { text in
      guard let text, let number = wholeNumber(text), range.contains(number) else { return nil }
      return make(number)
    }
  }

  /// An event that carries text.
  public static func data(_ name: String, _ make: @escaping @Sendable (String) -> Event) -> Self {
    Self(name, .data, rule: "expected some text, as in hello") { text in
      guard let text, !text.isEmpty else { return nil }
      return make(text)
    }
  }

  /// An event that carries a time in seconds, as `wait:0.5` does.
  public static func seconds(
    _ name: String, _ make: @escaping @Sendable (Duration) -> Event
  ) -> Self {
    Self(
      name, .seconds,
      rule: "expected seconds from 0 to 3600 with at most three decimals, as in 2 or 0.5"
    ) { text in text.flatMap { Duration(seconds: $0) }.map(make) }
  }

  /// An event that carries a point `X,Y`, each a whole number in `range`.
  public static func point(
    _ name: String, in range: ClosedRange<Int>, _ make: @escaping @Sendable (Int, Int) -> Event
  ) -> Self {
    Self(
      name, .point,
      rule: "expected X,Y, two whole numbers from \(range.lowerBound) to \(range.upperBound), "
        + "as in 10,20"
    ) { text in
      guard let text else { return nil }
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = wholeNumber(parts[0]), let y = wholeNumber(parts[1]),
        range.contains(x), range.contains(y)
      else { return nil }
      return make(x, y)
    }
  }

  /// An event that carries the id of one of `states`, as `moveTo:resolved`
  /// does.
  public static func state<State: StateID>(
    _ name: String, of _: State.Type, _ make: @escaping @Sendable (State) -> Event
  ) -> Self {
    choice(name, .state, of: State.self, make)
  }

  /// An event that carries one of the words of `Choice`, as `pickUp:bow`
  /// does; `parameter` says what the words are.
  public static func choice<Choice: RawRepresentable<String> & CaseIterable & Sendable>(
    _ name: String, _ parameter: Parameter, of _: Choice.Type,
    _ make: @escaping @Sendable (Choice) -> Event
  ) -> Self {
    let words = Choice.allCases.map(\.rawValue).joined(separator: ", ")
    return Self(name, parameter, rule: "expected one of \(words)") { text in
      text.flatMap { Choice(rawValue: $0) }.map(make)
    }
  }

  /// How the event is written, as in `disarm:CODE`.
  public var usage: String { parameter.map { "\(name):\($0)" } ?? name }

  /// Builds the event from the text after the colon, checking it.
  func event(from argument: String?) throws(EventSyntaxError) -> Event {
    if let event = build(argument) { return event }
    switch (parameter, argument) {
    case (nil, let argument?):
      throw EventSyntaxError("event '\(name)' takes no argument, but was given '\(argument)'")
    case (let parameter?, nil):
      // A state id or a weapon cannot be guessed from `STATE` or `WEAPON`,
      // so the choices are named here too, as they are for a wrong one.
      let choices = parameter.isChoice ? "; \(rule)" : ""
      throw EventSyntaxError(
        "event '\(name)' needs a \(parameter.noun): write \(usage)\(choices)")
    case (let parameter?, let argument?):
      throw EventSyntaxError(
        "'\(argument)' is not a valid \(parameter.noun) for '\(name)': \(rule)")
    case (nil, nil):
      throw EventSyntaxError("event '\(name)' could not be built")
    }
  }
}

/// `text` as a whole number written with an optional minus sign and at most
/// a few digits, or `nil`: the bounded arguments never need more, and
/// `Int(_:)` would also take a plus sign.
private func wholeNumber(_ text: some StringProtocol) -> Int? {
  let digits = text.first == "-" ? text.dropFirst() : text[...]
  guard (1...6).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
  return Int(text)
}
