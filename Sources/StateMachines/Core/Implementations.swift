/// How a machine is built in each implementation it is written in: the one
/// place a machine lists its styles, one line each.
///
/// ```swift
/// public static let implementations: Implementations<Self> = [
///   .style(.nestedSwitch): { _ in NestedSwitch() },
///   .style(.enum): { _ in Enum() },
///   ...
/// ]
/// ```
///
/// It is a collection of the implementations, in the order of
/// `Implementation.all` (any the matrix does not list, after), so a machine
/// written in fewer styles, or in one more, is listed as it is.
public struct Implementations<M: Machine>: RandomAccessCollection, ExpressibleByDictionaryLiteral,
  Sendable
{
  /// How one implementation is built from the machine's configuration.
  ///
  /// It throws untyped: Swift does not infer a closure's typed throws from
  /// its body, so a line that calls a throwing `init` would need its thrown
  /// type spelled out. `build` passes a `Rejection` on, and makes one of
  /// anything else.
  public typealias Build =
    @Sendable (M.Configuration) throws -> any StateMachine<M.State, M.Event, M.Output>

  /// Each implementation with how it is built, in order.
  private let entries: [(implementation: Implementation, build: Build)]

  /// The implementations and how each is built; an implementation listed
  /// twice keeps its first build.
  public init(dictionaryLiteral elements: (Implementation, Build)...) {
    var seen: Set<Implementation> = []
    let unique = elements.filter { seen.insert($0.0).inserted }
    func rank(_ implementation: Implementation) -> Int {
      Implementation.all.firstIndex(of: implementation) ?? Implementation.all.count
    }
    // A stable sort: those the matrix does not list keep the order written.
    entries = unique.enumerated()
      .sorted { (rank($0.element.0), $0.offset) < (rank($1.element.0), $1.offset) }
      .map { (implementation: $0.element.0, build: $0.element.1) }
  }

  /// Every implementation of `Implementation.all` built by `build`: a
  /// machine whose one piece of code stands for every style (a lesson's
  /// exercise).
  public init(every build: @escaping Build) {
    entries = Implementation.all.map { (implementation: $0, build: build) }
  }

  /// The first position.
  public var startIndex: Int { entries.startIndex }

  /// The position after the last.
  public var endIndex: Int { entries.endIndex }

  /// The implementation at `position`.
  public subscript(position: Int) -> Implementation { entries[position].implementation }

  /// The styles written as such, in the order of `Style.allCases`.
  public var styles: [Style] {
    Style.allCases.filter { contains(Implementation($0)) }
  }

  /// The machine as `implementation` writes it, configured by `configuration`.
  ///
  /// - Throws: `Rejection` when the machine is not written that way, naming
  ///   the ways it is, or when the build rejects the configuration.
  public func build(
    _ implementation: Implementation, _ configuration: M.Configuration
  ) throws(Rejection) -> any StateMachine<M.State, M.Event, M.Output> {
    guard let entry = entries.first(where: { $0.implementation == implementation }) else {
      let written = entries.map { "'\($0.implementation)'" }.joined(separator: ", ")
      throw Rejection("\(M.id) is not written as '\(implementation)'; it is written as \(written)")
    }
    do {
      return try entry.build(configuration)
    } catch {
      throw error as? Rejection ?? Rejection("\(M.id) could not be built: \(error)")
    }
  }
}
