import Foundation
import HTTPTypes
import Hummingbird

/// The demo's pretend identity provider: the sign-in page a GetAuthenticationUrl link opens
/// (`/auth/sign-in/:token`: a form with the customer's name; sign in, fail, or leave it to time out)
/// and the page a browser returns to afterwards (`/auth/return`, Helpline's default RedirectUri).
struct AuthenticationRoutes: Sendable {
    let hub: ContactCenterHub

    /// Adds the pages.
    func add(to router: Router<BasicRequestContext>) {
        let hub = self.hub
        router.get("/auth/sign-in/:token") { _, context -> Response in
            let token = context.parameters.get("token") ?? ""
            guard let name = await hub.signInPage(token: token) else { return Self.expired() }
            return Self.page(status: .ok, title: "Sign in", body: Self.form(name: name))
        }
        router.post("/auth/sign-in/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let fields = Self.formFields(try await HTTPSupport.body(of: request))
            let succeed = fields["outcome"] != "fail"
            guard let result = await hub.signIn(token: token, name: fields["name"] ?? "", succeed: succeed) else {
                return Self.expired()
            }
            if let redirect = result.redirect {
                var headers = Self.headers()
                headers[.location] = redirect
                return Response(status: .seeOther, headers: headers)
            }
            return Self.returnPage(signedIn: result.signedIn)
        }
        router.get("/auth/return") { _, _ -> Response in
            Self.page(
                status: .ok, title: "Done",
                body: "<h1>You can close this page</h1><p>Return to your terminal: the chat goes on there.</p>")
        }
    }

    /// The form: a name (prefilled with the chat's), sign in or fail.
    static func form(name: String) -> String {
        """
        <h1>Sign in to the Helpline demo</h1>
        <p>The chat asked you to sign in. This page stands in for the contact center's identity provider:
        no password, just the name to sign in as.</p>
        <form method="post">
        <p><label>Name <input name="name" value="\(escaped(name))" maxlength="\(ContactCenterHub.signInNameLimit)" required autofocus></label></p>
        <p><button name="outcome" value="succeed">Sign in</button>
        <button name="outcome" value="fail" formnovalidate>Fail the sign-in</button></p>
        </form>
        <p>Or close this page and let the sign-in time out.</p>
        """
    }

    /// The page after the form when there is no RedirectUri to go to.
    static func returnPage(signedIn: Bool) -> Response {
        page(
            status: .ok, title: signedIn ? "Signed in" : "Sign-in failed",
            body: "<h1>\(signedIn ? "You are signed in" : "The sign-in failed")</h1><p>Return to your terminal.</p>")
    }

    /// A link that expired, was used, or never was.
    static func expired() -> Response {
        page(
            status: .gone, title: "Link expired",
            body: "<h1>This sign-in link no longer works</h1><p>Links work for one minute and once. "
                + "Ask for a fresh one in the terminal (<code>/auth</code>).</p>")
    }

    /// The fields of an `application/x-www-form-urlencoded` body.
    static func formFields(_ body: Data) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] where fields[item.name] == nil { fields[item.name] = item.value ?? "" }
        return fields
    }

    /// `text` safe inside HTML text and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Never cached, and the token in the path is not sent on as a referrer.
    private static func headers() -> HTTPFields {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        HTTPSupport.set(HTTPField.Name("Referrer-Policy"), "no-referrer", in: &headers)
        return headers
    }

    private static func page(status: HTTPResponse.Status, title: String, body: String) -> Response {
        var headers = headers()
        headers[.contentType] = "text/html; charset=utf-8"
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) — Helpline demo</title></head>
            <body style="font-family: sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em">
            \(body)
            </body></html>
            """
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
