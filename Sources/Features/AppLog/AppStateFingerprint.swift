import ActionLog
import Features
import Foundation
import Store

// The app's states as log fingerprints: every stored property, in declaration order. A property
// added to a state must be added here too; `AppFingerprintTests` fails when two different states
// fingerprint alike.

extension AppState: LogFingerprintable {
  public func fingerprint(into hasher: inout StateHasher) {
    clock.fingerprint(into: &hasher)
    dog.fingerprint(into: &hasher)
    weather.fingerprint(into: &hasher)
  }
}

extension ClockState: LogFingerprintable {
  public func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(timeZone.identifier)
    hasher.combine(anchor)
    hasher.combine(dayOffset)
    hasher.combine(isLoading)
    hasher.combine(failure)
    hasher.combine(request)
  }
}

extension DogState: LogFingerprintable {
  public func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(dogs.count)
    for dog in dogs {
      hasher.combine(dog.name)
      hasher.combine(dog.birthday.year)
      hasher.combine(dog.birthday.month)
      hasher.combine(dog.birthday.day)
      hasher.combine(dog.breed.rawValue)
      hasher.combine(dog.imageName)
    }
    hasher.combine(selectedName)
  }
}

extension WeatherState: LogFingerprintable {
  public func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(query)
    switch status {
    case .idle:
      hasher.combine(0)
    case .geocoding:
      hasher.combine(1)
    case .fetching(let place):
      hasher.combine(2)
      place.fingerprint(into: &hasher)
    case .loaded(let place, let report):
      hasher.combine(3)
      place.fingerprint(into: &hasher)
      report.fingerprint(into: &hasher)
    case .notFound:
      hasher.combine(4)
    case .failed(let place, let message):
      hasher.combine(5)
      hasher.combine(place) { $1.fingerprint(into: &$0) }
      hasher.combine(message)
    }
    hasher.combine(request)
  }
}

extension Place {
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(name)
    hasher.combine(region)
    hasher.combine(regionCode)
    hasher.combine(countryCode)
    hasher.combine(country)
    hasher.combine(latitude)
    hasher.combine(longitude)
    hasher.combine(timeZone)
    hasher.combine(population)
  }
}

extension WeatherReport {
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(time)
    hasher.combine(temperatureF)
    hasher.combine(description)
    hasher.combine(iconName)
    hasher.combine(timeZone)
  }
}
