import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SessionCore

/// Streaming file transfers: a PUT of a local file to a pre-signed URL and a GET into a local
/// file, both without holding the whole file in memory and with progress reports.
///
/// `--header` extras are not added: a pre-signed storage URL checks the headers it was signed
/// with, and the contact center's own headers mean nothing to it.
extension HTTPTransport {
    /// Bytes read from disk per chunk.
    static let fileChunkSize = 64 * 1024

    /// PUTs a file the session core asked for; the answer (any status) or why there was none.
    public func execute(_ upload: FileUpload, progress: @escaping @Sendable (Int64) -> Void) async -> HTTPResult {
        guard let handle = FileHandle(forReadingAtPath: upload.path) else {
            return .failure(TransportFailure(.other, "cannot read \(upload.path)"))
        }
        defer { try? handle.close() }
        var request = HTTPClientRequest(url: upload.url)
        request.method = .PUT
        for header in upload.headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .stream(FileChunks(handle: handle, progress: progress), length: .known(upload.size))
        do {
            let response = try await execute(
                request, method: "PUT", url: upload.url, headers: upload.headers.map { ($0.name, $0.value) },
                bodyLength: upload.size, timeout: .seconds(600))
            var collected = try await response.body.collect(upTo: 64 * 1024)
            let body = Data(collected.readBytes(length: collected.readableBytes) ?? [])
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return .response(HTTPResponse(status: Int(response.status.code), headers: headers, body: body))
        } catch {
            let failure = (error as? BackendError).map { error -> TransportFailure in
                if case .network(let failure) = error { return failure }
                return TransportFailure(.other, error.description)
            } ?? NetworkErrorText.classify(error).rephrased { Self.located($0, url: upload.url) }
            return .failure(failure)
        }
    }

    /// GETs `url` into the existing, empty file at `path`; returns the bytes written.
    ///
    /// On failure the file is removed again.
    public func downloadFile(
        from url: String, to path: String, expectedSize: Int64?, progress: @escaping @Sendable (Int64) -> Void
    ) async throws -> Int64 {
        let request = HTTPClientRequest(url: url)
        let response: HTTPClientResponse
        do {
            response = try await execute(request, method: "GET", url: url, headers: [], bodyLength: nil, timeout: .seconds(600))
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        guard (200..<300).contains(Int(response.status.code)) else {
            try? FileManager.default.removeItem(atPath: path)
            var collected = try await response.body.collect(upTo: 64 * 1024)
            throw BackendError.storage(
                status: Int(response.status.code), body: Data(collected.readBytes(length: collected.readableBytes) ?? []))
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            try? FileManager.default.removeItem(atPath: path)
            throw BackendError.protocolViolation("cannot write \(path)")
        }
        var written: Int64 = 0
        do {
            defer { try? handle.close() }
            for try await var buffer in response.body {
                let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
                try handle.write(contentsOf: bytes)
                written += Int64(bytes.count)
                progress(written)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            let via = HTTPRoute(url: url, rules: proxy).proxy
            throw BackendError.network(NetworkErrorText.classify(error, proxy: via).rephrased { Self.located($0, url: url, proxy: via) })
        }
        if let expectedSize, expectedSize != written {
            try? FileManager.default.removeItem(atPath: path)
            throw BackendError.protocolViolation("the download ended after \(written) of \(expectedSize) bytes")
        }
        return written
    }

    private func execute(
        _ request: HTTPClientRequest, method: String, url: String, headers: [(String, String)], bodyLength: Int64?,
        timeout: Duration
    ) async throws -> HTTPClientResponse {
        let started = ContinuousClock.now
        let route = HTTPRoute(url: url, rules: proxy)
        do {
            let response = try await route.execute(
                request, bodyLength: bodyLength, timeout: timeout, tls: settings.tls, followsRedirects: true)
            trace?.http(
                method: method, url: url, requestHeaders: headers, requestBody: nil, status: Int(response.status.code),
                responseBody: nil, error: nil, duration: .now - started)
            return response
        } catch {
            let failure = await NetworkErrorText.explain(error, url: url, proxy: route.proxy)
            trace?.http(
                method: method, url: url, requestHeaders: headers, requestBody: nil, status: nil, responseBody: nil,
                error: failure.detail, duration: .now - started)
            throw BackendError.network(failure)
        }
    }
}

/// A file read in chunks as an async sequence of buffers, reporting the bytes handed out.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The open file (read by one iterator only).
    let handle: SendableFileHandle
    let progress: @Sendable (Int64) -> Void

    init(handle: FileHandle, progress: @escaping @Sendable (Int64) -> Void) {
        self.handle = SendableFileHandle(handle: handle)
        self.progress = progress
    }

    func makeAsyncIterator() -> Iterator { Iterator(handle: handle, progress: progress) }

    /// Reads the next chunk until the end of the file.
    struct Iterator: AsyncIteratorProtocol {
        let handle: SendableFileHandle
        let progress: @Sendable (Int64) -> Void
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let data = try handle.handle.read(upToCount: HTTPTransport.fileChunkSize), !data.isEmpty else {
                return nil
            }
            sent += Int64(data.count)
            progress(sent)
            return ByteBuffer(bytes: data)
        }
    }
}

/// A file handle used by one reader at a time.
struct SendableFileHandle: @unchecked Sendable {
    let handle: FileHandle
}
