-- Web Push (issue #49): the server's VAPID key pair (one row, made at the
-- first start), each account's push subscriptions (a browser's endpoint
-- and its keys, with the language its notices are written in), which
-- kinds of notice an account wants pushed, and the notices claimed for
-- sending (one process sends each, whichever claims it first).
CREATE TABLE push_vapid (
    id BIGINT PRIMARY KEY,
    private_key TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE push_subscriptions (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
CREATE TABLE push_kinds (
    account_id TEXT PRIMARY KEY,
    turn BIGINT NOT NULL,
    challenge BIGINT NOT NULL,
    tournament BIGINT NOT NULL
);
CREATE TABLE push_claims (
    notice TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);
