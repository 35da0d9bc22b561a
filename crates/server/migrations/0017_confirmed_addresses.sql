-- An address gets notices only once it is confirmed by a link sent to it
-- (issue #47 item 7, #42): confirm_key is the link's secret, confirmed when
-- it was opened (NULL: not yet), confirm_asked when the address was last
-- left (a confirmation mail is due), confirm_sent when the last
-- confirmation mail went out. The addresses left before this rule were
-- never confirmed: each is sent a confirmation mail and nothing else until
-- its link is opened.
ALTER TABLE notify_addresses ADD COLUMN confirm_key TEXT;
ALTER TABLE notify_addresses ADD COLUMN confirmed BIGINT;
ALTER TABLE notify_addresses ADD COLUMN confirm_asked BIGINT;
ALTER TABLE notify_addresses ADD COLUMN confirm_sent BIGINT;
UPDATE notify_addresses SET confirm_key = lower(hex(randomblob(24))), confirm_asked = created;
CREATE UNIQUE INDEX notify_addresses_confirm_key ON notify_addresses (confirm_key);
