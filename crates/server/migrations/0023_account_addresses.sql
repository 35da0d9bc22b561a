-- An account's notices address (issue #42, problem 4): the address a
-- logged-in player left follows the account to every device and every seat
-- it holds, whichever route gave it the seat (a seek accepted, a challenge,
-- a link claimed), with no browser needed to pass the seat's token on.
CREATE TABLE notify_accounts (
    account TEXT PRIMARY KEY,
    address TEXT NOT NULL
);
CREATE INDEX notify_accounts_address ON notify_accounts (address);
