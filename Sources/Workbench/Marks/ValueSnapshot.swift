/// What a machine was before a step, as far as choosing the code that
/// handles it needs: each enum's case, each object's run-time type (a
/// metatype's type), and the stored properties by name.
///
/// Taken through `Mirror`, so a style file carries nothing for it: the
/// marks read the machine as a debugger would.
indirect enum ValueSnapshot: Sendable, Hashable {
  /// An enum's case, with its payload's values in order, and the enum's
  /// name (the last component, as in `Movement`).
  case enumCase(String, payload: [ValueSnapshot], type: String = "")
  /// A tuple's elements, in order.
  case tuple([ValueSnapshot])
  /// A struct or class: its run-time type's name (the last component, as in
  /// `Standing`) and its stored properties by label.
  case instance(type: String, properties: [String: ValueSnapshot])
  /// Anything else: numbers, strings, collections. No pattern here reads them.
  case opaque

  /// How deep a snapshot goes: a state's payload, and its payload's, are
  /// enough for every pattern the styles write (`.onGround(.ducking)`).
  private static let depth = 4

  /// A snapshot of `value`.
  init(_ value: Any) {
    self.init(value, depth: Self.depth)
  }

  private init(_ value: Any, depth: Int) {
    guard depth > 0 else {
      self = .opaque
      return
    }
    // A state that is a type (the State pattern with states as types)
    // is held as its metatype, which a mirror shows nothing of: it is
    // read as an instance of that type, whose methods are its static ones.
    if let type = value as? Any.Type {
      self = .instance(type: lastComponent(of: String(reflecting: type)), properties: [:])
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let name = enumCaseName(value) else {
        self = .opaque
        return
      }
      let payload = mirror.children.first.map { child in
        let inner = Mirror(reflecting: child.value)
        return inner.displayStyle == .tuple
          ? inner.children.map { ValueSnapshot($0.value, depth: depth - 1) }
          : [ValueSnapshot(child.value, depth: depth - 1)]
      }
      self = .enumCase(name, payload: payload ?? [], type: Self.name(of: value))
    case .optional:
      if let wrapped = mirror.children.first {
        self = .enumCase("some", payload: [ValueSnapshot(wrapped.value, depth: depth - 1)])
      } else {
        self = .enumCase("none", payload: [])
      }
    case .tuple:
      self = .tuple(mirror.children.map { ValueSnapshot($0.value, depth: depth - 1) })
    case .struct, .class:
      var properties: [String: ValueSnapshot] = [:]
      for child in mirror.children {
        // A property no pattern can read (a count, a queue) is not kept:
        // a missing one reads as opaque, and each step keeps a snapshot.
        guard let label = child.label else { continue }
        let snapshot = ValueSnapshot(child.value, depth: depth - 1)
        if snapshot != .opaque { properties[label] = snapshot }
      }
      self = .instance(type: Self.name(of: value), properties: properties)
    default:
      self = .opaque
    }
  }

  /// The last component of the name of `value`'s run-time type.
  private static func name(of value: Any) -> String {
    lastComponent(of: String(reflecting: type(of: value)))
  }

  /// The stored property `name` of an instance.
  func property(_ name: String) -> ValueSnapshot? {
    guard case .instance(_, let properties) = self else { return nil }
    return properties[name]
  }

  /// The run-time type's name of an instance or an enum's value.
  var typeName: String? {
    switch self {
    case .instance(let type, _), .enumCase(_, _, let type): type
    default: nil
    }
  }
}

/// The name of the case `value` is in, if it is an enum's value.
///
/// `Mirror` names a case only when it carries a payload, and a state enum
/// that describes itself by its public id hides the name from
/// `String(describing:)`. The runtime's own `swift_EnumCaseName`, which
/// `print` uses for an enum without a description, names every case.
private func enumCaseName(_ value: Any) -> String? {
  func name<T>(_ value: T) -> String? { swiftEnumCaseName(value).map { String(cString: $0) } }
  return _openExistential(value, do: name)
}

@_silgen_name("swift_EnumCaseName")
private func swiftEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
