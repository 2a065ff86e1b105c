/// An event of a machine, which the CLI can read from text (`disarm:1234`) and
/// write back.
public protocol MachineEvent: Hashable, Sendable, CustomStringConvertible {
  /// The event without its data, one case per name (`.disarm` for
  /// `disarm:1234`): what a table's row is written for, so that the
  /// compiler checks the event of every row. An event without data is its
  /// own kind.
  associatedtype Kind: Hashable, Sendable, CaseIterable, RawRepresentable<String> = Self

  /// Every event name with the argument it takes, in the order `fsm describe`
  /// lists them.
  static var signatures: [EventSignature<Self>] { get }

  /// The event without its data.
  var kind: Kind { get }

  /// The event's public name, as in `disarm`: its kind's raw value.
  var name: String { get }

  /// The event's argument as text, as in `1234` for `disarm:1234`.
  var argument: String? { get }

  /// How much time the event lets pass on the machine's clock: the
  /// duration of a `wait`, `nil` for every other event.
  var timePassing: Duration? { get }
}

extension MachineEvent {
  /// No time passes: only `wait` moves a machine's clock.
  public var timePassing: Duration? { nil }

  /// The kind's raw value.
  public var name: String { kind.rawValue }
}

extension MachineEvent {
  /// The event as the CLI writes it: `name` or `name:argument`.
  public var description: String { argument.map { "\(name):\($0)" } ?? name }

  /// Reads an event written as `name` or `name:argument`.
  ///
  /// - Throws: `EventSyntaxError` naming the valid choices, for an unknown
  ///   name, a missing or malformed argument, or an argument to an event that
  ///   takes none.
  public static func parse(_ text: String) throws(EventSyntaxError) -> Self {
    let name: Substring
    let argument: Substring?
    if let colon = text.firstIndex(of: ":") {
      name = text[..<colon]
      argument = text[text.index(after: colon)...]
    } else {
      name = text[...]
      argument = nil
    }
    guard let signature = signatures.first(where: { $0.name == name }) else {
      let usages = signatures.map(\.usage).joined(separator: ", ")
      throw EventSyntaxError("unknown event '\(name)'; valid events: \(usages)")
    }
    return try signature.event(from: argument.map(String.init))
  }
}

extension MachineEvent where Self: RawRepresentable<String> & CaseIterable {
  /// One signature per case, none taking an argument.
  public static var signatures: [EventSignature<Self>] {
    allCases.map { .plain($0.rawValue, $0) }
  }

  /// The event itself: it carries no data.
  public var kind: Self { self }

  /// No argument.
  public var argument: String? { nil }
}

/// Text that does not name an event of the machine, or names one wrongly.
public struct EventSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, and what would be right.
  public var message: String

  /// Creates an error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
