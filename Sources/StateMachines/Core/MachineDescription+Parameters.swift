extension MachineDescription {
  /// The description with the parameters of `names`' events named as a
  /// machine's own table names them, as in `unlock(code)` for an event whose
  /// signature takes any text (`unlock:DATA`).
  public func naming(parameters names: [String: String]) -> Self {
    var described = self
    for index in described.events.indices {
      if let name = names[described.events[index].name] {
        described.events[index].parameter = name
      }
    }
    return described
  }
}
