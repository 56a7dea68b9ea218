"""Drives Zulip's official Python client (zulip/python-zulip-api, the `zulip` package) against Understudy.

Run by scripts/contract/python-clients.sh, which starts the standalone server at a feature level and passes the
organization's URL. Each step calls the client the way its users do and checks that the client parsed the
answer (a dict with `result`) into what the real server would give; it prints one line per step and exits 1 if
any step fails. Not in CI: it needs the client's source (see the shell script).
"""

import sys

import zulip

SITE, LEVEL = sys.argv[1], int(sys.argv[2])
IAGO = ("iago@acme.example", "oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD")
HAMLET = ("hamlet@acme.example", "xkxwnQrS7RPeMOkIUpkDyr7OSJoRu1XX")

failures = []


def client(account):
    email, key = account
    return zulip.Client(email=email, api_key=key, site=SITE, client="understudy-contract")


def step(name, answer, expect):
    """One call: `answer` is what the client returned, `expect` a predicate on it."""
    ok = isinstance(answer, dict) and "result" in answer and bool(expect(answer))
    print(f"{'ok  ' if ok else 'FAIL'} level {LEVEL} {name}: {str(answer)[:160]}")
    if not ok:
        failures.append(name)
    return answer


iago, hamlet = client(IAGO), client(HAMLET)
email = f"python-{LEVEL}@acme.example"

step(
    "get_server_settings",
    iago.get_server_settings(),
    lambda a: a["result"] == "success" and a["zulip_feature_level"] == LEVEL,
)
created = step(
    "create_user",
    iago.create_user({"email": email, "password": "correct-horse", "full_name": "Python Client"}),
    lambda a: a["result"] == "success" and isinstance(a["user_id"], int),
)
user_id = created.get("user_id", -1)
duplicate = "Email is already in use." if LEVEL >= 361 else f"Email '{email}' already in use"
step(
    "create_user, duplicate (another letter case)",
    iago.create_user({"email": email.upper(), "password": "correct-horse", "full_name": "Again"}),
    lambda a: a["result"] == "error" and a["msg"] == duplicate and a["code"] == "BAD_REQUEST",
)
step(
    "create_user by a member",
    hamlet.create_user({"email": "m@acme.example", "password": "correct-horse", "full_name": "M"}),
    lambda a: a["result"] == "error" and a["msg"] == "Must be an organization administrator",
)
step(
    "get_members",
    iago.get_members(),
    lambda a: a["result"] == "success" and user_id in [m["user_id"] for m in a["members"]],
)
if LEVEL >= 384:
    step(
        "get_members(user_ids)",
        iago.get_members({"user_ids": [user_id]}),
        lambda a: [m["user_id"] for m in a["members"]] == [user_id],
    )
step(
    "get_user_by_id",
    iago.get_user_by_id(user_id, include_custom_profile_fields=True),
    lambda a: a["result"] == "success" and a["user"]["user_id"] == user_id,
)
step(
    "get user by email (call_endpoint users/{email})",
    iago.call_endpoint(url=f"users/{email}", method="GET"),
    lambda a: a["result"] == "success" and a["user"]["user_id"] == user_id,
)
step(
    "get_user_by_id, unknown",
    iago.get_user_by_id(99999),
    lambda a: a["result"] == "error" and a["msg"] == "No such user",
)
step(
    "get_profile",
    iago.get_profile(),
    lambda a: a["result"] == "success" and a["email"] == IAGO[0] and a["is_admin"] is True,
)
if LEVEL >= 416:
    sent = step(
        "test welcome-bot message (call_endpoint)",
        iago.call_endpoint(
            url="realm/test_welcome_bot_custom_message",
            method="POST",
            request={"welcome_message_custom_text": "Hello **world**"},
        ),
        lambda a: a["result"] == "success" and isinstance(a["message_id"], int),
    )
    step(
        "get_raw_message",
        iago.get_raw_message(sent.get("message_id", -1)),
        lambda a: a["result"] == "success"
        and a["message"]["sender_email"] == "welcome-bot@zulip.com"
        and "<strong>world</strong>" in a["message"]["content"],
    )
    step(
        "get_raw_message, raw",
        iago.get_raw_message(sent.get("message_id", -1), apply_markdown=False),
        lambda a: a["message"]["content"].endswith("Hello **world**\n```"),
    )
step("deactivate_user_by_id", iago.deactivate_user_by_id(user_id), lambda a: a["result"] == "success")
step(
    "get_user_by_id, deactivated",
    iago.get_user_by_id(user_id),
    lambda a: a["result"] == "success" and a["user"]["is_active"] is False,
)
step(
    "deactivate_user_by_id, again",
    iago.deactivate_user_by_id(user_id),
    lambda a: a["result"] == "error" and a["msg"] == "User is deactivated",
)

sys.exit(1 if failures else 0)
