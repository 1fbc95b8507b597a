import Foundation
import Testing

@testable import Effects

@Suite("Request URLs")
struct QueryURLTests {
  @Test("parameters are appended to the base's own query, every reserved byte encoded")
  func encoding() throws {
    let base = URL(string: "http://127.0.0.1:8080/v1/search?apikey=x#fragment")!
    let url = try QueryURL.make(base, ["name": "Seoul&count=100#x", "q": "a b+c/서"])
    #expect(
      url.absoluteString
        == "http://127.0.0.1:8080/v1/search?apikey=x&name=Seoul%26count%3D100%23x"
        + "&q=a%20b%2Bc%2F%EC%84%9C")
  }

  @Test("a base without a path gets the API's path")
  func defaultPath() throws {
    let bare = URL(string: "http://127.0.0.1:8080")!
    #expect(
      try QueryURL.make(bare, defaultPath: "/v1/forecast", ["a": "1"]).absoluteString
        == "http://127.0.0.1:8080/v1/forecast?a=1")
    let slash = URL(string: "https://api.example.com/")!
    #expect(
      try QueryURL.make(slash, defaultPath: "/v2.0/current", [:]).absoluteString
        == "https://api.example.com/v2.0/current")
    let custom = URL(string: "http://h/custom/path")!
    #expect(
      try QueryURL.make(custom, defaultPath: "/v1/search", [:]).absoluteString
        == "http://h/custom/path")
  }

  @Test("coordinates have four decimals and never an exponent")
  func coordinates() {
    #expect(QueryURL.coordinate(37.566) == "37.5660")
    #expect(QueryURL.coordinate(-149.90028) == "-149.9003")
    #expect(QueryURL.coordinate(0.00001) == "0.0000")
  }
}
