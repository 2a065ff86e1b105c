/// The outputs of a transition's effect, in order: written as an array
/// literal (`[.unlock]`, `[.sendSyn, .queued(data: data)]`), kept without an
/// array.
///
/// A decision is made on every event, and its effect is almost always none,
/// one or two outputs. An `[Output]` would be a reference-counted buffer,
/// retained and released on every event (and allocated when an output
/// carries data); this type keeps up to two outputs inline and needs an
/// array only beyond that, which no machine here does.
public struct Effects<Output>: ExpressibleByArrayLiteral, Sequence, CustomStringConvertible {
  /// The outputs, without a buffer for the usual few.
  fileprivate enum Storage {
    case none
    case one(Output)
    case two(Output, Output)
    case several([Output])
  }

  /// The outputs.
  private let storage: Storage

  /// The effect with `elements`, in order.
  ///
  /// Always inlined into the state that writes the literal, so that the
  /// compiler folds the literal's temporary array away; called, it would
  /// build and release that array on every decision, as
  /// `scripts/count-instructions` counts.
  @inline(__always)
  public init(arrayLiteral elements: Output...) {
    switch elements.count {
    case 0: storage = .none
    case 1: storage = .one(elements[0])
    case 2: storage = .two(elements[0], elements[1])
    default: storage = .several(elements)
    }
  }

  /// The effect with `outputs`, in order: for tables, whose rows list
  /// their outputs as data.
  public init(_ outputs: [Output]) {
    switch outputs.count {
    case 0: storage = .none
    case 1: storage = .one(outputs[0])
    case 2: storage = .two(outputs[0], outputs[1])
    default: storage = .several(outputs)
    }
  }

  /// The outputs as an array, for code that wants one; the context never
  /// needs it.
  public func makeIterator() -> IndexingIterator<[Output]> {
    var outputs: [Output] = []
    forEach { outputs.append($0) }
    return outputs.makeIterator()
  }

  /// The outputs as an array prints them, as in `[administratorInformed]`.
  public var description: String {
    Array(self).description
  }

  /// Calls `body` with each output, in order, without an array in between.
  /// Inlined like the initializer, so that the context's `switch` on the
  /// outputs meets the literal's.
  @inline(__always)
  public func forEach(_ body: (Output) -> Void) {
    switch storage {
    case .none: break
    case .one(let output): body(output)
    case .two(let first, let second):
      body(first)
      body(second)
    case .several(let outputs): outputs.forEach(body)
    }
  }
}

extension Effects: Sendable where Output: Sendable {}

extension Effects.Storage: Sendable where Output: Sendable {}
