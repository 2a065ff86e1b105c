import ArgumentParser

// `String`-backed and `CaseIterable`, so ArgumentParser reads a format by its
// name and names all four in help and in the message for an unknown one.
extension ComparisonFormat: ExpressibleByArgument {}
