import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches a URL with a time limit on the whole exchange and a limit on the body's size.
///
/// ```swift
/// let client = HTTPClient(timeout: 5, maxBytes: 1 << 20)
/// let body = try await client.get(URL(string: "http://127.0.0.1:8080/api/json/utc/now")!)
/// ```
///
/// Every failure is an ``HTTPFailure``: a server that never answers, or answers forever, is cut
/// off at `timeout` seconds; a body over `maxBytes` is cut off as soon as it is too large; a
/// cancelled task stops the request at once and throws `CancellationError`.
public struct HTTPClient: Sendable {
  /// Seconds the whole exchange may take, from connecting to the last byte.
  public var timeout: Double
  /// The largest body accepted, in bytes.
  public var maxBytes: Int

  /// A client with the given limits.
  public init(timeout: Double = 5, maxBytes: Int = 1 << 20) {
    self.timeout = timeout
    self.maxBytes = maxBytes
  }

  /// The body of a successful (2xx) answer to `GET url`.
  public func get(_ url: URL, headers: [String: String] = [:]) async throws -> Data {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
    request.setValue("uniflow", forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let exchange = Exchange(url: url, timeout: timeout, maxBytes: maxBytes)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        exchange.start(request, continuation)
      }
    } onCancel: {
      exchange.finish(.failure(CancellationError()))
    }
  }
}

/// One request in flight: collects the body from URLSession's delegate callbacks and resumes the
/// caller exactly once, with the body, a failure, a timeout or a cancellation, whichever is first.
private final class Exchange: NSObject, URLSessionDataDelegate, Sendable {
  private struct Progress: Sendable {
    var continuation: CheckedContinuation<Data, any Error>?
    var finished = false
    var body = Data()
    var status = 0
    var session: URLSession?
  }

  private let url: URL
  private let timeout: Double
  private let maxBytes: Int
  private let progress = Locked(Progress())

  init(url: URL, timeout: Double, maxBytes: Int) {
    self.url = url
    self.timeout = timeout
    self.maxBytes = maxBytes
  }

  func start(_ request: URLRequest, _ continuation: CheckedContinuation<Data, any Error>) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.urlCache = nil
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    let alreadyFinished = progress.withLock { state -> Bool in
      if state.finished { return true }  // cancelled before it started
      state.continuation = continuation
      state.session = session
      return false
    }
    if alreadyFinished {
      session.invalidateAndCancel()
      continuation.resume(throwing: CancellationError())
      return
    }
    session.dataTask(with: request).resume()
    let timeout = self.timeout
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
      self?.finish(.failure(HTTPFailure.timedOut(seconds: timeout)))
    }
  }

  /// Resumes the caller with `result` unless it has been resumed already, and tears down the
  /// session.
  func finish(_ result: Result<Data, any Error>) {
    let (continuation, session) = progress.withLock { state in
      if state.finished { return (nil, nil) as (CheckedContinuation<Data, any Error>?, URLSession?) }
      state.finished = true
      defer {
        state.continuation = nil
        state.session = nil
      }
      return (state.continuation, state.session)
    }
    session?.invalidateAndCancel()
    continuation?.resume(with: result)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    progress.withLock { $0.status = status }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = progress.withLock { state -> Bool in
      state.body.append(data)
      return state.body.count > maxBytes
    }
    if tooLarge { finish(.failure(HTTPFailure.tooLarge(limit: maxBytes))) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
  {
    if let error {
      let failure =
        (error as? URLError).map { HTTPFailure.from($0, url: url, timeout: timeout) }
        ?? HTTPFailure.transport("network error: \(error.localizedDescription)")
      finish(.failure(failure))
      return
    }
    let (status, body) = progress.withLock { ($0.status, $0.body) }
    if (200..<300).contains(status) {
      finish(.success(body))
    } else {
      finish(.failure(HTTPFailure.status(status, reason: Self.reason(in: body))))
    }
  }

  /// The explanation an API puts in its error body: Open-Meteo's `reason`, Weatherbit's `error`
  /// or `status_message`, Nominatim's `error.message`.
  static func reason(in body: Data) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      return nil
    }
    let nested = (object["error"] as? [String: Any])?["message"]
    for candidate in [object["reason"], object["status_message"], object["error"], nested] {
      if let text = candidate as? String, !text.isEmpty {
        return String(text.prefix(200))
      }
    }
    return nil
  }
}
