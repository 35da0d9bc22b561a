-- The lobby's seeks: a player waiting for an opponent. `secret` is the
-- owner's (cancelling, hearing that the seek was taken); `colour` is the
-- side the owner asked for (first, second, random); `alive` is the last
-- heartbeat of the owner's socket (ms since 1970): a seek unheard of for
-- 60 s is not listed. Taking a seek sets `game_id` where it is still null
-- (compare and set: two takers get one game), then the game is created
-- with that id and the owner's seat token is stored for the owner.
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    secret TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    clock TEXT,
    colour TEXT NOT NULL,
    created BIGINT NOT NULL,
    alive BIGINT NOT NULL,
    game_id TEXT,
    owner_seat BIGINT,
    owner_token TEXT,
    taken BIGINT
);
CREATE INDEX seeks_open ON seeks (game_id, created);
