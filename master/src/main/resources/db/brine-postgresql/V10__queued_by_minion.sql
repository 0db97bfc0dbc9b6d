-- A master looks up the deliveries waiting for a minion as it connects (whichever master queued them).
CREATE INDEX queued_by_minion ON queued (minion);
