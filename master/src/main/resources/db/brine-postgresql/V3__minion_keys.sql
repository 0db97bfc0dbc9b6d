-- Minion public keys by status, shared by every master of the cluster (Salt's minions/, minions_pre/,
-- minions_rejected/, minions_denied/ of one pki_dir). Every change is announced on the channel brine_keys with the
-- minion's id, in the same transaction, so that each master checks that minion's session again.
CREATE TABLE minion_keys (
    minion_id   text        NOT NULL,
    status      text        NOT NULL CHECK (status IN ('accepted', 'pending', 'rejected', 'denied')),
    public_key  bytea       NOT NULL,
    filed_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (minion_id, status)
);
CREATE INDEX minion_keys_by_status ON minion_keys (status, minion_id);
