import Foundation
import HelplineTestSupport
import Synchronization

/// A loopback TCP listener that misbehaves on every connection, once it has read the start of the
/// request: it resets the connection (SO_LINGER 0, then close), or it never answers.
final class MisbehavingServer: Sendable {
    /// What the server does.
    enum Behaviour: Sendable { case reset, silent }

    let port: Int
    private let listener: Int32
    private let held = Mutex<[Int32]>([])

    init(_ behaviour: Behaviour) throws {
        (listener, port) = try LoopbackHTTPServer.listen(on: "127.0.0.1")
        Thread { [self] in serve(behaviour) }.start()
    }

    private func serve(_ behaviour: Behaviour) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                // The listener was shut down; closed here, not in `stop()`, for the reason
                // `LoopbackHTTPServer.stop()` gives.
                close(listener)
                return
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            _ = read(connection, &buffer, buffer.count)
            if behaviour == .silent {
                held.withLock { $0.append(connection) }
                continue
            }
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            close(connection)
        }
    }

    /// Stops accepting (the accept loop ends and closes the listener) and closes every connection held.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in held.withLock({ $0 }) { close(connection) }
    }
}
