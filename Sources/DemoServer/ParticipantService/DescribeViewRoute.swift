import Foundation
import HTTPTypes
import Hummingbird

/// `GET /participant/views/{ViewToken}` (DescribeView, spec §2.2): the demo's step-by-step views.
struct DescribeViewRoute: Sendable {
    let hub: ContactCenterHub

    /// Adds the route.
    func add(to router: Router<BasicRequestContext>) {
        let hub = self.hub
        router.get("/participant/views/:token") { request, context -> Response in
            if let failure = await hub.drawInjectedFailure() { return HTTPSupport.participant(.failure(failure)) }
            let bearer = HTTPSupport.bearerName.flatMap { request.headers[$0] }
            do {
                _ = try await hub.authorizeConnection(bearer)
            } catch let error as ParticipantServiceError {
                return HTTPSupport.participant(.failure(error))
            }
            let token = (context.parameters.get("token") ?? "").removingPercentEncoding ?? ""
            guard let view = DemoViews.byToken[token] else { return Self.notFound(token) }
            return HTTPSupport.participant(.success(WireJSON.data(DescribeViewResponse(view: view))))
        }
    }

    /// 404 ResourceNotFoundException with `ResourceId` and `ResourceType`, as DescribeView answers.
    static func notFound(_ token: String) -> Response {
        var headers = HTTPFields()
        HTTPSupport.set(HTTPSupport.requestIdName, UUID().uuidString.lowercased(), in: &headers)
        HTTPSupport.set(HTTPSupport.errorTypeName, "ResourceNotFoundException", in: &headers)
        let body = WireJSON.data(["message": "View not found", "ResourceId": token, "ResourceType": "VIEW"])
        return HTTPSupport.json(body, status: 404, headers: headers)
    }
}

/// The views the demo knows, by view token.
enum DemoViews {
    /// The address form of the spec fixture (`rest-describe-view.json`).
    static let addressToken = "eyJ2aWV3SWQiOiJzaW11bGF0ZWQiLCJub25jZSI6IjQ4MjkxIn0.c2ltdWxhdGVkLXNpZ25hdHVyZQ"

    /// Every view, by token.
    static let byToken: [String: DescribeViewResponse.View] = [
        addressToken: .init(
            id: "6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b",
            arn: "arn:aws:connect:us-west-2:123456789012:instance/3f2a9c1e-5b7d-4e2a-9f10-6c8d2e4b7a01/view/"
                + "6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b:$LATEST",
            name: "Address update", version: 1,
            content: .init(
                inputSchema: #"{"type":"object","properties":{"Heading":{"type":"string"},"Street":{"type":"string"}}}"#,
                template: #"{"Head":{"Title":"Address update"},"Body":[{"_id":"Form_1","Type":"Form","Props":{},"Content":[]}]}"#,
                actions: ["Submit", "Cancel"])),
    ]

    /// The `Content` of a ViewResource message that shows the address form with `viewData`.
    static func addressMessage(viewData: [String: String]) -> String {
        let data = WireJSON.string(viewData)
        return #"{"templateType":"ViewResource","version":"1.0","data":{"content":{"viewId":"arn:aws:connect:demo:view/address","#
            + #""viewToken":""# + addressToken + #"","viewData":"# + data + "}}}"
    }
}

/// DescribeView response body (the demo's own wire shape).
struct DescribeViewResponse: Encodable, Sendable {
    /// `View`.
    struct View: Encodable, Sendable {
        /// `View.Content`: JSON strings for the schema and template, and the action names.
        struct Content: Encodable, Sendable {
            var inputSchema: String
            var template: String
            var actions: [String]
            enum CodingKeys: String, CodingKey { case inputSchema = "InputSchema", template = "Template", actions = "Actions" }
        }
        var id: String
        var arn: String
        var name: String
        var version: Int
        var content: Content
        enum CodingKeys: String, CodingKey { case id = "Id", arn = "Arn", name = "Name", version = "Version", content = "Content" }
    }
    var view: View
    enum CodingKeys: String, CodingKey { case view = "View" }
}
