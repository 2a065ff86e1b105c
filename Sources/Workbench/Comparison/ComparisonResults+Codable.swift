extension ComparisonResults: Codable {
  /// The document's keys. The label is written as `about`, which sorts
  /// first, so that the document opens with whose results these are, as
  /// every other format does.
  private enum CodingKeys: String, CodingKey {
    /// The label.
    case label = "about"
    /// The noise band.
    case noiseBand
    /// The cells.
    case cells
    /// The linearity checks.
    case linearity
    /// The scale rows.
    case scale
    /// The module boundary's share of each contender's cost.
    case boundary
    /// The cost model of each configuration.
    case costModel
  }

  /// Reads a document. The boundary's shares and the cost model are not
  /// read: they follow from the cells, and are computed again.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = try container.decode(ResultsLabel.self, forKey: .label)
    noiseBand = try container.decode(Double.self, forKey: .noiseBand)
    cells = try container.decode([CostCell].self, forKey: .cells)
    linearity = try container.decode([LinearityCheck].self, forKey: .linearity)
    scale = try container.decode([ScaleRow].self, forKey: .scale)
  }

  /// Writes the document, with the boundary's shares and the cost model
  /// for its readers.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encode(noiseBand, forKey: .noiseBand)
    try container.encode(cells, forKey: .cells)
    try container.encode(linearity, forKey: .linearity)
    try container.encode(scale, forKey: .scale)
    try container.encode(boundary, forKey: .boundary)
    let models = CostModel.fit(self)
    if !models.isEmpty { try container.encode(models, forKey: .costModel) }
  }
}
