-- Bot accounts (issue #45): an account made by a person (its owner) for an
-- engine, marked BOT for as long as it lives. It has no password (its
-- account row's hash is empty: no login opens it); it acts through the
-- bot API with a token, of which only the SHA-256 (hex) is kept. A revoked
-- token leaves `token_hash` NULL until a new one is made.
CREATE TABLE bots (
    account TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    token_hash TEXT UNIQUE,
    created BIGINT NOT NULL
);
CREATE INDEX bots_owner ON bots (owner, created);
