-- Relations between accounts (issue #44), as lila's `relation` module
-- keeps them: a follow (follower -> followed) and a block (blocker ->
-- blocked). Each is one row per ordered pair; a block is kept whatever the
-- follows are, and a block between two accounts (either way) stops chat,
-- challenges and seeks matched between them.
CREATE TABLE follows (
    follower TEXT NOT NULL,
    followed TEXT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (follower, followed)
);
CREATE INDEX follows_followed ON follows (followed);
CREATE TABLE blocks (
    blocker TEXT NOT NULL,
    blocked TEXT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);
