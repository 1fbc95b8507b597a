import Foundation
import Store

#if canImport(Glibc)
  import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1, started by a test, for testing network code without the
/// internet. Each request is answered by `handler`, which can also misbehave on purpose.
///
/// ```swift
/// let server = try LoopbackServer { request in .json(Fixtures.data("worldclockapi_utc_now.json")) }
/// defer { server.stop() }
/// let url = server.url("/api/json/utc/now")
/// ```
public final class LoopbackServer: Sendable {
  /// How the server answers one request.
  public enum Reply: Sendable {
    /// A complete answer.
    case respond(status: Int, body: Data, contentType: String)
    /// A 200 whose body never ends: bytes keep coming, about 30 MB/s, until the client hangs up.
    case endless
    /// Reads the request and never answers, until the client hangs up.
    case silent
    /// Closes the connection without answering.
    case hangUp
    /// A 302 to `location`.
    case redirect(to: String)

    /// A 200 (or `status`) JSON answer.
    public static func json(_ body: Data, status: Int = 200) -> Reply {
      .respond(status: status, body: body, contentType: "application/json")
    }
  }

  /// The port the server listens on.
  public let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (ReceivedRequest) -> Reply
  private let log = Locked<[ReceivedRequest]>([])
  private let stopped = Locked(false)

  /// Starts listening on an unused loopback port.
  public init(handler: @escaping @Sendable (ReceivedRequest) -> Reply) throws {
    self.handler = handler
    let (socket, port) = try Self.listen()
    self.listener = socket
    self.port = port
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "loopback-accept"
    thread.start()
  }

  deinit { stop() }

  /// `http://127.0.0.1:PORT` followed by `pathAndQuery`.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
  }

  /// Every request received so far, in order.
  public var requests: [ReceivedRequest] { log.value }

  /// Stops accepting connections.
  public func stop() {
    let wasStopped = stopped.withLock { value in
      defer { value = true }
      return value
    }
    guard !wasStopped else { return }
    // Wakes the accept loop, which closes the socket itself when it leaves: closing it here
    // could let a new socket reuse the descriptor while the loop still calls accept() on it.
    shutdown(listener, Int32(SHUT_RDWR))
  }

  /// A loopback port with nothing listening on it, for testing refused connections.
  ///
  /// The port stays bound, without listening, until the test process ends (one descriptor a
  /// call): a connection to it is refused, and no other test's server can be given it — a port
  /// closed and handed back could go to a server a test running beside starts, which would then
  /// answer.
  public static func unusedPort() throws -> UInt16 {
    try listen(listening: false).1
  }

  private static func listen(listening: Bool = true) throws -> (Int32, UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, !listening || Glibc.listen(fd, 64) == 0 else {
      close(fd)
      throw ServerError("bind/listen failed: errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  private func acceptLoop() {
    defer { close(listener) }
    while !stopped.value {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR { continue }
        return
      }
      if stopped.value {
        close(connection)
        return
      }
      let thread = Thread { [self] in serve(connection) }
      thread.name = "loopback-connection"
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = ReceivedRequest.read(from: connection) else { return }
    log.withLock { $0.append(request) }
    switch handler(request) {
    case .respond(let status, let body, let contentType):
      let head =
        "HTTP/1.1 \(status) \(HTTPStatusText.text(status))\r\nContent-Type: \(contentType)\r\n"
        + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      _ = writeAll(connection, Data(head.utf8) + body)
    case .endless:
      let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
      guard writeAll(connection, Data(head.utf8)) else { return }
      // About 30 MB/s: faster than any real network, yet with gaps in which the client's
      // socket drains. (A loopback sender with no gaps at all can keep URLSession's one
      // internal queue on Linux busy for seconds.)
      let chunk = Data(repeating: UInt8(ascii: " "), count: 16 * 1024)
      while writeAll(connection, chunk) { usleep(500) }
    case .silent:
      var byte: UInt8 = 0
      while recv(connection, &byte, 1, 0) > 0 {}  // until the client gives up
    case .hangUp:
      return
    case .redirect(let location):
      let head =
        "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n"
        + "Connection: close\r\n\r\n"
      _ = writeAll(connection, Data(head.utf8))
    }
  }

  private func writeAll(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let sent = send(
          connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }
}

/// A request as the loopback server read it.
public struct ReceivedRequest: Sendable, Equatable {
  /// `GET`, …
  public let method: String
  /// The request target as sent, path and query, percent-encoded: what a server that echoes the
  /// request back would echo.
  public let target: String
  /// The path, percent-encoded as sent.
  public let path: String
  /// The query's parameters, decoded. A name that repeats keeps its last value.
  public let query: [String: String]
  /// Header names lowercased.
  public let headers: [String: String]
  /// Every query parameter name in order, repeats included.
  public let queryNames: [String]

  static func read(from connection: Int32) -> ReceivedRequest? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !bytes.ends(with: [13, 10, 13, 10]) {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      bytes += buffer[0..<count]
      if bytes.count > 64 * 1024 { return nil }
    }
    let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count >= 2 else { return nil }
    let target = String(parts[1])
    let pieces = target.split(separator: "?", maxSplits: 1).map(String.init)
    let rawQuery = pieces.count > 1 ? pieces[1] : ""
    var query: [String: String] = [:]
    var names: [String] = []
    for pair in rawQuery.split(separator: "&") {
      let nameValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
      let name = nameValue[0].removingPercentEncoding ?? nameValue[0]
      let value = nameValue.count > 1 ? nameValue[1] : ""
      names.append(name)
      query[name] = value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() where line.contains(":") {
      let nameValue = line.split(separator: ":", maxSplits: 1)
      headers[nameValue[0].lowercased()] = nameValue[1].trimmingCharacters(in: .whitespaces)
    }
    return ReceivedRequest(
      method: String(parts[0]), target: target, path: pieces[0], query: query,
      headers: headers, queryNames: names)
  }
}

/// A failure to start the loopback server.
public struct ServerError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

enum HTTPStatusText {
  static func text(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
