-- Tournaments (issue #45): arenas, Swiss and round-robins, made by any
-- account (public, or private behind a link) or by the site's schedule.
-- `state` is upcoming, running or finished; `round` is the round counter
-- a round is paired by (compare and set: one process pairs it); an
-- arena's pairing batches are numbered by it too. `rounds` is a Swiss's
-- number of rounds (a round-robin's once its players are known), `cycles`
-- a round-robin's (2: each pair meets from both seats), `duration_ms` an
-- arena's length. Accounts are named by id, and by their names as they
-- were when they joined.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    clock TEXT,
    rated BIGINT NOT NULL,
    private BIGINT NOT NULL,
    link TEXT,
    starts_at BIGINT NOT NULL,
    duration_ms BIGINT,
    rounds BIGINT NOT NULL,
    cycles BIGINT NOT NULL,
    max_players BIGINT NOT NULL,
    allow_bots BIGINT NOT NULL,
    creator TEXT NOT NULL,
    creator_name TEXT NOT NULL,
    state TEXT NOT NULL,
    round BIGINT NOT NULL,
    round_started BIGINT,
    created BIGINT NOT NULL,
    finished BIGINT,
    schedule_key TEXT UNIQUE
);
CREATE INDEX tournaments_state ON tournaments (state, starts_at);
-- Who takes part: `state` in, paused (an arena pairs them no more until
-- they come back; a Swiss leaves them out of the next round) or withdrawn;
-- `rating` as it was when they joined; `number` the pairing number, given
-- by rating when the tournament starts (late entrants after).
CREATE TABLE tournament_entries (
    tournament TEXT NOT NULL,
    account TEXT NOT NULL,
    name TEXT NOT NULL,
    rating BIGINT NOT NULL,
    number BIGINT,
    state TEXT NOT NULL,
    joined BIGINT NOT NULL,
    PRIMARY KEY (tournament, account)
);
-- The pairings: round and board; `first` holds seat 0 (moves first),
-- `second` seat 1, none for a bye. `game` is chosen when the round is
-- paired, in the transaction that moves the round counter, and the game
-- is made with that id (`made`): a process that stops between the two
-- leaves a pairing whose game the next tick makes, never a second one.
-- `result` once the game ended: 1-0, 0-1, 1/2, +- or -+ (a forfeit), --
-- (neither played: an abort), bye; the points each side scored (half
-- points; an arena's own points there).
CREATE TABLE tournament_pairings (
    tournament TEXT NOT NULL,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    first TEXT NOT NULL,
    second TEXT,
    game TEXT UNIQUE,
    made BIGINT NOT NULL,
    first_token TEXT,
    second_token TEXT,
    result TEXT,
    first_points BIGINT,
    second_points BIGINT,
    paired BIGINT NOT NULL,
    ended BIGINT,
    PRIMARY KEY (tournament, round, board)
);
