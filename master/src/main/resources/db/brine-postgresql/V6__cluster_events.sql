-- Events minions posted to one master, for every other master's subscribers (announced on brine_events with the
-- posting master's id). Kept ten minutes: long enough for a master that missed notices to read them again.
CREATE TABLE cluster_events (
    id            bigserial   PRIMARY KEY,
    origin_master text        NOT NULL,
    message       bytea       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cluster_events_by_time ON cluster_events (created_at);
