-- Ratings (see src/ratings.rs). `games.rated` is the rating pool of a
-- rated game (`imago`, `dimensiones`, `draughts-russian`...), fixed at the
-- game's first move; NULL for a casual game or one not yet started.
-- `ratings` holds each account's current Glicko-2 rating per pool, with the
-- number of rated games that made it (the compare-and-set key of an
-- update). `rating_changes` is one row per seat of every rated game once it
-- is rated: the seat's account (NULL for a computer level, whose rating is
-- fixed), its score, its rating before and after; replaying these rows in
-- each account's order (`n`) from a new player's rating gives every stored
-- rating again. `accounts.private`: the profile is shown to its owner only.
ALTER TABLE games ADD COLUMN rated TEXT;
CREATE TABLE ratings (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (account, pool)
);
CREATE INDEX ratings_pool ON ratings (pool, rating);
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    account TEXT,
    level BIGINT,
    pool TEXT NOT NULL,
    n BIGINT NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    before_rating DOUBLE PRECISION NOT NULL,
    before_deviation DOUBLE PRECISION NOT NULL,
    before_volatility DOUBLE PRECISION NOT NULL,
    after_rating DOUBLE PRECISION NOT NULL,
    after_deviation DOUBLE PRECISION NOT NULL,
    after_volatility DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_account ON rating_changes (account, pool, n);
ALTER TABLE accounts ADD COLUMN private BIGINT NOT NULL DEFAULT 0;
-- A rated seek: the poster's account (a rated seek needs one, and the
-- taker's; both seats go to the accounts when it is taken, so the game is
-- rated from its first move).
ALTER TABLE seeks ADD COLUMN account TEXT;
ALTER TABLE seeks ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
