import Store
import StoreTesting
import Testing

/// Ports of pointfreeco/swift-dependencies Tests/DependenciesTests/DependencyValuesTests.swift,
/// with this package's `\.number` (1 live, 2 in a test store) for their date and UUID
/// dependencies. Each test names the test it ports. Not ported: `context`, `prepareDependencies`,
/// `withDependencies(from:)` and `withEscapedDependencies`, which this package does not have (a
/// store keeps the values it was made under instead).
@Suite("Ported from swift-dependencies: DependencyValuesTests")
struct SwiftDependenciesTests {
  /// testWithValues
  @Test("withDependencies overrides a dependency for its operation; without it, the live value")
  func withValues() {
    let overridden = withDependencies {
      $0.number = 5
    } operation: { () -> Int in
      @Dependency(\.number) var number
      return number
    }
    @Dependency(\.number) var number
    #expect(overridden == 5)
    #expect(number == 1)
  }

  /// testWithValue
  @Test("an override ends with its operation")
  func withValue() {
    let inside = withDependencies {
      $0.number = 5
    } operation: {
      DependencyValues.current.number
    }
    #expect(inside == 5)
    #expect(DependencyValues.current.number == 1)
  }

  /// testSetDependencyAcrossMultipleLines
  @Test("the last of several assignments in one update wins")
  func setAcrossMultipleLines() {
    withDependencies {
      $0.number = 5
      $0.number = 15
    } operation: {
      @Dependency(\.number) var number
      #expect(number == 15)
    }
  }

  /// testNestedWithTestValues
  @Test("nested withDependencies see the outer overrides and their own")
  func nestedWithTestValues() {
    withDependencies {
      $0.number = 5
    } operation: {
      withDependencies {
        $0.greeting = "nested"
      } operation: {
        #expect(DependencyValues.current.number == 5)
        #expect(DependencyValues.current.greeting == "nested")
      }
    }
  }

  /// testNestedWithTestValues_Async
  @Test("nested async withDependencies see the outer overrides and their own, across awaits")
  func nestedWithTestValuesAsync() async {
    await withDependencies {
      $0.number = 5
    } operation: {
      await withDependencies {
        $0.greeting = "nested"
      } operation: {
        await Task.yield()
        #expect(DependencyValues.current.number == 5)
        #expect(DependencyValues.current.greeting == "nested")
      }
    }
  }

  /// testTaskPropagation
  @Test("a task created inside withDependencies keeps its overrides")
  func taskPropagation() async {
    let task = withDependencies {
      $0.number = 42
    } operation: {
      Task { () -> Int in
        @Dependency(\.number) var number
        return number
      }
    }
    #expect(await task.value == 42)
  }

  /// testTaskGroupPropagation
  @Test("the child tasks of a task group inherit the overrides")
  func taskGroupPropagation() async {
    let value = await withDependencies {
      $0.number = 42
    } operation: {
      await withTaskGroup(of: Int.self, returning: Int?.self) { group in
        group.addTask {
          @Dependency(\.number) var number
          return number
        }
        return await group.next()
      }
    }
    #expect(value == 42)
  }

  /// testAsyncStreamUnfoldingWithoutEscapedDependencies
  @Test("a closure run later by another task does not see the overrides of where it was made")
  func streamUnfoldingDoesNotPropagate() async {
    let stream = withDependencies {
      $0.number = 42
    } operation: {
      let done = Locked(false)
      return AsyncStream<Int>(unfolding: {
        defer { done.withLock { $0 = true } }
        @Dependency(\.number) var number
        return done.value ? nil : number
      })
    }
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [1])
  }

  /// testThreadSafety (reduced: 100 runs of 100 tasks)
  @Test("many tasks reading one override at once all see it")
  func threadSafety() async {
    for run in 1...100 {
      let seen = await withDependencies {
        $0.number = run
      } operation: {
        await withTaskGroup(of: Int.self, returning: Set<Int>.self) { group in
          for _ in 1...100 {
            group.addTask {
              @Dependency(\.number) var number
              return number
            }
          }
          return await group.reduce(into: []) { $0.insert($1) }
        }
      }
      #expect(seen == [run])
    }
  }
}
