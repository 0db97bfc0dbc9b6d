-- Jobs minions ran by themselves (their schedule), filed by a master under a jid of its own (MinionJobs): a minion's
-- jid is unique only on that minion. A copy of the same return sent again finds its row here and is filed once.
CREATE TABLE minion_jobs (
    minion      text COLLATE "C" NOT NULL,
    minion_jid  text COLLATE "C" NOT NULL,
    jid         text COLLATE "C" NOT NULL,
    PRIMARY KEY (minion, minion_jid)
);
CREATE INDEX minion_jobs_by_jid ON minion_jobs (jid);
