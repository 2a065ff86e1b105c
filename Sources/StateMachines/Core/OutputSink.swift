/// Where a machine puts its outputs while it handles an event.
///
/// The caller owns the sink, so handling an event never has to allocate an
/// array of outputs: a benchmark can count them, a test can record them.
public protocol OutputSink<Output> {
  /// The kind of output this sink accepts.
  associatedtype Output

  /// Takes one output, in the order the machine produces them.
  mutating func emit(_ output: Output)
}

/// An array records every output it is given, in order.
extension Array: OutputSink {
  /// Appends `output`.
  @inlinable
  public mutating func emit(_ output: Element) {
    append(output)
  }
}
