-- Chat in each game (issue #44): two rooms per game, the players' and the
-- spectators'; a line is kept with its game. Accounts are named by their
-- ids (accounts.id); a line also keeps its speaker's name as it was.
CREATE TABLE chat_lines (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    room TEXT NOT NULL,
    seat INTEGER,
    account TEXT,
    name TEXT,
    body TEXT NOT NULL,
    at BIGINT NOT NULL,
    hidden_by TEXT
);
CREATE INDEX chat_lines_game ON chat_lines (game, at);
CREATE INDEX chat_lines_account ON chat_lines (account, at);
-- Who muted whom: the muted account's lines are hidden from the muter.
CREATE TABLE chat_mutes (
    muter TEXT NOT NULL,
    muted TEXT NOT NULL,
    muted_name TEXT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (muter, muted)
);
-- Reports of a line or a player, for the moderators.
CREATE TABLE chat_reports (
    id TEXT PRIMARY KEY,
    reporter TEXT NOT NULL,
    reporter_name TEXT NOT NULL,
    account TEXT,
    name TEXT,
    line TEXT,
    game TEXT,
    body TEXT,
    reason TEXT NOT NULL,
    note TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX chat_reports_at ON chat_reports (at);
-- The moderators, given the role by `tablero moderator grant`.
CREATE TABLE moderators (
    account TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    granted BIGINT NOT NULL
);
-- Accounts a moderator marked: their lines are hidden from everyone else.
CREATE TABLE chat_marks (
    account TEXT PRIMARY KEY,
    marked_by TEXT NOT NULL,
    at BIGINT NOT NULL
);
