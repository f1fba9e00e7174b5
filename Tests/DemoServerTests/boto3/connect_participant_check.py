#!/usr/bin/env python3
"""Drives the Helpline demo server's Participant Service with the real AWS SDK for Python.

Usage: connect_participant_check.py BASE_URL [failures]
With "failures" the server is expected to fail every Participant call (rest-fail=1): the script checks
that botocore parses those errors as ThrottlingException / InternalServerException.
Exit 0 when every check passes; 77 when boto3 is not installed (the Swift test skips then).
"""
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

try:
    import boto3
    import botocore.config
    import botocore.exceptions
except ImportError:
    print("boto3 is not installed", file=sys.stderr)
    sys.exit(77)


EVENT = "application/vnd.amazonaws.connect.event."

# Seconds to wait for one plain HTTP answer: botocore's own default read timeout, so a loaded
# machine slows this check down instead of failing it.
PATIENCE = 60


def check(condition, message):
    if not condition:
        print("FAILED: " + message, file=sys.stderr)
        sys.exit(1)


def start_chat(base):
    body = json.dumps({
        "ParticipantDetails": {"DisplayName": "Boto Tester"},
        "SupportedMessagingContentTypes": ["text/plain", "text/markdown"],
    }).encode()
    request = urllib.request.Request(base + "/Prod", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=PATIENCE) as response:
        payload = json.load(response)
    return payload["data"]["startChatResult"]


def check_attachments(client, token, started):
    data = b"\x89PNG\r\n demo bytes"
    upload = client.start_attachment_upload(
        ConnectionToken=token, ContentType="image/png", AttachmentSizeInBytes=len(data),
        AttachmentName="receipt.png", ClientToken=str(uuid.uuid4()))
    meta = upload["UploadMetadata"]
    check(meta["HeadersToInclude"]["x-amz-meta-contact_id"] == started["ContactId"], "upload headers")
    request = urllib.request.Request(meta["Url"], data=data, method="PUT", headers=meta["HeadersToInclude"])
    with urllib.request.urlopen(request, timeout=PATIENCE) as response:
        check(response.status == 200, "S3 PUT")
    client.complete_attachment_upload(ConnectionToken=token, AttachmentIds=[upload["AttachmentId"]],
                                      ClientToken=str(uuid.uuid4()))
    link = client.get_attachment(ConnectionToken=token, AttachmentId=upload["AttachmentId"], UrlExpiryInSeconds=30)
    check(link["AttachmentSizeInBytes"] == len(data), "attachment size")
    with urllib.request.urlopen(link["Url"], timeout=PATIENCE) as response:
        check(response.read() == data, "downloaded bytes")
    transcript = client.get_transcript(ConnectionToken=token, MaxResults=100)
    files = [i for i in transcript["Transcript"] if i["Type"] == "ATTACHMENT"]
    check(len(files) == 1 and files[0]["Attachments"][0]["Status"] == "APPROVED", "attachment item")


def check_failures(client, started):
    seen = set()
    for _ in range(12):
        try:
            client.create_participant_connection(ParticipantToken=started["ParticipantToken"], Type=["WEBSOCKET"])
            check(False, "call succeeded although every call should fail")
        except client.exceptions.ThrottlingException as error:
            check(error.response["ResponseMetadata"]["HTTPStatusCode"] == 429, "throttling status")
            seen.add("ThrottlingException")
        except client.exceptions.InternalServerException as error:
            check(error.response["ResponseMetadata"]["HTTPStatusCode"] == 500, "internal error status")
            seen.add("InternalServerException")
    check(seen == {"ThrottlingException", "InternalServerException"}, "both failure kinds seen: %s" % seen)
    print("boto3 failure checks passed")


def wait_for_event(client, token, name, after=()):
    """The first transcript EVENT item of type authentication.NAME whose Id is not in `after`."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        items = client.get_transcript(ConnectionToken=token, MaxResults=100)["Transcript"]
        for item in items:
            if item.get("ContentType") == EVENT + name and item["Id"] not in after:
                return item
        time.sleep(0.05)
    check(False, "no %s event in the transcript" % name)


def check_authentication(client, token, base):
    """The AuthenticateCustomer block: GetAuthenticationUrl, the sign-in page, CancelParticipantAuthentication."""
    client.send_message(ConnectionToken=token, ContentType="text/plain", Content="sign in", ClientToken=str(uuid.uuid4()))
    initiated = wait_for_event(client, token, "authentication.initiated")
    session = json.loads(initiated["Content"])["SessionId"]
    check(len(session) == 36, "SessionId has the model's 36 characters")
    link = client.get_authentication_url(ConnectionToken=token, SessionId=session, RedirectUri=base + "/auth/return")
    url = link["AuthenticationUrl"]
    check(url.startswith(base + "/auth/sign-in/"), "the link opens the demo's sign-in page: " + url)
    with urllib.request.urlopen(url, timeout=PATIENCE) as response:
        page = response.read().decode()
        check(response.status == 200 and "Boto Tester" in page, "the sign-in page offers the chat's name")
    try:
        client.get_authentication_url(ConnectionToken=token, SessionId=str(uuid.uuid4()), RedirectUri=base)
        check(False, "a link for an unknown SessionId")
    except client.exceptions.ValidationException:
        pass
    client.cancel_participant_authentication(ConnectionToken=token, SessionId=session)
    wait_for_event(client, token, "authentication.cancelled")
    try:
        urllib.request.urlopen(url, timeout=PATIENCE)
        check(False, "the link still works after the cancel")
    except urllib.error.HTTPError as error:
        check(error.code == 410, "a cancelled sign-in's link is gone")

    # Again, signing in on the page as a browser does: the bot greets the signed-in name.
    client.send_message(ConnectionToken=token, ContentType="text/plain", Content="sign in", ClientToken=str(uuid.uuid4()))
    again = wait_for_event(client, token, "authentication.initiated", after={initiated["Id"]})
    session = json.loads(again["Content"])["SessionId"]
    url = client.get_authentication_url(ConnectionToken=token, SessionId=session, RedirectUri=base + "/auth/return")["AuthenticationUrl"]
    form = urllib.parse.urlencode({"name": "Bo Signed", "outcome": "succeed"}).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=form), timeout=PATIENCE) as response:
        check(response.url == base + "/auth/return", "the browser ends on the RedirectUri: " + response.url)
    wait_for_event(client, token, "authentication.succeeded")
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        items = client.get_transcript(ConnectionToken=token, MaxResults=100)["Transcript"]
        if any("Bo Signed" in (i.get("Content") or "") for i in items if i["Type"] == "MESSAGE"):
            break
        time.sleep(0.05)
    else:
        check(False, "the bot greets the signed-in name")


def check_paging(client, token):
    first = client.get_transcript(ConnectionToken=token, MaxResults=2, ScanDirection="BACKWARD", SortOrder="ASCENDING")
    check(len(first["Transcript"]) == 2 and first.get("NextToken"), "first page with a NextToken")
    second = client.get_transcript(ConnectionToken=token, MaxResults=2, ScanDirection="BACKWARD",
                                   SortOrder="ASCENDING", NextToken=first["NextToken"])
    ids = [i["Id"] for i in first["Transcript"]] + [i["Id"] for i in second["Transcript"]]
    check(len(set(ids)) == len(ids), "pages do not overlap")
    oldest_first = second["Transcript"][-1]["AbsoluteTime"] <= first["Transcript"][0]["AbsoluteTime"]
    check(oldest_first, "the second BACKWARD page is older")


def check_message_rules(client, token):
    """The default flow's message rules, read by botocore from the service model: MessageMetadata."""
    redacted = client.send_message(ConnectionToken=token, ContentType="text/plain",
                                   Content="my card is 4111 1111 1111 1111", ClientToken=str(uuid.uuid4()))
    check(redacted["MessageMetadata"]["MessageProcessingStatus"] == "PROCESSING", "a redacted message is PROCESSING")
    blocked = client.send_message(ConnectionToken=token, ContentType="text/plain",
                                  Content="my password is hunter2", ClientToken=str(uuid.uuid4()))
    check(blocked["MessageMetadata"]["MessageProcessingStatus"] == "REJECTED", "a blocked message is REJECTED")
    check(len(blocked["Id"]) > 0 and len(blocked["AbsoluteTime"]) == 24, "a REJECTED answer has an Id and a time")
    failed = client.send_message(ConnectionToken=token, ContentType="text/plain", Content="a glitch",
                                 ClientToken=str(uuid.uuid4()))
    check(failed["MessageMetadata"]["MessageProcessingStatus"] == "FAILED", "a failing check is FAILED")
    passed = client.send_message(ConnectionToken=token, ContentType="text/plain", Content="a glitch",
                                 ClientToken=str(uuid.uuid4()))
    check("MessageMetadata" not in passed, "the same text sent again passes, with no MessageMetadata")
    items = client.get_transcript(ConnectionToken=token, MaxResults=100)["Transcript"]
    contents = [item.get("Content") for item in items]
    check("my card is [PII]" in contents, "the redacted text is what the transcript holds")
    check("my card is 4111 1111 1111 1111" not in contents, "the card number is nowhere in the transcript")
    check("my password is hunter2" not in contents, "a blocked message is not in the transcript")
    check(contents.count("a glitch") == 1, "a failed check stores nothing; the retry once")


def check_loopback_socket_url(base, started):
    """A page on http://localhost:PORT gets a socket URL the official JavaScript client opens."""
    port = base.rsplit(":", 1)[1]
    local = boto3.client(
        "connectparticipant", endpoint_url="http://localhost:" + port, region_name="us-west-2",
        aws_access_key_id="x", aws_secret_access_key="x")
    connection = local.create_participant_connection(
        ParticipantToken=started["ParticipantToken"], Type=["WEBSOCKET"])
    url = connection["Websocket"]["Url"]
    check(url.startswith("ws://127.0.0.1:" + port + "/"), "socket URL for Host localhost: " + url)


def main():
    base = sys.argv[1].rstrip("/")
    failures = len(sys.argv) > 2 and sys.argv[2] == "failures"
    config = botocore.config.Config(retries={"total_max_attempts": 1}) if failures else None
    client = boto3.client(
        "connectparticipant", endpoint_url=base, region_name="us-west-2",
        aws_access_key_id="x", aws_secret_access_key="x", config=config)
    started = start_chat(base)
    if failures:
        check_failures(client, started)
        return

    connection = client.create_participant_connection(
        ParticipantToken=started["ParticipantToken"], Type=["WEBSOCKET", "CONNECTION_CREDENTIALS"])
    token = connection["ConnectionCredentials"]["ConnectionToken"]
    check(connection["Websocket"]["Url"].startswith("ws://"), "socket URL")
    check(connection["ConnectionCredentials"]["Expiry"].endswith("Z"), "token expiry")

    client_token = str(uuid.uuid4())
    sent = client.send_message(ConnectionToken=token, ContentType="text/plain", Content="hello from boto3",
                               ClientToken=client_token)
    again = client.send_message(ConnectionToken=token, ContentType="text/plain", Content="hello from boto3",
                                ClientToken=client_token)
    check(sent["Id"] == again["Id"], "idempotent SendMessage returns the same Id")
    check(len(sent["AbsoluteTime"]) == 24, "AbsoluteTime has milliseconds and Z")

    typing = client.send_event(ConnectionToken=token, ContentType="application/vnd.amazonaws.connect.event.typing")
    check(typing["Id"], "typing event Id")

    transcript = client.get_transcript(ConnectionToken=token, MaxResults=100, ScanDirection="BACKWARD",
                                       SortOrder="ASCENDING")
    check(transcript["InitialContactId"] == started["ContactId"], "InitialContactId")
    mine = [item for item in transcript["Transcript"] if item.get("Content") == "hello from boto3"]
    check(len(mine) == 1, "message stored exactly once, got %d" % len(mine))
    check(mine[0]["Id"] == sent["Id"], "transcript Id matches SendMessage Id")
    check(mine[0]["ParticipantRole"] == "CUSTOMER", "role")
    check(not any(i.get("ContentType", "").endswith(".typing") for i in transcript["Transcript"]), "typing not stored")

    try:
        client.send_message(ConnectionToken=token, ContentType="text/plain", Content="x" * 1025)
        check(False, "oversized content accepted")
    except client.exceptions.ValidationException:
        pass

    try:
        client.send_message(ConnectionToken=started["ParticipantToken"], ContentType="text/plain", Content="x")
        check(False, "participant token accepted for SendMessage")
    except client.exceptions.AccessDeniedException:
        pass

    check_attachments(client, token, started)
    check_paging(client, token)
    check_authentication(client, token, base)
    check_message_rules(client, token)
    check_loopback_socket_url(base, started)

    client.disconnect_participant(ConnectionToken=token)
    try:
        client.get_transcript(ConnectionToken=token)
        check(False, "transcript readable after disconnect")
    except client.exceptions.AccessDeniedException as error:
        check(error.response["Error"]["Message"] == "Access denied", "error message parsed")
        check(error.response["ResponseMetadata"]["HTTPStatusCode"] == 403, "status 403")
    try:
        client.create_participant_connection(ParticipantToken=started["ParticipantToken"], Type=["WEBSOCKET"])
        check(False, "reconnect allowed after the chat ended")
    except client.exceptions.AccessDeniedException:
        pass
    print("boto3 checks passed")


if __name__ == "__main__":
    main()
