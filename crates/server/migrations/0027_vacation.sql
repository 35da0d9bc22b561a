-- Vacation and the time bank (issue #49; docs/rulings.md, "Vacation and
-- the time bank"). A game may forbid vacation (chosen when it is created,
-- by its challenge or tournament), and the clock of a game whose seat to
-- move is on vacation is stopped: `paused`, with the time that seat has
-- left kept in its `time0`/`time1` and no deadline. A challenge keeps its
-- choice for the game it creates. Each account's vacation: the calendar
-- year (UTC) its days were counted in, the whole days used that year, and
-- its current or announced time away, from and until (ms since 1970);
-- `started`: the start has been applied to its games (their clocks
-- stopped), by whichever process saw it first.
ALTER TABLE games ADD COLUMN no_vacation BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN paused BIGINT NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN no_vacation BIGINT NOT NULL DEFAULT 0;
CREATE TABLE vacations (
    account TEXT PRIMARY KEY,
    year BIGINT NOT NULL,
    used BIGINT NOT NULL DEFAULT 0,
    away_from BIGINT,
    away_until BIGINT,
    started BIGINT NOT NULL DEFAULT 0,
    auto BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX vacations_until ON vacations (away_until);
