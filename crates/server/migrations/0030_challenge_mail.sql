-- Mail for correspondence challenges (issue #44): a new challenge at days
-- per move, heard by the mail concern on the events bus, waits here until
-- it is mailed to the challenged account's confirmed address (claimed by
-- setting `sent`: one process sends it). Rows go after 30 days.
CREATE TABLE notify_challenges (
    challenge TEXT NOT NULL,
    account TEXT NOT NULL,
    sender TEXT NOT NULL,
    game TEXT NOT NULL,
    clock TEXT NOT NULL,
    made BIGINT NOT NULL,
    sent BIGINT,
    PRIMARY KEY (challenge, account)
);
CREATE INDEX notify_challenges_unsent ON notify_challenges (sent);
