-- Sessions end 90 days after the login that opened them however often they
-- are used (sessions.created, kept since 0007, is now read for it), and a
-- deleted account's name is held for 30 days before anyone may sign up
-- with it (held_names; issue #47 item 8). A name held is by its lower-cased
-- key, as accounts.name_key.
CREATE TABLE held_names (
    name_key TEXT PRIMARY KEY,
    until BIGINT NOT NULL
);
