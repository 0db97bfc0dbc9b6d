-- The grains each minion last reported, to whichever master of the cluster it is connected: every master targets
-- by them (-G, compound G@). Announced on brine_grains with the minion's id when they change.
CREATE TABLE minion_grains (
    minion_id    text        PRIMARY KEY,
    grains       json        NOT NULL,
    reported_at  timestamptz NOT NULL DEFAULT now()
);
