-- The audit trail of every master of the cluster (and of the operators' commands on their hosts): one row a line,
-- the same JSON object a master on its own appends to its audit.jsonl.
CREATE TABLE audit_log (
    id          bigserial   PRIMARY KEY,
    host        text        NOT NULL,
    written_at  timestamptz NOT NULL DEFAULT now(),
    entry       json        NOT NULL
);
CREATE INDEX audit_log_by_time ON audit_log (written_at);
