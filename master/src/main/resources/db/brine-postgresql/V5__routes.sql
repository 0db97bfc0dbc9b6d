-- Which master holds each minion's session, so that a job published on one master reaches minions connected to
-- another. Rows are written by the master they name; a master not seen alive lately (cluster_masters) is ignored.
CREATE TABLE minion_sessions (
    minion_id   text        PRIMARY KEY,
    master_id   text        NOT NULL,
    since       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX minion_sessions_by_master ON minion_sessions (master_id);

-- Jobs (and kills) for minions whose session another master holds: taken by that master, announced on
-- brine_route_jobs with its id. The message is Brine's wire encoding (MessageCodec).
CREATE TABLE routed_jobs (
    id          bigserial   PRIMARY KEY,
    to_master   text        NOT NULL,
    from_master text        NOT NULL,
    minions     text[]      NOT NULL,
    message     bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX routed_jobs_to ON routed_jobs (to_master, id);

-- Minions' acknowledgements and returns of those jobs, back to the master that published them (announced on
-- brine_route_replies); a return's row stays until that master has stored it, so none is lost between the two.
CREATE TABLE routed_replies (
    id          bigserial   PRIMARY KEY,
    to_master   text        NOT NULL,
    minion_id   text        NOT NULL,
    message     bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX routed_replies_to ON routed_replies (to_master, id);
