import Foundation

/// Which browser origins may call the demo server, and what each family of routes answers to a CORS
/// preflight. Browsers run contact-center widgets on a customer's site, so every call they make to the
/// Participant Service, the template start route, PolyAI's REST API or the attachment URLs is cross-origin.
struct CORSPolicy: Sendable {
    /// Allowed origins; nil allows any origin (`Access-Control-Allow-Origin: *`, as the service answers).
    let origins: Set<String>?

    /// A family of routes with one CORS answer.
    struct Family: Sendable, Equatable {
        /// Methods the preflight allows.
        var methods: String
        /// Request headers the preflight allows; nil echoes what the browser asked for (S3 `AllowedHeaders: *`).
        var allowHeaders: String?
        /// Response headers a script may read.
        var exposeHeaders: String?
        /// `Access-Control-Allow-Credentials: true` on answers (the template's Lambda sets it).
        var allowCredentials = false
        /// Body of the preflight answer (API Gateway's mock integration answers `{}` on the template).
        var preflightBody: String?
    }

    /// The template backend (`startChatContactAPI`): its OPTIONS method as the CloudFormation template defines it.
    static let template = Family(
        methods: "POST,OPTIONS", allowHeaders: "Content-Type,X-Amz-Date,Authorization,X-Api-Key,X-Amz-Security-Token",
        allowCredentials: true, preflightBody: "{}")
    /// The Participant Service: the headers the AWS JavaScript SDKs (v2 and v3) send, and the ones they read.
    static let participant = Family(
        methods: "GET,POST,OPTIONS",
        allowHeaders: "Content-Type,X-Amz-Bearer,X-Amz-Date,Authorization,X-Amz-Content-Sha256,X-Amz-User-Agent,"
            + "X-Amz-Security-Token,X-Amz-Target,Amz-Sdk-Invocation-Id,Amz-Sdk-Request",
        exposeHeaders: "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date")
    /// PolyAI Messaging's REST bootstrap.
    static let polyAI = Family(
        methods: "POST,OPTIONS",
        allowHeaders: "Content-Type,Accept,Authorization,X-Token,X-Host,X-Polyai-Correlation-Id",
        exposeHeaders: "Retry-After")
    /// The pretend S3 bucket behind attachment upload and download URLs.
    static let storage = Family(methods: "GET,PUT,HEAD,OPTIONS", allowHeaders: nil, exposeHeaders: "ETag,x-amz-request-id")

    /// The family a path belongs to; nil for routes browsers do not call (the agent desk).
    static func family(for path: String) -> Family? {
        if path == "/Prod" || path == "/Prod/" { return template }
        if path.hasPrefix("/participant/") { return participant }
        if path.hasPrefix(PolyAIRoutes.basePath + "/") { return polyAI }
        if path.hasPrefix("/demo-s3/") { return storage }
        return nil
    }

    /// Whether a request from `origin` may see the answer.
    func allows(_ origin: String) -> Bool {
        origins.map { $0.contains(origin) } ?? true
    }

    /// The `Access-Control-Allow-Origin` value for a request with `origin` (nil: no CORS headers at all).
    func allowOriginValue(for origin: String?) -> String? {
        guard let origin else { return origins == nil ? "*" : nil }
        guard allows(origin) else { return nil }
        return origins == nil ? "*" : origin
    }

    /// Checks a `--cors-origin` value: `scheme://host[:port]`, no path, no trailing slash.
    static func validate(origin: String) -> String? {
        guard let components = URLComponents(string: origin), let scheme = components.scheme,
            ["http", "https"].contains(scheme.lowercased()), components.host?.isEmpty == false,
            components.path.isEmpty, components.query == nil
        else { return "an origin looks like https://shop.example or http://localhost:3000, got '\(origin)'" }
        return nil
    }
}
