-- Who is online (issue #44): each server process keeps, in memory, the
-- accounts with a page open on it (a socket carrying their session cookie)
-- and the spectators of each game, and writes them here when they change;
-- it refreshes its own row of `online_processes` every few seconds. A row
-- counts while its process's `seen` is fresh, so a process that stops
-- without cleaning up drops out after the time-to-live (see
-- crates/server/src/online/mod.rs).
CREATE TABLE online_processes (
    process TEXT PRIMARY KEY,
    seen BIGINT NOT NULL
);
CREATE TABLE online_accounts (
    process TEXT NOT NULL,
    account TEXT NOT NULL,
    PRIMARY KEY (process, account)
);
CREATE INDEX online_accounts_account ON online_accounts (account);
CREATE TABLE online_spectators (
    process TEXT NOT NULL,
    game_id TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (process, game_id)
);
