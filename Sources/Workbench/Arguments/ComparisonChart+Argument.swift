import ArgumentParser

// `String`-backed and `CaseIterable`, so ArgumentParser reads a chart by its
// name and names both in help and in the message for an unknown one.
extension ComparisonChart: ExpressibleByArgument {}
