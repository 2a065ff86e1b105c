/// A way to implement a state machine, with everything the workbench needs to
/// show it: its public id, the suffix of its files, its label, its colour.
///
/// The styles are one list, `Style.allCases`, in the order every table,
/// chart and class view shows them; `Implementation.all` is made from it.
/// Adding a style is one entry here and its place in that list, then its
/// file and one line in the `implementations` of each machine written in
/// it: the CLI, the class view, the charts and the change-cost tables read
/// this list. What cannot read it, and so is changed by hand, is listed in
/// CONTRIBUTING.md, "Adding a style".
public struct Style: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
  /// The public id, as the CLI and the JSON trace write it: `nested-switch`.
  public let rawValue: String

  /// What a machine's file in this style ends with: `NestedSwitch` for
  /// `Turnstile+NestedSwitch.swift`; also the name of the style's type in
  /// the machine's namespace (`Turnstile.NestedSwitch`).
  public let fileSuffix: String

  /// The style's name in a sentence or a chart legend: `nested switch`.
  public let label: String

  /// The colour of the style's bars and marks in every chart, as `#RRGGBB`.
  public let colour: String

  /// One line on how the style writes a machine.
  public let summary: String

  /// The style with the public id `rawValue`, if there is one.
  public init?(rawValue: String) {
    guard let style = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = style
  }

  /// A style of the list below.
  private init(id: String, fileSuffix: String, label: String, colour: String, summary: String) {
    self.rawValue = id
    self.fileSuffix = fileSuffix
    self.label = label
    self.colour = colour
    self.summary = summary
  }

  /// The public id.
  public var description: String { rawValue }

  /// Whether two styles are the same: their public ids are.
  public static func == (lhs: Style, rhs: Style) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Hashes the public id, the style's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  // The colours are Okabe and Ito's palette, which readers with any common
  // colour blindness tell apart; no two styles side by side in the usual
  // order are alike in lightness or in hue for such a reader, and the
  // variants (`Implementation.Variant`) take the palette's other colours.

  /// A plain state tag, extended state in separate properties, and a `switch`
  /// inside a `switch` for each event.
  public static let nestedSwitch = Style(
    id: "nested-switch", fileSuffix: "NestedSwitch", label: "nested switch", colour: "#0072B2",
    summary:
      "a plain state tag, extended state in properties, a switch on the event and then the state")

  /// One enum whose cases carry their own data; behaviour switches over
  /// `(self, event)`.
  public static let `enum` = Style(
    id: "enum", fileSuffix: "Enum", label: "enum", colour: "#E69F00",
    summary: "an enum whose cases carry their own data, one switch over (state, event)")

  /// The State pattern as Swift writes it: a state protocol, one value type
  /// per state, a context holding the current state.
  public static let statePattern = Style(
    id: "state-pattern", fileSuffix: "StatePattern", label: "State pattern", colour: "#009E73",
    summary: "a state protocol, one struct per state, a context that carries out each decision")

  /// The Gang of Four's State pattern as printed: a base state class with
  /// do-nothing methods, one subclass per state.
  public static let stateClasses = Style(
    id: "state-classes", fileSuffix: "StateClasses", label: "state classes", colour: "#D55E00",
    summary:
      "the book's State pattern: a base state class, one subclass per state, a new object per transition"
  )

  /// The transition table as data: rows of `state, event [guard] / effect,
  /// target` that one engine runs.
  public static let table = Style(
    id: "table", fileSuffix: "Table", label: "table", colour: "#CC79A7",
    summary: "the transition table as data: rows of state, event [guard] / effect, target")

  /// Every style, in the order the workbench shows them.
  public static let allCases: [Style] = [nestedSwitch, .enum, statePattern, stateClasses, table]
}

/// One implementation the conformance suite checks and the benchmarks time: a
/// style as written, or a measured variant of one.
public struct Implementation: Hashable, Sendable, CustomStringConvertible {
  /// A way of writing a style that changes its design, and so its cost.
  public enum Variant: String, Hashable, Sendable {
    /// The style as its file writes it first.
    case asWritten = ""

    /// The State pattern with each state a type rather than a value: the
    /// context holds the current state's type, and the machine's data.
    case statesAsTypes = "types"

    /// The book's state classes, each state object made once per context
    /// and shared (the book's flyweight), not one new object per transition.
    case sharedStateObjects = "shared"

    /// The book's state classes with the context choosing the next state
    /// from a list it was created with, rather than each state naming its
    /// successor (the traffic light's second design).
    case contextDriven = "context"

    /// The transition table as a state-transition matrix: states and events
    /// as dense indices, the next state and the outputs in arrays indexed
    /// by both, one lookup per event and no row to search. Only the
    /// machines whose table has no guard, no timed row, no hierarchy and no
    /// region are written so.
    case matrix = "matrix"

    /// The variants the benchmark matrix measures, each after its style,
    /// for every machine written in it (the context-driven classes are the
    /// traffic light's alone, and not measured).
    public static let measured: [Self] = [.statesAsTypes, .sharedStateObjects, .matrix]

    /// The suffix of the file that writes the variant, when it has a file of
    /// its own (`Turnstile+StatePatternTypes.swift`); `nil` for a variant
    /// its style's file writes too (the shared state objects).
    public var fileSuffix: String? {
      switch self {
      case .asWritten, .sharedStateObjects: nil
      case .statesAsTypes: "StatePatternTypes"
      case .contextDriven: "StateClassesContextDriven"
      case .matrix: "TableMatrix"
      }
    }

    /// The colour of the variant's bars, from the rest of the palette
    /// `Style` draws from; `nil` as written (the style's own).
    public var colour: String? {
      switch self {
      case .asWritten: nil
      case .statesAsTypes: "#F0E442"
      case .sharedStateObjects: "#56B4E9"
      case .contextDriven: "#000000"
      // Okabe and Ito's eight colours are all taken: the grey that R's
      // `palette.colors("Okabe-Ito")` adds to them as a ninth.
      case .matrix: "#999999"
      }
    }

    /// The style it is a variant of; `nil` as written.
    var style: Style? {
      switch self {
      case .asWritten: nil
      case .statesAsTypes: .statePattern
      case .sharedStateObjects, .contextDriven: .stateClasses
      case .matrix: .table
      }
    }
  }

  /// The style it is written in.
  public var style: Style

  /// How the style is written.
  public var variant: Variant

  /// The style as written.
  public init(_ style: Style) {
    self.style = style
    self.variant = .asWritten
  }

  /// The State pattern with states as types.
  public static let statePatternTypes = Self(.statePattern, .statesAsTypes)

  /// The book's classes, each state object created once per context and shared.
  public static let sharedStateClasses = Self(.stateClasses, .sharedStateObjects)

  /// The traffic light's state classes with the context choosing the next
  /// state from its list.
  public static let contextDrivenStateClasses = Self(.stateClasses, .contextDriven)

  /// The transition table as a state-transition matrix, for the machines
  /// whose table has no guards (`Turnstile+TableMatrix.swift`).
  public static let tableMatrix = Self(.table, .matrix)

  /// The style as written, as a key of a machine's `implementations`.
  public static func style(_ style: Style) -> Self { Self(style) }

  /// Every implementation, in the order of the benchmark matrix: each style
  /// as written, each measured variant after its style.
  public static let all: [Self] = Style.allCases.flatMap { style in
    [Self(style)] + Variant.measured.filter { $0.style == style }.map { Self(style, $0) }
  }

  /// The suffix of the file that writes it: `StatePatternTypes`, or the
  /// style's own.
  public var fileSuffix: String { variant.fileSuffix ?? style.fileSuffix }

  /// The colour of its bars in every chart: the variant's, or the style's.
  public var colour: String { variant.colour ?? style.colour }

  /// Whether the context shares its state objects (`state-classes-shared`).
  public var sharesStateObjects: Bool { variant == .sharedStateObjects }

  /// The style's id, with the variant's after a dash: `state-classes-shared`.
  public var description: String {
    variant == .asWritten ? style.rawValue : "\(style)-\(variant.rawValue)"
  }

  /// A variant of `style`.
  private init(_ style: Style, _ variant: Variant) {
    self.style = style
    self.variant = variant
  }
}
