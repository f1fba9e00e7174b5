import Foundation
import Synchronization

/// A loopback TCP listener that misbehaves on every connection, once it has read the start of the
/// request: it resets the connection (SO_LINGER 0, then close), or it never answers.
final class MisbehavingServer: Sendable {
    /// What the server does.
    enum Behaviour: Sendable { case reset, silent }

    let port: Int
    private let listener: Int32
    private let held = Mutex<[Int32]>([])

    struct Failure: Error {}

    init(_ behaviour: Behaviour) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw Failure()
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in serve(behaviour) }.start()
    }

    private func serve(_ behaviour: Behaviour) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }  // the listener was shut down
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

    /// Stops accepting (the accept loop ends), closes the listener and every connection held.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in held.withLock({ $0 }) { close(connection) }
    }
}
