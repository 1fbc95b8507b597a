import Features
import Foundation
import PropertyTesting
import Store

/// `uniflow-bench --only effect-properties`: how often `EffectProperty` finds each planted bug
/// of ``EffectCorpus`` over the seeds, how often it shrinks it to the ideal schedule and at what
/// cost, whether the correct twins pass, and how many runs of 20 steps a second the weather
/// screen's property makes.
@MainActor
enum EffectPropertyBench {
  struct Row {
    let name: String
    let seeds: Int
    var found = 0
    var ideal = 0
    var mirror = 0
    var twinPassed = 0
    var shrinkRuns: [Int] = []
    var seconds = 0.0
    /// The first few schedules that missed both the ideal and the mirror, with their seeds.
    var misses: [String] = []
  }

  struct Figures {
    var rows: [Row]
    /// Runs of the weather property (20 steps each) and the seconds they took.
    var weatherRuns: Int
    var weatherSeconds: Double
    var weatherRunsPerSecond: Double { Double(weatherRuns) / Swift.max(weatherSeconds, 1e-9) }
  }

  /// Bound: `seeds` × 2 checks per problem, each at most 100 runs and 5,000 shrink runs.
  /// `only` names the planted bugs to run (all when nil).
  static func run(seeds: Int, only: Set<String>? = nil) async -> Figures {
    var rows: [Row] = []
    for problem in EffectCorpus.all where only?.contains(problem.name) ?? true {
      var row = Row(name: problem.name, seeds: seeds)
      let started = ContinuousClock.now
      for seed in 0..<UInt64(seeds) {
        let outcome = await problem.check(false, .seed(seed))
        if outcome.failed { row.found += 1 }
        if outcome.schedule == problem.ideal { row.ideal += 1 }
        if let mirror = problem.mirror, outcome.schedule == mirror { row.mirror += 1 }
        if outcome.failed, outcome.schedule != problem.ideal, outcome.schedule != problem.mirror,
          row.misses.count < 3
        {
          row.misses.append("seed \(seed): \((outcome.schedule ?? []).joined(separator: ", "))")
        }
        row.shrinkRuns.append(outcome.shrinkRuns)
        if await !problem.check(true, .seed(seed)).failed { row.twinPassed += 1 }
      }
      row.seconds = seconds(since: started)
      rows.append(row)
    }
    let runs = 1000
    let started = ContinuousClock.now
    _ = await weatherProperty().steps(20...20).check(.seed(1).examples(runs)) { _ in }
    return Figures(rows: rows, weatherRuns: runs, weatherSeconds: seconds(since: started))
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// The report's lines.
  static func lines(_ figures: Figures) -> [String] {
    var lines = [
      "effect properties (\(figures.rows.first?.seeds ?? 0) seeds each; a check is 100 runs; "
        + "found: the planted bug failed the check; ideal: shrunk to the stated schedule)"
    ]
    for row in figures.rows {
      let sorted = row.shrinkRuns.sorted()
      let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
      lines.append(
        "  \(row.name.padding(toLength: 27, withPad: " ", startingAt: 0)) found \(row.found)/"
          + "\(row.seeds), ideal \(row.ideal)/\(row.seeds)"
          + (row.mirror > 0 ? " (+\(row.mirror) mirror)" : "") + ", shrink runs median \(median) "
          + "(max \(sorted.last ?? 0)), correct twin passed \(row.twinPassed)/\(row.seeds), "
          + String(format: "%.2f s", row.seconds))
      lines += row.misses.map { "      missed, \($0)" }
    }
    lines.append(
      "  weather property: \(figures.weatherRuns) runs of 20 steps in "
        + String(
          format: "%.2f s = %.0f runs/s (goal ≥ 1,000)", figures.weatherSeconds,
          figures.weatherRunsPerSecond))
    return lines
  }

  /// The figures as the JSON section's values.
  static func json(_ figures: Figures) -> [String: Any] {
    var problems: [String: Any] = [:]
    for row in figures.rows {
      problems[row.name] = [
        "seeds": row.seeds, "found": row.found, "ideal": row.ideal, "mirror": row.mirror,
        "twinPassed": row.twinPassed,
        "shrinkRunsMedian": row.shrinkRuns.sorted()[row.shrinkRuns.count / 2],
        "seconds": row.seconds,
      ]
    }
    return ["problems": problems, "weatherRunsPerSecond": figures.weatherRunsPerSecond]
  }

  /// The weather screen under any order of geocoding and weather answers, with failures: each
  /// client stamps what it answers with the name or place asked for, so that the settled screen
  /// can be checked against the last request (see ``showsLastCity(_:)``).
  static func weatherProperty() -> EffectProperty<WeatherReducer> {
    EffectProperty(WeatherReducer(), initialState: WeatherState())
      .action("changeLocation") { _ in
        Gen.element(of: ["Seoul", "Paris", "Busan"]).map(WeatherAction.changeLocation)
      }
      .action("cancel") { _ in .just(.cancel) }
      .answering(
        "geocoder", values: Gen.element(of: [[place], [], [place, place]]),
        failures: .just(URLError(.timedOut)),
        code: "$0.geocoder = GeocodingClient { name in try await geocoder.next().map { "
          + "var place = $0; place.name = name; return place } }"
      ) { dependencies, call in
        dependencies.geocoder = GeocodingClient { name in
          try await call().map { found in
            var named = found
            named.name = name
            return named
          }
        }
      }
      .answering(
        "weather", values: .just(report), failures: .just(URLError(.badServerResponse)),
        code: "$0.weather = WeatherClient { place in var report = try await weather.next(); "
          + "report.description = place.name; return report }"
      ) { dependencies, call in
        dependencies.weather = WeatherClient { found in
          var stamped = try await call()
          stamped.description = found.name
          return stamped
        }
      }
      .eventually("the weather screen shows the last city asked for", showsLastCity)
  }

  static let place = Place(
    name: "Seoul", countryCode: "KR", latitude: 37.566, longitude: 126.9784,
    timeZone: "Asia/Seoul")
  static let report = WeatherReport(
    time: Date(timeIntervalSince1970: 1_795_000_000), temperatureF: 41.3,
    description: "Overcast", iconName: "c04d", timeZone: "Asia/Seoul")

  /// Whether a settled weather screen shows the last city asked for: the place and report found
  /// for that name, or why there are none, and not still loading.
  static func showsLastCity(_ state: WeatherState) -> Bool {
    switch state.status {
    case .idle: state.query == nil
    case .geocoding, .fetching: false
    case .loaded(let place, let report):
      place.name == state.query && report.description == state.query
    case .notFound: true
    case .failed(let place, _): place == nil || place?.name == state.query
    }
  }
}
