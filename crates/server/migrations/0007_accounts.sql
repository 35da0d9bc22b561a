-- Player accounts (optional; see src/accounts.rs): a name with its
-- lower-cased key (unique while the account lives; NULL once deleted, the
-- row kept so its seats show a deleted player), the argon2id hash as a PHC
-- string, the sessions (a random secret each, sent as the tablero_session
-- cookie, stored as its SHA-256 in hex), and which seat tokens belong to
-- which account.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT UNIQUE,
    hash TEXT NOT NULL,
    created BIGINT NOT NULL,
    deleted BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE TABLE account_seats (
    token TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL
);
CREATE INDEX account_seats_account ON account_seats (account, game_id);
