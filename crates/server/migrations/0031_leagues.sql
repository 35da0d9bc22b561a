-- Correspondence leagues (issue #45; docs/rulings.md, "Leagues"): a
-- fifth kind of tournament, `league`, played in editions. Each edition is
-- a tournament row; `league` names the series (its first edition's id),
-- `edition` counts from 1, and no series has two rows of one edition.
-- The next edition is written in the transaction that finishes the one
-- before (compare and set of its state: one process makes it).
-- `announced`: the players were told of their groups (once, by compare
-- and set, after the groups' games were made).
-- An entry's `division` is the division it plays in next (promotion and
-- relegation; none for a new entrant: the lowest), `grp` the group it
-- was put in when the edition started (1 is the top group).
ALTER TABLE tournaments ADD COLUMN league TEXT;
ALTER TABLE tournaments ADD COLUMN edition BIGINT NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN announced BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournament_entries ADD COLUMN division BIGINT;
ALTER TABLE tournament_entries ADD COLUMN grp BIGINT;
CREATE UNIQUE INDEX tournaments_edition ON tournaments (league, edition);
