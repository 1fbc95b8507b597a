import Foundation
import Store

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
/// cancelled task stops the request at once and throws `CancellationError`. Redirects are not
/// followed: a 3xx answer is a failure (`HTTP 302 Found`), so a request and its query never go
/// on to another server.
public struct HTTPClient: Sendable {
  /// Seconds the whole exchange may take, from connecting to the last byte.
  public var timeout: Double
  /// The largest body accepted, in bytes.
  public var maxBytes: Int

  /// How long a request may take, in seconds, unless a client is given another limit.
  public static let defaultTimeout: Double = 5

  /// URLSession's own limit for a request: beyond any client's `timeout` (the command line takes
  /// up to a day), so that the exchange's own timer always ends a request first.
  static let sessionLimit: Double = 2 * 86_400

  /// A client with the given limits.
  public init(timeout: Double = defaultTimeout, maxBytes: Int = 1 << 20) {
    self.timeout = timeout
    self.maxBytes = maxBytes
  }

  /// The body of a successful (2xx) answer to `GET url`.
  ///
  /// No failure's message holds the URL's query or a header. The reason an API gives in an
  /// error body is cut to 200 characters — after every key in `secrets` has been blanked out of
  /// it, in any spelling (see ``APIKey``), so that no cut can leave part of one behind.
  ///
  /// ```swift
  /// let body = try await client.get(url, secrets: [key])
  /// ```
  public func get(_ url: URL, headers: [String: String] = [:], secrets: [APIKey] = [])
    async throws -> Data
  {
    // URLSession's own limit is set far beyond the exchange's, which keeps the time itself:
    // FoundationNetworking on Linux applies the session's 60 s default to a request, whatever
    // the request says (a CI run under the thread sanitizer saw "timed out after 600 s" at 94 s).
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData,
      timeoutInterval: HTTPClient.sessionLimit)
    request.setValue("uniflow", forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let exchange = Exchange(
      url: url, timeout: timeout, maxBytes: maxBytes, redactions: secrets.map(\.redaction))
    let prepared = request
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        exchange.start(prepared, continuation)
      }
    } onCancel: {
      exchange.finish(.failure(CancellationError()))
    }
  }
}

/// The one URLSession the process uses, and the delegate that routes each task's callbacks to
/// its ``Exchange``.
///
/// One long-lived session rather than one per request: on Linux every session's work runs on one
/// shared internal queue, and creating and invalidating sessions under load was measured to
/// stall unrelated requests for seconds.
private final class SessionRouter: NSObject, URLSessionDataDelegate, Sendable {
  static let shared = SessionRouter()

  private let exchanges = Locked<[Int: Exchange]>([:])
  private let queue: OperationQueue
  private let sessionBox = Locked<URLSession?>(nil)

  override init() {
    queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "uniflow.http"
    super.init()
  }

  var session: URLSession {
    sessionBox.withLock { stored in
      if let stored { return stored }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.httpCookieStorage = nil
      // Each exchange keeps its own limit (`Exchange.start`); URLSession's never comes first.
      configuration.timeoutIntervalForRequest = HTTPClient.sessionLimit
      configuration.timeoutIntervalForResource = HTTPClient.sessionLimit
      let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
      stored = session
      return session
    }
  }

  func register(_ task: URLSessionTask, _ exchange: Exchange) {
    exchanges.withLock { $0[task.taskIdentifier] = exchange }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
    exchanges.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    exchange(for: dataTask)?.received((response as? HTTPURLResponse)?.statusCode ?? 0)
    completionHandler(.allow)
  }

  /// Redirects are never followed: the answer is the 3xx itself, a failure. A server cannot send
  /// a request — and the key in its query — on to another host, or from HTTPS to HTTP.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    exchange(for: dataTask)?.received(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    exchange?.completed(error)
  }
}

/// One request in flight: collects the body from the session's callbacks and resumes the caller
/// exactly once, with the body, a failure, a timeout or a cancellation, whichever comes first.
private final class Exchange: Sendable {
  private struct Progress: Sendable {
    var continuation: CheckedContinuation<Data, any Error>?
    var finished = false
    var body = Data()
    var status = 0
    var task: URLSessionDataTask?
  }

  private let url: URL
  private let timeout: Double
  private let maxBytes: Int
  /// The secrets no failure message may hold.
  private let redactions: [SecretRedaction]
  private let progress = Locked(Progress())

  init(url: URL, timeout: Double, maxBytes: Int, redactions: [SecretRedaction]) {
    self.url = url
    self.timeout = timeout
    self.maxBytes = maxBytes
    self.redactions = redactions
  }

  func start(_ request: URLRequest, _ continuation: CheckedContinuation<Data, any Error>) {
    let alreadyFinished = progress.withLock { state -> Bool in
      if state.finished { return true }  // cancelled before it started
      state.continuation = continuation
      return false
    }
    if alreadyFinished {
      continuation.resume(throwing: CancellationError())
      return
    }
    let router = SessionRouter.shared
    let task = router.session.dataTask(with: request)
    router.register(task, self)
    let cancelledMeanwhile = progress.withLock { state -> Bool in
      state.task = task
      return state.finished
    }
    if cancelledMeanwhile {
      task.cancel()
      return
    }
    task.resume()
    let timeout = self.timeout
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
      self?.finish(.failure(HTTPFailure.timedOut(seconds: timeout)))
    }
  }

  /// Resumes the caller with `result` unless it has been resumed already, and stops the
  /// transfer.
  func finish(_ result: Result<Data, any Error>) {
    let (continuation, task) = progress.withLock { state in
      if state.finished {
        return (nil, nil) as (CheckedContinuation<Data, any Error>?, URLSessionDataTask?)
      }
      state.finished = true
      defer {
        state.continuation = nil
        state.task = nil
      }
      return (state.continuation, state.task)
    }
    continuation?.resume(with: result)
    // `cancel()` waits for URLSession's internal queue, which may be busy delivering this very
    // task's data; never make the caller (possibly a delegate callback) wait for that.
    if let task { DispatchQueue.global().async { task.cancel() } }
  }

  func received(_ status: Int) {
    progress.withLock { $0.status = status }
  }

  func received(_ data: Data) {
    let tooLarge = progress.withLock { state -> Bool in
      guard !state.finished else { return false }  // cut off already; the rest is discarded
      state.body.append(data)
      return state.body.count > maxBytes
    }
    if tooLarge { finish(.failure(HTTPFailure.tooLarge(limit: maxBytes))) }
  }

  func completed(_ error: (any Error)?) {
    if let error {
      let failure =
        (error as? URLError).map { HTTPFailure.from($0, url: url, timeout: timeout) }
        ?? HTTPFailure.transport("network error talking to \(HTTPFailure.hostAndPort(of: url))")
      finish(.failure(failure))
      return
    }
    let (status, body) = progress.withLock { ($0.status, $0.body) }
    if (200..<300).contains(status) {
      finish(.success(body))
    } else {
      finish(.failure(HTTPFailure.status(status, reason: reason(in: body))))
    }
  }

  /// The reason in an error body, the secrets blanked out, then cut (``HTTPFailure/reason(in:redacting:)``).
  func reason(in body: Data) -> String? {
    HTTPFailure.reason(in: body, redacting: redactions)
  }
}
