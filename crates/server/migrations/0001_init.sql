-- tablero's schema, the same for SQLite and PostgreSQL.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    first_seat BIGINT NOT NULL,
    seat0_kind TEXT NOT NULL,
    seat0_level BIGINT,
    seat0_token TEXT,
    seat1_kind TEXT NOT NULL,
    seat1_level BIGINT,
    seat1_token TEXT,
    declared TEXT,
    draw_offer BIGINT,
    ply BIGINT NOT NULL,
    result TEXT,
    version BIGINT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);
CREATE INDEX games_seat0_token ON games (seat0_token);
CREATE INDEX games_seat1_token ON games (seat1_token);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    notation TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE layouts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    layout TEXT NOT NULL,
    created BIGINT NOT NULL
);
