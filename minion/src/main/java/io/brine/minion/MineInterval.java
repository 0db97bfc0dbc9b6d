package io.brine.minion;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The mine's periodic update, which Salt's minion adds to its own schedule ({@code salt/minion.py}): the entry
 * {@code __mine_interval}, running {@code mine.update} every {@code mine_interval} and once when it joins the
 * schedule, at most two at once, its return kept on the minion ({@code return_job: False}, Salt's
 * {@code mine_return_job} default). As in Salt, {@code schedule.list} shows it only with {@code show_all=True}.
 * Salt adds it whenever the mine is enabled; Brine only when there is something to send: {@code mine_functions} in
 * the minion config or the pillar.
 *
 * <p>Example: {@code schedule.setConfig(MineInterval.into(config.schedule(), true, Duration.ofMinutes(60)))}
 */
final class MineInterval {
    /** Salt's name for it; the leading underscores mark an entry the minion made itself. */
    static final String NAME = "__mine_interval";

    private MineInterval() {
    }

    /** The entry, in Salt's shape: whole minutes as Salt writes them, seconds otherwise (tests). */
    static Map<String, Object> entry(Duration interval) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("function", "mine.update");
        if (interval.toSeconds() % 60 == 0) {
            entry.put("minutes", interval.toMinutes());
        } else {
            entry.put("seconds", interval.toSeconds());
        }
        entry.put("jid_include", true);
        entry.put("maxrunning", 2);
        entry.put("run_on_start", true);
        entry.put("return_job", false);
        return entry;
    }

    /**
     * {@code schedule} (a minion config's) with the mine's entry in it when {@code wanted}, in place of any entry of
     * that name there, as Salt's minion replaces it at start; without it otherwise.
     */
    static Map<String, Object> into(Map<String, Object> schedule, boolean wanted, Duration interval) {
        Map<String, Object> out = new LinkedHashMap<>(schedule);
        out.remove(NAME);
        if (wanted) {
            out.put(NAME, entry(interval));
        }
        return out;
    }
}
