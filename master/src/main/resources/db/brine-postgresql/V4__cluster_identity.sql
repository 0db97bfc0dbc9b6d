-- The cluster's one master key, by its fingerprint: the first master to start records its own, and every other
-- must hold the same key, since minions pin one (master_finger, or the key they first trusted).
CREATE TABLE cluster_identity (
    singleton           boolean     PRIMARY KEY DEFAULT true CHECK (singleton),
    master_fingerprint  text        NOT NULL,
    recorded_at         timestamptz NOT NULL DEFAULT now()
);
