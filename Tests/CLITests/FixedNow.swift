// Environments for the `uniflow` binary that pin its system clock with `UNIFLOW_FIXED_NOW`, so
// that end-to-end tests print the same screens on every run.

/// The system clock at 2026-11-29T03:45:12Z, the instant the API fixtures describe; the clock
/// shows it in the zone `--time-zone` or the test's own `TZ` gives.
///
/// ```swift
/// let result = try await UniflowBinary.run(["--offline"], input: "tomorrow\n", environment: fixedNow)
/// ```
let fixedNow = ["UNIFLOW_FIXED_NOW": "2026-11-29T03:45:12Z"]

/// ``fixedNow`` with the process's own time zone (`TZ`) Seoul's: 12시 45분 on the clock.
let fixedNowInSeoul = fixedNow.merging(["TZ": "Asia/Seoul"]) { $1 }

/// The system clock at 2020-01-01T00:00:00Z, years before the fixtures' instant: a time shown
/// after a reload can only have come from the time API.
let fixedNowBeforeFixtures = ["UNIFLOW_FIXED_NOW": "2020-01-01T00:00:00Z"]
