import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

/// 2026-11-29, the clock's day at `fixtureNow` in Seoul.
let fixtureToday = CalendarDay(year: 2026, month: 11, day: 29)!
/// The example's dog as it is at launch at `fixtureNow` in Seoul.
let examplePoodle = Dog(
  name: "poodle", birthday: CalendarDay(year: 2024, month: 10, day: 29)!, breed: .poodle,
  imageName: "pomeranian.jpeg")

@MainActor
@Suite("Dog reducer")
struct DogReducerTests {
  private let bella = Dog(
    name: "bella", birthday: CalendarDay(year: 2024, month: 5, day: 1)!, breed: .pug,
    imageName: "pug.jpeg")

  private func store(
    _ dogs: IdentifiedArrayOf<Dog>, selected: String? = "poodle", today: CalendarDay = fixtureToday
  )
    -> TestStore<DogReducer.State, DogAction>
  {
    TestStore(
      initialState: DogReducer.State(
        dog: DogState(dogs: dogs, selectedName: selected), today: today),
      reducer: DogReducer())
  }

  @Test("the example dog is born 2 × 86500 × 380 seconds before launch, on that day in the zone")
  func exampleDog() {
    #expect(DogState.exampleDogAgeAtLaunch == 65_740_000)
    let seoulLaunch = DogState.launched(at: fixtureNow, in: seoul)
    #expect(seoulLaunch == DogState(dogs: [examplePoodle], selectedName: "poodle"))
    // 65,740,000 s before 2026-11-29T03:45:12Z is 2024-10-29T06:38:32Z: 15:38 in Seoul, but
    // still the 28th in Honolulu.
    let honolulu = TimeZone(identifier: "Pacific/Honolulu")!
    let honoluluLaunch = DogState.launched(at: fixtureNow, in: honolulu)
    #expect(honoluluLaunch.selected?.birthday == CalendarDay(year: 2024, month: 10, day: 28))
    #expect(
      DogViewModel(state: seoulLaunch, today: fixtureToday).text
        == "poodle · 2 살 · 20000원 · pomeranian.jpeg")
  }

  @Test("adopt adds the dog with its breed's picture and selects it; a pug costs 30000원")
  func adopt() async {
    let store = store([examplePoodle])
    await store.send(.adopt(name: "bella", birthday: bella.birthday, breed: .pug)) {
      $0.dog.dogs.append(bella)
      $0.dog.selectedName = "bella"
    }
    #expect(
      DogViewModel(state: store.state.dog, today: fixtureToday).text
        == "bella · 2 살 · 30000원 · pug.jpeg")
    let born = CalendarDay(year: 2026, month: 11, day: 29)!
    await store.send(.adopt(name: "coco", birthday: born, breed: .poodle)) {
      $0.dog.dogs.append(
        Dog(name: "coco", birthday: born, breed: .poodle, imageName: "poodle.jpeg"))
      $0.dog.selectedName = "coco"
    }
    #expect(
      DogViewModel(state: store.state.dog, today: fixtureToday).text
        == "coco · 0 살 · 20000원 · poodle.jpeg")
  }

  @Test("dog NAME selects that dog, whatever the case; dog alone changes nothing")
  func show() async {
    let store = store([examplePoodle, bella])
    await store.send(.show(nil))
    await store.send(.show("BELLA")) { $0.dog.selectedName = "bella" }
    await store.send(.show("bella"))
    await store.send(.show("Poodle")) { $0.dog.selectedName = "poodle" }
  }

  @Test(
    "refused actions say why in one line and change nothing",
    arguments: [
      (
        DogAction.adopt(
          name: "POODLE", birthday: CalendarDay(year: 2020, month: 1, day: 1)!, breed: .pug),
        "there is already a dog named 'poodle'; choose another name"
      ),
      (
        .adopt(name: "rex", birthday: CalendarDay(year: 2026, month: 11, day: 30)!, breed: .pug),
        "the birthday 2026-11-30 is after today (2026-11-29 on the clock); "
          + "a dog cannot be born in the future"
      ),
      (
        .adopt(name: "", birthday: CalendarDay(year: 2020, month: 1, day: 1)!, breed: .pug),
        "a dog needs a name"
      ),
      (
        .adopt(name: "big rex", birthday: CalendarDay(year: 2020, month: 1, day: 1)!, breed: .pug),
        "a dog's name is one word: no spaces or control characters"
      ),
      (
        .adopt(name: "rex\u{7}", birthday: CalendarDay(year: 2020, month: 1, day: 1)!, breed: .pug),
        "a dog's name is one word: no spaces or control characters"
      ),
      (
        .adopt(
          name: String(repeating: "x", count: 41),
          birthday: CalendarDay(year: 2020, month: 1, day: 1)!,
          breed: .pug),
        "a dog's name can be at most 40 characters; this one has 41"
      ),
      (.show("rex"), "no dog named 'rex'; the dogs are poodle, bella"),
    ])
  func refusals(action: DogAction, message: String) async {
    let dogs = DogState(dogs: [examplePoodle, bella], selectedName: "poodle")
    #expect(DogReducer.rejection(of: action, in: dogs, today: fixtureToday) == message)
    let store = store([examplePoodle, bella])
    await store.send(action)  // no change: an exhaustive store fails on any
  }

  @Test("with no dogs, or none selected, showing one is refused and says what to do")
  func noDogs() async {
    #expect(
      DogReducer.rejection(of: .show(nil), in: DogState(), today: fixtureToday)
        == "there are no dogs yet; adopt one with adopt NAME YYYY-MM-DD pug|poodle")
    let unselected = DogState(dogs: [examplePoodle])
    #expect(
      DogReducer.rejection(of: .show(nil), in: unselected, today: fixtureToday)
        == "no dog is selected; choose one with dog NAME")
    #expect(
      DogViewModel(state: DogState(), today: fixtureToday).text
        == "no dog (adopt NAME YYYY-MM-DD pug|poodle)")
    let store = store([], selected: nil)
    await store.send(.show("poodle"))
  }

  @Test("a birthday on today's date is allowed; the next day is not")
  func birthdayToday() {
    let dogs = DogState(dogs: [examplePoodle], selectedName: "poodle")
    #expect(
      DogReducer.rejection(
        of: .adopt(name: "rex", birthday: fixtureToday, breed: .pug), in: dogs, today: fixtureToday)
        == nil)
  }

  @Test("before its birthday, when the clock is moved back, a dog reads not born yet")
  func notBornYet() {
    let dogs = DogState(dogs: [examplePoodle], selectedName: "poodle")
    let before = CalendarDay(year: 2024, month: 10, day: 28)!
    let view = DogViewModel(state: dogs, today: before)
    #expect(view.age == "not born yet")
    #expect(view.text == "poodle · not born yet · 20000원 · pomeranian.jpeg")
    #expect(
      DogViewModel(state: dogs, today: CalendarDay(year: 2024, month: 10, day: 29)!).age == "0 살")
  }

  @Test("the view model's fields: name, age, fee and picture")
  func viewModelFields() {
    let view = DogViewModel(
      state: DogState(dogs: [examplePoodle], selectedName: "poodle"), today: fixtureToday)
    #expect(view.name == "poodle")
    #expect(view.age == "2 살")
    #expect(view.fee == "20000원")
    #expect(view.imageName == "pomeranian.jpeg")
  }
}
