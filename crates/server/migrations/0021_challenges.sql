-- Challenges (issue #44): one account asks a named account for a game,
-- which accepts (the game is made, both seats bound to the two accounts),
-- declines with a reason, or lets it expire; the challenger may cancel.
-- `state` is open, accepted, declined or cancelled; an open challenge past
-- `expires` has expired. Accounts are named by id (accounts.id), and by
-- their names as they were when the challenge was made.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger TEXT NOT NULL,
    challenger_name TEXT NOT NULL,
    challenged TEXT NOT NULL,
    challenged_name TEXT NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    clock TEXT,
    colour TEXT NOT NULL,
    rated BIGINT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    answered BIGINT,
    game_id TEXT,
    challenger_seat BIGINT,
    challenger_token TEXT,
    challenged_token TEXT
);
CREATE INDEX challenges_challenger ON challenges (challenger, created);
CREATE INDEX challenges_challenged ON challenges (challenged, created);
-- Who may challenge an account: everyone (no row), following (the
-- accounts it follows) or nobody.
CREATE TABLE challenge_settings (
    account TEXT PRIMARY KEY,
    who TEXT NOT NULL
);
-- Seeks with faces (issue #44): the poster's account (any seek posted
-- logged in, casual too), its name and its rating in the seek's pool when
-- posted, the client that posted it (the account, else the address: at
-- most a few open seeks each), and an optional rating range for takers.
ALTER TABLE seeks ADD COLUMN poster TEXT;
ALTER TABLE seeks ADD COLUMN poster_name TEXT;
ALTER TABLE seeks ADD COLUMN poster_rating BIGINT;
ALTER TABLE seeks ADD COLUMN poster_provisional BIGINT;
ALTER TABLE seeks ADD COLUMN client TEXT;
ALTER TABLE seeks ADD COLUMN min_rating BIGINT;
ALTER TABLE seeks ADD COLUMN max_rating BIGINT;
CREATE INDEX seeks_client ON seeks (client);
