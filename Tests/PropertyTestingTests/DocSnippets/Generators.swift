// The example of docs/property-testing.md, compiled and run here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: generators
import Foundation
import StoreTesting

enum Breed: CaseIterable, Sendable { case pug, poodle }

struct User: Sendable {
  var id: Int
  var name: String
}

let scores = Gen.int(in: 0...100).array(count: 1...10)
let prices = Gen.double(in: 0...1_000)
let anything = Gen.double
let names = Gen.string(of: .asciiCharacter, count: 1...12)
let tags = Gen.string(count: 1...5).set(count: 0...4)
let users = Gen.zip(Gen.int(in: 0...999), Gen.string()).map(User.init)
  .uniqueArray(count: 0...5, by: \.id)
let ages = Gen.dictionary(keys: Gen.string(count: 1...3), values: Gen.int(in: 0...120))
let birthdays = Gen.date(
  in: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 86_400 * 365 * 30))
let breeds = Gen<Breed>.anyCase
let zones = Gen.element(of: TimeZone.knownTimeZoneIdentifiers)
let evens = Gen.int(in: 0...50).map { $0 * 2 }
let sized = Gen.int(in: 1...5).flatMap { n in Gen.int(in: 0...9).array(count: n...n) }
let maybe = Gen.string().optional
// snippet: end
