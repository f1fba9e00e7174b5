#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Fuzz/corpus/<target>/seed-*) from the spec fixtures
(Tests/Fixtures/specs/fixtures, or HELPLINE_SPECS) and the repository's own test data.

The seeds are committed, so `make fuzz` needs nothing outside the repository; run this again only when
the fixtures change. Files named regression-* (inputs that once failed) are left alone.
"""
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECS = os.environ.get("HELPLINE_SPECS", os.path.join(ROOT, "Tests", "Fixtures", "specs"))
FIXTURES = os.path.join(SPECS, "fixtures")


def corpus(target):
    folder = os.path.join(ROOT, "Fuzz", "corpus", target)
    os.makedirs(folder, exist_ok=True)
    for old in glob.glob(os.path.join(folder, "seed-*")):
        os.remove(old)
    return folder


def write(folder, name, data):
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, "seed-" + name), "wb") as handle:
        handle.write(data)


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def connect_frames():
    folder = corpus("connect-frames")
    for path in sorted(glob.glob(os.path.join(FIXTURES, "connect", "*.json"))):
        name = os.path.basename(path)[:-5]
        if name.startswith(("rest-", "startchat-")):
            continue
        with open(path, "rb") as handle:
            raw = handle.read()
        write(folder, name, raw)
        write(folder, name + "-compact", compact(json.loads(raw)))
    # Shapes the fast path must decline: escaped topic, null fields, numbers, nesting, duplicates.
    item = '{\\"AbsoluteTime\\":\\"2025-06-12T14:03:52.640Z\\",\\"Id\\":\\"a\\",\\"Type\\":\\"MESSAGE\\",\\"Content\\":\\"hi \\\\u00e9\\\\ud83d\\\\ude00\\"}'
    write(folder, "escaped-topic", '{"topic":"aws\\/chat","content":"%s"}' % item)
    write(folder, "status-code", '{"topic":"aws/chat","content":"%s","statusCode":200}' % item)
    write(folder, "nested", '{"x":[1,-2.5e3,{"y":[true,false,null]}],"topic":"aws/chat","content":"%s"}' % item)
    write(folder, "timestamp", "2025-06-12T14:03:52.640123456Z")


def polyai_frames():
    folder = corpus("polyai-frames")
    frames = {}
    for path in sorted(glob.glob(os.path.join(FIXTURES, "polyai", "in_*.json"))):
        name = os.path.basename(path)[:-5]
        with open(path, "rb") as handle:
            frames[name] = compact(json.loads(handle.read())).encode()
        write(folder, name, b"\x00" + frames[name])
    chunks = [frames[n] for n in ("in_poly_agent_message_chunk_first", "in_poly_agent_message_chunk_middle",
                                  "in_poly_agent_message_chunk_final") if n in frames]
    write(folder, "chunks-in-order", b"\x00" + b"\x00".join(chunks))
    write(folder, "chunks-reversed-renewed", b"\x01" + b"\x00".join(reversed(chunks)))
    session = [frames[n] for n in ("in_session_start", "in_event_batch_initial", "in_poly_agent_joined",
                                   "in_user_message_echo", "in_poly_agent_message", "in_session_end") if n in frames]
    write(folder, "session", b"\x82" + b"\x00".join(session))


CONNECT_OPERATIONS = {
    "create-participant-connection": 1, "send-message": 2, "send-event-typing": 3, "disconnect-participant": 4,
    "get-transcript-forward-after-reconnect": 5, "get-transcript": 6, "start-attachment-upload": 7,
    "get-attachment": 8, "describe-view": 9, "send-event-delivered-receipt": 3, "send-event-read-receipt": 3,
    "complete-attachment-upload": 7, "get-authentication-url": 3,
}
STATUSES = [200, 200, 200, 200, 204, 400, 401, 403, 404, 409, 429, 500, 503, 302]


def rest_answers():
    folder = corpus("rest-answers")
    for path in sorted(glob.glob(os.path.join(FIXTURES, "connect", "rest-*.json"))):
        name = os.path.basename(path)[5:-5]
        with open(path, "rb") as handle:
            fixture = json.loads(handle.read())
        response = fixture.get("response", {})
        status = response.get("status", 200)
        body = response.get("body", {})
        body = body if isinstance(body, str) else compact(body)
        operation = CONNECT_OPERATIONS.get(name, 5 if name.startswith("error") else 6)
        status_byte = STATUSES.index(status) if status in STATUSES else 0
        headers = 1 | (2 if name.startswith("error") else 0)
        write(folder, name, bytes([operation, status_byte, headers]) + body.encode())
    for path in sorted(glob.glob(os.path.join(FIXTURES, "connect", "startchat-*.json"))):
        with open(path, "rb") as handle:
            fixture = json.loads(handle.read())
        response = fixture.get("response", fixture)
        body = response.get("body", response)
        body = body if isinstance(body, str) else compact(body)
        status = response.get("status", 200)
        status_byte = STATUSES.index(status) if status in STATUSES else 5
        write(folder, os.path.basename(path)[:-5], bytes([0, status_byte, 1]) + body.encode())
    ok = '{"data":{"startChatResult":{"ContactId":"c1","ParticipantId":"p1","ParticipantToken":"tok"},' \
         '"featurePermissions":{"MESSAGING_MARKDOWN":true}}}'
    write(folder, "startchat-ok", bytes([0, 0, 1]) + ok.encode())
    upload = '{"AttachmentId":"a1","UploadMetadata":{"Url":"https://s3.example/put","UrlExpiry":"x",' \
             '"HeadersToInclude":{"Content-Type":"image/png"}}}'
    write(folder, "upload-three-steps", bytes([7, 0, 1]) + upload.encode() + b"\x00\x00{}")
    write(folder, "upload-storage-error", bytes([7, 0, 1]) + upload.encode()
          + b"\x00<Error><Code>AccessDenied</Code><Message>no</Message></Error>")
    token = "e30.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln"
    write(folder, "polyai-access-token", bytes([0, 0, 0x81]) + compact({"access_token": token}).encode())
    write(folder, "polyai-session", bytes([1, 0, 0x81]) + compact({"session_id": "s-1"}).encode())
    write(folder, "polyai-rate-limited", bytes([0, 10, 0x85]) + b"7")
    write(folder, "polyai-refused", bytes([0, 6, 0x81]) + compact({"message": "Connector token does not exist"}).encode())


def markdown():
    folder = corpus("markdown")
    with open(os.path.join(ROOT, "Resources", "bench", "replies.json"), "rb") as handle:
        replies = json.loads(handle.read())
    for index, reply in enumerate(replies[::5]):
        width_byte = [10, 35, 70, 0xE1][index % 4]
        flags = 0x80 | 0x40 | (index % 16)
        write(folder, "reply-%03d" % index, bytes([width_byte, flags]) + reply.encode())
    spec = os.path.join(ROOT, "Tests", "MarkdownANSITests", "Fixtures", "commonmark-spec-0.31.2-examples.json")
    with open(spec, "rb") as handle:
        examples = json.loads(handle.read())["examples"]
    for index, example in enumerate(examples[::3]):
        write(folder, "commonmark-%03d" % index, bytes([index % 140, index % 256]) + example["markdown"].encode())
    write(folder, "html-and-controls", bytes([30, 0xC5]) + "<b>bold</b> <a href=\"https://x.example/\x07\">link</a> "
          "\x1b[31mred\x1b[0m\t|tab|\r\n| a | b |\n|---|---|\n| 世界 | 👋🏽 |".encode())


def key_decoder():
    folder = corpus("key-decoder")
    samples = {
        "text-ctrl-enter": "hi\x01\r", "alt-escape": "\x1bb\x1b\r\xf8\x1b", "csi": "\x1b[1;5D\x1b[1;5C\x1b[5~\x1bOA",
        "mouse": "\x1b[<64;10;5M\x1b[<0;12;3M\x1b[<0;12;3m", "paste": "\x1b[200~one\rtwo\r\nthree\x1b[201~x",
        "paste-split": "\x1b[200~ab\xf8\xf9\x00c\x1b[201~", "focus": "\x1b[I\x1b[O", "utf8": "caf\xc3\xa9 \xe4\xb8\x96 \xf0\x9f\x91\x8b",
    }
    for name, text in samples.items():
        write(folder, name, text.encode("latin-1"))


def config():
    folder = corpus("config")
    with open(os.path.join(ROOT, "docs", "configuration.md"), encoding="utf-8") as handle:
        text = handle.read()
    blocks = text.split("```toml\n")[1:]
    for index, block in enumerate(blocks):
        write(folder, "docs-%d" % index, b"\x00" + block.split("```")[0].encode())
    write(folder, "escapes", b'\x00name = "a \\"q\\" \\\\ \\t\\n" # comment\nlist = ["x", "y#z"]\nn = -1.5e3\n')
    write(folder, "legacy", b"\x01" + compact({"polyai": {"api_key": "k", "host_id": "h", "environment": "uk"},
                                              "tui": {"notify": "never", "mouse": False}}).encode())


def script():
    folder = corpus("script")
    for path in sorted(glob.glob(os.path.join(ROOT, "Resources", "scripts", "*.hls"))):
        with open(path, "rb") as handle:
            write(folder, os.path.basename(path)[:-4], handle.read())
    write(folder, "every-step", "send hello\nexpect Welcome.*demo within 3s\nexpect \"quoted  \"\n"
          "expect-event joined Ava within 500ms\npick 2\nset Street 12 Pine St\nattach /tmp/f.txt\nwait 1.5s\nend\n")


if __name__ == "__main__":
    if not os.path.isdir(FIXTURES):
        sys.exit("make-seeds: no spec fixtures at %s (set HELPLINE_SPECS)" % FIXTURES)
    for make in (connect_frames, polyai_frames, rest_answers, markdown, key_decoder, config, script):
        make()
