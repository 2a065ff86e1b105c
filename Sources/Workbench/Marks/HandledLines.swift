/// The lines that handled a step, as `fsm run --handlers` prints them.
enum HandledLines {
  /// `{"file": "Sources/.../X+Enum.swift", "lines": [[60, 62]]}`.
  static func json(_ handled: CodeMarks) -> String {
    let ranges = handled.ranges.map { "[\($0.lowerBound), \($0.upperBound)]" }
    return "{\(JSONTrace.string("file")): \(JSONTrace.string(relative(handled.path))), "
      + "\(JSONTrace.string("lines")): [\(ranges.joined(separator: ", "))]}"
  }

  /// `handled at TCPConnection+Enum.swift:62-63, 70`, or `handled by no
  /// line of TCPConnection+Table.swift` for a table with no row for it.
  static func text(_ handled: CodeMarks) -> String {
    let name = handled.path.split(separator: "/").last.map(String.init) ?? handled.path
    guard !handled.ranges.isEmpty else { return "(no line of \(name) handled it)" }
    let ranges = handled.ranges.map {
      $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
    }
    return "(handled at \(name):\(ranges.joined(separator: ", ")))"
  }

  /// The path from the checkout: `Sources/StateMachines/...`.
  private static func relative(_ path: String) -> String {
    guard let range = path.range(of: "Sources/StateMachines/") else { return path }
    return String(path[range.lowerBound...])
  }
}
