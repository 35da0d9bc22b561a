-- A learner's course progress (issue #46): the best stars of each exercise
-- reached, kept for an account ("account:ID") or a browser not logged in
-- ("browser:KEY", its tablero_browser cookie).
CREATE TABLE learn_progress (
    learner TEXT NOT NULL,
    game TEXT NOT NULL,
    stage TEXT NOT NULL,
    exercise BIGINT NOT NULL,
    stars BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (learner, game, stage, exercise)
);
