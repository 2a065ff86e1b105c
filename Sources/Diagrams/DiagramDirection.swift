/// Which way a diagram's states are laid out.
public enum DiagramDirection: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Whichever of the two others fits a 16:9 slide with the larger text.
  case auto
  /// From left to right: the first states on the left.
  case leftToRight = "lr"
  /// From top to bottom: the first states at the top, as PlantUML draws.
  case topToBottom = "tb"

  /// The public id, as `--direction` takes it.
  public var description: String { rawValue }

  /// Graphviz's `rankdir` for a direction that is not `auto`.
  var rankdir: String { self == .topToBottom ? "TB" : "LR" }
}

/// A projector's slide: 1920 by 1080 pixels, 16:9. A diagram drawn for a
/// class must fit one with its labels still readable from the back row.
public enum Slide {
  /// The slide's width, in pixels.
  public static let width = 1920.0

  /// The slide's height, in pixels.
  public static let height = 1080.0

  /// The smallest a label may be on the slide, in pixels.
  public static let smallestLabel = 14.0

  /// How many pixels a point of a diagram `size` (in points) takes when
  /// the whole diagram is scaled to fit the slide.
  public static func scale(fitting size: DiagramSize) -> Double {
    guard size.width > 0, size.height > 0 else { return 0 }
    return min(width / size.width, height / size.height)
  }

  /// How tall, in pixels, text of `points` is on the slide when the
  /// diagram of `size` is scaled to fit it.
  public static func pixels(ofText points: Double, in size: DiagramSize) -> Double {
    points * scale(fitting: size)
  }
}

/// The size of a laid-out diagram, in points (1/72 inch), margins included.
public struct DiagramSize: Hashable, Sendable, CustomStringConvertible {
  /// The width, in points.
  public var width: Double

  /// The height, in points.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// `980 x 280 pt`.
  public var description: String { "\(Int(width.rounded())) x \(Int(height.rounded())) pt" }
}
