-- The masters of a cluster, each row written by the master it names: when it started, when it last said it was
-- alive, and where its minions reach it. Cross-master routing and "which master is down" are read from here.
CREATE TABLE cluster_masters (
    master_id   text        PRIMARY KEY,
    address     text        NOT NULL,
    started_at  timestamptz NOT NULL,
    seen_at     timestamptz NOT NULL
);
