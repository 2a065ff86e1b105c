import ArgumentParser

// `String`-backed and `CaseIterable`, so ArgumentParser reads a section by its
// name and names every section in help and in the message for an unknown one.
extension TourSectionName: ExpressibleByArgument {}
