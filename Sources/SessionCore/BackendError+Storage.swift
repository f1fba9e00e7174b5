import Foundation

extension BackendError {
    /// An S3-style XML error answer (`<Code>`, `<Message>`) from an attachment store, as an error:
    /// 429 and 5xx may be tried again, anything else was refused.
    public static func storage(status: Int, body: Data) -> BackendError {
        let text = String(decoding: body, as: UTF8.self)
        func element(_ name: String) -> String? {
            guard let start = text.range(of: "<\(name)>"),
                let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex)
            else { return nil }
            return String(text[start.upperBound..<end.lowerBound])
        }
        let code = element("Code") ?? "HTTP\(status)"
        let message = element("Message") ?? "the storage service refused the request"
        if status == 429 || status >= 500 { return .unavailable(status: status, type: code, message: message) }
        return .rejected(status: status, type: code, message: message)
    }
}
