#!/usr/bin/env python3
"""botocore's SigV4Auth as an independent reference for Helpline's signer.

  botocore_sign.py sign  < request.json   prints the Authorization botocore computes
  botocore_sign.py serve ACCESS SECRET    a loopback StartChatContact endpoint that recomputes
                                          every signature with botocore; prints "PORT n" first
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials


def botocore_authorization(method, url, headers, body, timestamp, credentials, region, service):
    request = AWSRequest(method=method, url=url, data=body, headers=headers)
    request.context["timestamp"] = timestamp
    auth = SigV4Auth(credentials, service, region)
    auth._modify_request_before_signing(request)
    canonical = auth.canonical_request(request)
    string_to_sign = auth.string_to_sign(request, canonical)
    signature = auth.signature(string_to_sign, request)
    scope = auth.scope(request)
    signed = auth.signed_headers(auth.headers_to_sign(request))
    return f"AWS4-HMAC-SHA256 Credential={scope}, SignedHeaders={signed}, Signature={signature}"


def sign():
    spec = json.load(sys.stdin)
    credentials = Credentials(spec["accessKeyId"], spec["secretAccessKey"], spec.get("sessionToken"))
    print(botocore_authorization(
        spec["method"], spec["url"], spec["headers"], spec["body"].encode(), spec["timestamp"], credentials,
        spec["region"], spec["service"]))


class StartChatContact(BaseHTTPRequestHandler):
    credentials = None

    def log_message(self, *args):
        pass

    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        given = self.headers.get("Authorization", "")
        signed = given.split("SignedHeaders=")[1].split(",")[0].split(";") if "SignedHeaders=" in given else []
        headers = {k: v for k, v in self.headers.items() if k.lower() in signed and k.lower() not in ("x-amz-date", "x-amz-security-token")}
        url = f"http://{self.headers.get('Host')}{self.path}"
        region = given.split("Credential=")[1].split("/")[2] if "Credential=" in given else "us-east-1"
        expected = botocore_authorization(
            "PUT", url, headers, body, self.headers.get("X-Amz-Date", ""), self.credentials, region, "connect")
        if self.path != "/contact/chat" or given != expected:
            return self.reply(403, {"message": "The request signature we calculated does not match the signature you provided."},
                              "AccessDeniedException")
        request = json.loads(body)
        if not request.get("InstanceId") or not request.get("ContactFlowId"):
            return self.reply(400, {"message": "InstanceId and ContactFlowId are required"}, "InvalidRequestException")
        self.reply(200, {"ContactId": "contact-" + request["InstanceId"], "ParticipantId": "participant-1",
                         "ParticipantToken": "token-for-" + request["ParticipantDetails"]["DisplayName"]})

    def reply(self, status, payload, error_type=None):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/x-amz-json-1.1")
        if error_type:
            self.send_header("x-amzn-ErrorType", error_type + ":http://internal.amazon.com/coral/com.amazonaws.connect/")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def serve(access, secret, token=None):
    StartChatContact.credentials = Credentials(access, secret, token)
    server = HTTPServer(("127.0.0.1", 0), StartChatContact)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    if sys.argv[1] == "sign":
        sign()
    else:
        serve(*sys.argv[2:])
