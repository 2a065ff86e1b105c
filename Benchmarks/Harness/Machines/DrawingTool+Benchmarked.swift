#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension DrawingTool: BenchmarkedMachine {
  /// Mostly a line drawn: a touch on the pad, then a few moves. Now and then
  /// the pad is cleared, or cleared and drawn on and animated to the end
  /// (one wait too short, one that ends it), or a copy is animated. Every
  /// animation starts from a known number of lines, so its waits end it
  /// however many lines the episodes before left.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0:
      [.clear] + line(using: &generator) + line(using: &generator)
        + [.animate, .wait(seconds: .seconds(1)), .wait(seconds: .seconds(1))]
    case 1:
      [.copyLines(n: 3), .animate, .wait(seconds: .seconds(3))]
    case 2:
      [.clear]
    default:
      line(using: &generator)
    }
  }

  /// A line: a touch on the pad, then four moves, now and then one off it.
  private static func line(using generator: inout SeededGenerator) -> [Event] {
    let x = Int.random(in: 0..<padSize, using: &generator)
    let y = Int.random(in: 0..<padSize, using: &generator)
    return [.touchesBegan(x: x, y: y)]
      + (1...4).map { step in .touchesMoved(x: x + step * 5, y: y) }
  }
}
