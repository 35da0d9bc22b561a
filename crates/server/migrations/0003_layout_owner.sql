-- Saved layouts belong to whoever saved them: the owner token the browser
-- was given with its first layout (layouts saved before have none: they
-- are listed to nobody and still open by their link).
ALTER TABLE layouts ADD COLUMN owner TEXT;
CREATE INDEX layouts_owner ON layouts (owner, created);
