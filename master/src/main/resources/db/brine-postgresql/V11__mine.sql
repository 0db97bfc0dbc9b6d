-- The mine (MineTable): each minion's last value of each of its mine functions, replaced by each update, read by
-- mine.get through mine_acl, dropped with the minion's key. Any master writes the entries of the minions connected
-- to it; every master reads all of them.
CREATE TABLE mine (
    minion      text COLLATE "C" NOT NULL,
    fun         text   NOT NULL,
    value       json   NOT NULL,
    updated_ms  bigint NOT NULL,
    PRIMARY KEY (minion, fun)
);
CREATE INDEX mine_by_function ON mine (fun);
