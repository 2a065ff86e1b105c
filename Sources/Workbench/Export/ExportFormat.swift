import ArgumentParser

/// A format `fsm export` writes a machine in, for other statechart tools.
///
/// `String`-backed and `CaseIterable`, so ArgumentParser reads it by its id
/// and names every format in help and in the message for an unknown one.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
  /// W3C SCXML 1.0 (State Chart XML), which Qt SCXML, Apache Commons SCXML
  /// and other engines run.
  case scxml
}
