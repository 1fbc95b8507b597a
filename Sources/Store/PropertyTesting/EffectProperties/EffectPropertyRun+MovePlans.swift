import Store

extension EffectPropertyRun {
  /// A choice among several sleepers due at the same instant (`isWake`) or several effects held
  /// together, made during the clock move recorded at `move`: the one at `chosen` went first;
  /// `sites` says where each was written, in start order.
  struct MoveChoice {
    let move: Int
    let isWake: Bool
    let chosen: Int
    let sites: [CallSite?]
    /// The index in `recorded` of the step that records it, when `chosen` is not 0.
    let step: Int
  }

  /// Notes a choice among several made during the clock move recorded at `move`.
  mutating func noteMoveChoice(_ move: Int, isWake: Bool, _ chosen: Int, _ sites: [CallSite?]) {
    moveChoices.append(
      MoveChoice(move: move, isWake: isWake, chosen: chosen, sites: sites, step: recorded.count))
  }

  /// The plans to print before each clock move (by its step's index): `clock.wakeFirst(…)` for
  /// sleepers due together, `clock.runFirst(…)` for effects held together during the move (no
  /// statement after it could name them); the steps they stand for; whether any is a
  /// `runFirst`, which needs held effect starts.
  ///
  /// A `TestClock` applies its first plan of a kind at the first choice of that kind it fits
  /// (as many due or held, the named one at its index). So each choice drawn first gets a
  /// plan, and so does, with `index: 0`, a choice left in start order that the next plan would
  /// otherwise fit too early: found from the last choice back, each plan is the one the clock
  /// holds first when it reaches that choice. Bound: O(c log c) for c choices during moves.
  var movePlanLines: (before: [Int: [String]], covered: Set<Int>, holdsEffects: Bool) {
    var planned: [(choice: Int, site: CallSite)] = []
    for isWake in [true, false] {
      var next: (site: CallSite, index: Int, count: Int)?
      var move: Int?
      for (position, choice) in moveChoices.enumerated().reversed() where choice.isWake == isWake {
        if choice.move != move {  // each advance uses up its own plans
          move = choice.move
          next = nil
        }
        let fitsNext =
          next.map { plan in
            plan.count == choice.sites.count && choice.sites.indices.contains(plan.index)
              && choice.sites[plan.index]?.isNamed(by: plan.site.description) == true
          } ?? false
        guard choice.chosen > 0 || fitsNext, let site = choice.sites[choice.chosen] else {
          continue
        }
        planned.append((position, site))
        next = (site, choice.chosen, choice.sites.count)
      }
    }
    var before: [Int: [String]] = [:]
    var covered = Set<Int>()
    var holdsEffects = false
    for (position, site) in planned.sorted(by: { $0.choice < $1.choice }) {
      let choice = moveChoices[position]
      let place = site.description
      before[choice.move, default: []].append(
        "clock.\(choice.isWake ? "wakeFirst" : "runFirst")(\(swiftSource(place) ?? "\"\(place)\""), "
          + "index: \(choice.chosen), of: \(choice.sites.count))")
      if choice.chosen > 0 { covered.insert(choice.step) }
      if !choice.isWake { holdsEffects = true }
    }
    return (before, covered, holdsEffects)
  }
}
