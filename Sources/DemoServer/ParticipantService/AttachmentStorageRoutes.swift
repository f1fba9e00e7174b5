import Foundation
import HTTPTypes
import Hummingbird

/// A pretend S3 for attachment bytes: `PUT /demo-s3/upload/:id` and `GET /demo-s3/download/:id`.
struct AttachmentStorageRoutes: Sendable {
    let hub: ContactCenterHub

    /// Adds the storage routes.
    func add(to router: Router<BasicRequestContext>) {
        let hub = self.hub
        router.put("/demo-s3/upload/:id") { request, context -> Response in
            let id = context.parameters.get("id") ?? ""
            let signature = request.uri.queryParameters.get("X-Amz-Signature")
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let body = try await request.body.collect(upTo: AttachmentRecord.maxSize + 1)
            if let code = await hub.upload(attachmentId: id, signature: signature, headers: headers,
                                           body: Data(body.readableBytesView))
            {
                return Self.s3Error(code)
            }
            var fields = HTTPFields()
            HTTPSupport.set(HTTPField.Name("ETag"), "\"\(UUID().uuidString.lowercased())\"", in: &fields)
            return HTTPSupport.noting(contact: await hub.attachmentContact(id), Response(status: .ok, headers: fields))
        }
        router.get("/demo-s3/download/:id") { request, context -> Response in
            let id = context.parameters.get("id") ?? ""
            let signature = request.uri.queryParameters.get("X-Amz-Signature")
            guard let file = await hub.download(attachmentId: id, signature: signature) else {
                return Self.s3Error("AccessDenied")
            }
            var fields = HTTPFields()
            fields[.contentType] = file.contentType
            return HTTPSupport.noting(
                contact: await hub.attachmentContact(id),
                Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data))))
        }
    }

    /// An S3-style XML error (403).
    static func s3Error(_ code: String) -> Response {
        let message = code == "SignatureDoesNotMatch"
            ? "The request signature we calculated does not match the signature you provided. Check your key and signing method."
            : "Access Denied"
        let xml = #"<?xml version="1.0" encoding="UTF-8"?>"#
            + "\n<Error><Code>\(code)</Code><Message>\(message)</Message></Error>"
        var fields = HTTPFields()
        fields[.contentType] = "application/xml"
        return Response(status: .forbidden, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: xml)))
    }
}
