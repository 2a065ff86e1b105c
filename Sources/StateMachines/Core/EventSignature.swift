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

    /// The placeholder used in help text, as in `disarm:CODE`.
    public var description: String { rawValue.uppercased() }
  }

  /// The event's public name.
  public let name: String

  /// The argument it takes, if any.
  public let parameter: Parameter?

  /// Builds the event from a well-formed argument (`nil` when there is none).
  private let build: @Sendable (String?) -> Event?

  private init(
    _ name: String, _ parameter: Parameter?, build: @escaping @Sendable (String?) -> Event?
  ) {
    self.name = name
    self.parameter = parameter
    self.build = build
  }

  /// An event that takes no argument.
  public static func plain(_ name: String, _ event: Event) -> Self {
    Self(name, nil) { text in text == nil ? event : nil }
  }

  /// An event that carries a code of digits.
  public static func code(_ name: String, _ make: @escaping @Sendable (String) -> Event) -> Self {
    Self(name, .code) { text in
      guard let text, !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
      return make(text)
    }
  }

  /// An event that carries a whole number.
  public static func count(_ name: String, _ make: @escaping @Sendable (Int) -> Event) -> Self {
    Self(name, .count) { text in text.flatMap { Int($0) }.map(make) }
  }

  /// An event that carries text.
  public static func data(_ name: String, _ make: @escaping @Sendable (String) -> Event) -> Self {
    Self(name, .data) { text in
      guard let text, !text.isEmpty else { return nil }
      return make(text)
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
      throw EventSyntaxError("event '\(name)' needs a \(parameter.rawValue): write \(usage)")
    case (let parameter?, let argument?):
      throw EventSyntaxError(
        "'\(argument)' is not a valid \(parameter.rawValue) for '\(name)': \(parameter.rule)")
    case (nil, nil):
      throw EventSyntaxError("event '\(name)' could not be built")
    }
  }
}

extension EventSignature.Parameter {
  /// What a well-formed argument looks like.
  fileprivate var rule: String {
    switch self {
    case .code: "expected digits, as in 1234"
    // The range too: `99999999999999999999` is a whole number, just not one
    // that fits.
    case .count: "expected a whole number from \(Int.min) to \(Int.max), as in 5"
    case .data: "expected some text, as in hello"
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
