/// A fetch's result is `Codable` as an enum with these cases would be by synthesis
/// (`{"success":{"_0":…}}`, `{"failure":{"_0":…}}`), so that the actions carrying one are too:
/// the console reads them typed as Swift — `.clock(.timeResponse(request: 1, .success(…)))`.
///
/// Retroactive: the standard library gives `Result` no `Codable`. Should it one day, this
/// conformance goes, and its own must read the same form for the typed syntax to stay.
extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultKeys.self)
    switch self {
    case .success(let value):
      var payload = container.nestedContainer(keyedBy: ResultPayloadKeys.self, forKey: .success)
      try payload.encode(value, forKey: .value)
    case .failure(let error):
      var payload = container.nestedContainer(keyedBy: ResultPayloadKeys.self, forKey: .failure)
      try payload.encode(error, forKey: .value)
    }
  }
}

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        Self.self,
        DecodingError.Context(
          codingPath: container.codingPath, debugDescription: "expected .success or .failure"))
    }
    let payload = try container.nestedContainer(keyedBy: ResultPayloadKeys.self, forKey: key)
    switch key {
    case .success: self = .success(try payload.decode(Success.self, forKey: .value))
    case .failure: self = .failure(try payload.decode(Failure.self, forKey: .value))
    }
  }
}

/// A result's case, as synthesis names an enum's.
private enum ResultKeys: String, CodingKey { case success, failure }
/// A case's one unlabelled value.
private enum ResultPayloadKeys: String, CodingKey { case value = "_0" }
