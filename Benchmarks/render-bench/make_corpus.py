#!/usr/bin/env python3
"""Builds Resources/bench/replies.json: a deterministic corpus of chat-like agent/bot replies.

Each reply is assembled from hand-written fragments typical of contact-center chat (greetings,
order status, numbered troubleshooting steps, plan tables, code for API questions, HTML from bot
platforms, CJK and emoji replies). Run: python3 Benchmarks/render-bench/make_corpus.py
"""
import json
import os
import random

rng = random.Random(20261121)

NAMES = ["Alice", "Bob", "Chen", "Dana", "Emeka", "Fatima", "Giulia", "Hiro", "Ines", "Jonas"]
AGENTS = ["Sam", "Priya", "Lukas", "Maria", "Tomasz", "Aiko"]
ITEMS = ["wireless headphones", "USB-C charging cable", "standing desk", "coffee grinder",
         "running shoes (size 42)", "4K monitor", "mechanical keyboard", "phone case"]
CARRIERS = ["UPS", "DHL", "FedEx", "La Poste", "Royal Mail"]

GREETINGS = [
    "Hi {name}, thanks for reaching out! My name is {agent} and I'll be helping you today.",
    "Hello {name} 👋 Thanks for your patience while I looked into this.",
    "Good morning {name}! I'm {agent} from the **support team**.",
    "Hi there! Thanks for contacting us. I can definitely help with that.",
    "Hey {name}, great question!",
]
CLOSINGS = [
    "Is there anything else I can help you with today?",
    "Let me know if you have any other questions. Have a great day! 😊",
    "If this didn't solve it, just reply here and I'll dig deeper.",
    "Thanks again for your patience, {name}. — *{agent}*",
    "You can also reach us any time at [help.example.com](https://help.example.com).",
]
STATUS = [
    "Your order **#{order}** ({item}) has shipped with {carrier}. You can track it here: "
    "https://track.example.com/{order}",
    "I checked order `{order}`: the {item} left our warehouse yesterday and should arrive by *Thursday*.",
    "Unfortunately the {item} in order **#{order}** is ~~in stock~~ back-ordered until next week. "
    "I've applied a **10% discount** to your account for the delay.",
    "Your refund of **${amount}** for order #{order} was issued today. It usually takes 3–5 business "
    "days to appear on your statement.",
]
STEPS = [
    ["Open the **Settings** app", "Tap *Accounts* → *Security*", "Choose **Reset password**",
     "Check your inbox for an email from `no-reply@example.com`", "Follow the link within 30 minutes"],
    ["Unplug the router for 30 seconds", "Plug it back in and wait until the light turns **solid green**",
     "Run the speed test again at https://speed.example.net", "If it's still slow, send me a screenshot"],
    ["Sign in to your dashboard", "Go to **Billing** > **Payment methods**",
     "Click `Add card` and enter the new details", "Set it as *default* and remove the expired card"],
    ["Clear the app cache", "Update to version **5.2.1** or later", "Restart your phone", "Log in again"],
]
TASKS = [
    "- [x] Identity verified\n- [x] Order located\n- [ ] Replacement shipped\n- [ ] Survey sent",
    "- [x] Ticket created (#{order})\n- [ ] Escalated to the billing team\n- [ ] Follow-up email",
]
TABLES = [
    "| Plan | Price | Agents | Support |\n|:-----|------:|:------:|:--------|\n"
    "| Starter | $9/mo | 1 | Email |\n| Team | $49/mo | 10 | Email, chat |\n"
    "| Business | $199/mo | Unlimited | 24/7 phone, chat and a dedicated account manager |",
    "| Order | Item | Status | ETA |\n|---|---|---|---|\n| #{order} | {item} | Shipped | Thu |\n"
    "| #{order2} | Gift card | Delivered | — |",
    "| Setting | Value |\n|---|---|\n| Region | `eu-west-1` |\n| Timeout | 30 s |\n| Retries | 3 |",
]
CODE = [
    "```bash\ncurl -X POST https://api.example.com/v2/orders/{order}/refunds \\\n"
    "  -H \"Authorization: Bearer $API_TOKEN\" \\\n  -d '{{\"reason\": \"damaged\", \"amount\": {amount}}}'\n```",
    "```json\n{{\n  \"webhook_url\": \"https://hooks.example.com/incoming\",\n  \"events\": [\"order.created\", "
    "\"order.shipped\"],\n  \"secret\": \"<your signing secret>\"\n}}\n```",
    "```python\nimport example\n\nclient = example.Client(api_key=os.environ[\"EXAMPLE_KEY\"])\n"
    "order = client.orders.get(\"{order}\")\nprint(order.status)\n```",
    "    Error 0x80070005: Access is denied.\n    at Installer.Run()",
]
QUOTES = [
    "> I ordered a {item} two weeks ago and it still hasn't arrived.\n\nI'm sorry about that, {name}. "
    "Let me check with {carrier} right away.",
    "> **Note:** our offices are closed on public holidays.\n> Replies may take up to 48 hours.",
]
HTML = [
    "Hello<br>Your order <b>#{order}</b> has shipped. <a href=\"https://track.example.com/{order}\">Track it</a>",
    "<p>Thanks for waiting!</p><ul><li>Refund: <strong>${amount}</strong></li><li>Reference: <code>RF-{order}</code>"
    "</li></ul><p>Regards,<br><i>{agent}</i></p>",
    "Your ticket status is <span style=\"color:green\">Resolved</span> &amp; closed. Reply to reopen &mdash; "
    "or visit <a href=\"https://help.example.com/t/{order}\">the portal</a>.",
    "<ol><li>Log out</li><li>Log back in</li><li>Try again &gt; still failing? Call us.</li></ol>",
]
CJK = [
    "您好{name}！您的订单 **#{order}** 已经发货，预计三到五个工作日内送达。如有任何问题，请随时联系我们。🙏",
    "こんにちは！ご注文の{item}は本日発送されました。追跡番号は `{order}` です。ありがとうございます 😊",
    "안녕하세요, 고객님. 환불 요청이 접수되었습니다. 처리에는 **영업일 기준 3~5일**이 소요됩니다.",
]
HEADINGS = ["### What happened", "### Next steps", "## Your options", "#### Details", "### Summary"]
PARAS = [
    "I completely understand how frustrating this must be, especially when you were counting on "
    "it arriving before the weekend. I've added a note to your account so any colleague can see the history.",
    "Just to confirm: the charge of **${amount}** on your statement is a *pre-authorization*, not a final "
    "charge. It will drop off automatically within 7 days.",
    "Our engineers identified the issue and a fix is rolling out now. You can follow the status at "
    "https://status.example.com — I'll keep this chat open in case you need anything.",
    "For security reasons I can't change the email address on the account from chat, but you can do it in "
    "a few seconds from your profile page.",
    "The warranty covers manufacturing defects for **24 months** from the delivery date; accidental damage "
    "isn't included, but we offer a discounted repair.",
]


def fill(text, ctx):
    return text.format(**ctx)


def reply():
    ctx = {
        "name": rng.choice(NAMES), "agent": rng.choice(AGENTS), "item": rng.choice(ITEMS),
        "carrier": rng.choice(CARRIERS), "order": str(rng.randint(100000, 999999)),
        "order2": str(rng.randint(100000, 999999)), "amount": f"{rng.randint(5, 900)}.{rng.randint(0, 99):02d}",
    }
    kind = rng.random()
    parts = [fill(rng.choice(GREETINGS), ctx)]
    if kind < 0.12:
        return fill(rng.choice(HTML), ctx)
    if kind < 0.20:
        return fill(rng.choice(CJK), ctx)
    body_blocks = rng.randint(1, 5)
    for _ in range(body_blocks):
        pick = rng.random()
        if pick < 0.25:
            parts.append(fill(rng.choice(STATUS), ctx))
        elif pick < 0.42:
            steps = rng.choice(STEPS)
            ordered = rng.random() < 0.6
            parts.append("\n".join((f"{i + 1}. " if ordered else "- ") + s for i, s in enumerate(steps)))
        elif pick < 0.50:
            parts.append(fill(rng.choice(TASKS), ctx))
        elif pick < 0.60:
            parts.append(fill(rng.choice(TABLES), ctx))
        elif pick < 0.68:
            parts.append(fill(rng.choice(CODE), ctx))
        elif pick < 0.75:
            parts.append(fill(rng.choice(QUOTES), ctx))
        elif pick < 0.82:
            parts.append(rng.choice(HEADINGS))
            parts.append(fill(rng.choice(PARAS), ctx))
        else:
            parts.append(fill(rng.choice(PARAS), ctx))
    if rng.random() < 0.15:
        parts.append("---")
    parts.append(fill(rng.choice(CLOSINGS), ctx))
    return "\n\n".join(parts)


def main():
    replies = [reply() for _ in range(400)]
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "..", "Resources", "bench", "replies.json")
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(replies, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    total = sum(len(r.encode()) for r in replies)
    print(f"wrote {len(replies)} replies, {total} bytes to {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
