-- Email notices of correspondence games (see src/mail.rs): the addresses
-- (their unsubscribe key, language, last message), which seat tokens lead
-- to which address, and which turns (a game at a ply) an address has been
-- told of.
CREATE TABLE notify_addresses (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    lang TEXT NOT NULL,
    last_sent BIGINT,
    created BIGINT NOT NULL
);
CREATE UNIQUE INDEX notify_addresses_email ON notify_addresses (email);
CREATE TABLE notify_tokens (
    token TEXT PRIMARY KEY,
    address TEXT NOT NULL
);
CREATE INDEX notify_tokens_address ON notify_tokens (address);
CREATE TABLE notify_sent (
    address TEXT NOT NULL,
    game_id TEXT NOT NULL,
    ply BIGINT NOT NULL,
    PRIMARY KEY (address, game_id, ply)
);
