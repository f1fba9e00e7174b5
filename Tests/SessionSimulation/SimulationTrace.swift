import SessionCore

/// Short lines for a run's trace.
enum SimulationTrace {
    /// One input, briefly.
    static func describe(_ input: SessionInput) -> String {
        switch input {
        case .start: return "start"
        case .command(let command): return "command \(command)"
        case .attach(let file): return "attach \(file.name)"
        case .http(let id, let result):
            switch result {
            case .response(let response):
                return "http \(id) \(response.status) \(String(decoding: response.body.prefix(160), as: UTF8.self))"
            case .failure(let why): return "http \(id) failed: \(why)"
            case .redirectRefused(let redirect): return "http \(id) \(redirect)"
            }
        case .progress(let id, let bytes): return "progress \(id) \(bytes)"
        case .downloaded(let id, _): return "downloaded \(id)"
        case .socketOpened(let id): return "opened \(id)"
        case .socketFrame(let id, let frame): return "frame \(id) \(frame.prefix(160))"
        case .socketSkippedOversized(let id, let bytes): return "skipped \(id) \(bytes) bytes"
        case .socketClosed(let id, let close): return "closed \(id) \(close)"
        case .timer(let key): return "timer \(key)"
        case .shutdown: return "shutdown"
        }
    }
}
