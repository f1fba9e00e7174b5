import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The demo contact center's sign-in page as a browser uses it: the form sent as `name` (signed in)
/// or failed, following the page's redirect as a browser does (tests give loopback RedirectUris).
public enum SignInPage {
    /// Sends the page's form to `url`; the final HTTP status and where the browser ended up.
    public static func submit(_ url: String, name: String?) async throws -> (status: Int, landed: String) {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "name", value: name ?? ""), URLQueryItem(name: "outcome", value: name == nil ? "fail" : "succeed"),
        ]
        request.httpBody = Data((components.percentEncodedQuery ?? "").utf8)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, response.url?.absoluteString ?? "")
    }
}
