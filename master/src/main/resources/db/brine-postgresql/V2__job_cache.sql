-- The job cache of the cluster's masters (JobCache over ClusterCacheTables): the tables CacheSchema keeps in each
-- master's SQLite file, with the same meaning, shared. A job's row is written by the master that published it; any
-- master writes the acknowledgements, returns and deliveries of any job, each an upsert (PostgresCacheDialect).
-- Times are milliseconds since the epoch. The expected ids are jsonb, searched and counted by the server; other JSON
-- is json, kept as written (its key order, and escaped NULs that jsonb refuses). Ids and jids compare bytewise
-- (COLLATE "C"), as SQLite and the master's own sorting do.

CREATE TABLE jobs (
    jid            text COLLATE "C" PRIMARY KEY,
    function       text   NOT NULL,
    args           json   NOT NULL,
    kwargs         json   NOT NULL,
    target         text   NOT NULL,
    tgt_type       text   NOT NULL,
    caller         text   NOT NULL,
    start_ms       bigint NOT NULL,
    timeout_ms     bigint NOT NULL,
    expected       jsonb  NOT NULL,                 -- the minion ids the job was sent to
    unreachable    json   NOT NULL DEFAULT '[]',    -- the expected ids that had no session at publication
    unknown        json   NOT NULL DEFAULT '[]',    -- ids a list target named that no key matched
    queue_until_ms bigint NOT NULL DEFAULT 0,       -- 0: not queued
    disconnected   json   NOT NULL DEFAULT '[]',
    killed         json   NOT NULL DEFAULT '[]'     -- the ids away whose queued deliveries a kill cancelled
);
CREATE INDEX jobs_by_start ON jobs (start_ms);
CREATE INDEX jobs_by_function ON jobs (function, jid);
CREATE INDEX jobs_by_caller ON jobs (caller, jid);

-- The minion had the job.
CREATE TABLE acks (
    jid    text COLLATE "C" NOT NULL,
    minion text COLLATE "C" NOT NULL,
    PRIMARY KEY (jid, minion)
);

-- Deliveries waiting for minions that were away when their job was published (--queue).
CREATE TABLE queued (
    jid      text COLLATE "C" NOT NULL,
    minion   text COLLATE "C" NOT NULL,
    until_ms bigint NOT NULL,
    PRIMARY KEY (jid, minion)
);

-- A minion's first return for a job; a later copy, from whichever master, never replaces it.
CREATE TABLE returns (
    jid      text COLLATE "C" NOT NULL,
    minion   text COLLATE "C" NOT NULL,
    success  boolean NOT NULL,
    retcode  integer NOT NULL,
    ret      json,
    start_ms bigint,
    end_ms   bigint,
    PRIMARY KEY (jid, minion)
);
