-- Game reviews (see src/reviews.rs): the review of a finished game as JSON
-- (`tablero_ai::review::GameReview`), with the plies and result it was made
-- for, so that a cached review is used only for the game as it stands.
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY,
    plies BIGINT NOT NULL,
    result TEXT NOT NULL,
    review TEXT NOT NULL,
    created BIGINT NOT NULL
);
