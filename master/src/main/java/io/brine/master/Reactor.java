package io.brine.master;

import io.brine.jobs.Event;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;

/**
 * Runs the configured reactions to events. Loops are bounded twice: the jobs a reaction starts are
 * recorded as asked by {@code reactor}, and events about those jobs never trigger a reaction; and each rule
 * fires at most {@link #MAX_PER_MINUTE} times a minute, whatever the events. Within that, each source (the minion
 * an event is about, or the master) may fire a rule at most {@link #MAX_PER_SOURCE_PER_MINUTE} times a minute, so
 * one noisy or hostile minion cannot use up a rule's budget and leave the genuine events of others unanswered.
 */
final class Reactor {
    static final String CALLER = "reactor";
    static final int MAX_PER_MINUTE = 120;
    static final int MAX_PER_SOURCE_PER_MINUTE = 10;
    /** Beyond this many (rule, source) windows, those of past minutes are dropped: a bound on ids a fleet sends. */
    private static final int MAX_SOURCE_WINDOWS = 50_000;
    private static final Logger LOG = System.getLogger(Reactor.class.getName());
    private static final Pattern MINION_TAG = Pattern.compile("brine/(?:minion|auth|key)/([^/]+)/.*");

    private record Window(long minute, int count) {
    }

    private record RuleSource(int rule, String source) {
    }

    private final List<ReactorRule> rules;
    private final List<TagPattern> patterns;
    private final MasterClient client;
    private final Executor workers;
    private final Map<Integer, Window> fired = new ConcurrentHashMap<>();
    private final Map<RuleSource, Window> firedBySource = new ConcurrentHashMap<>();

    /** {@code client} acts as the reactor ({@link #CALLER}): the front door every other way of asking uses too. */
    Reactor(List<ReactorRule> rules, MasterClient client, Executor workers) {
        this.rules = List.copyOf(rules);
        this.patterns = this.rules.stream().map(r -> TagPattern.compile(r.tag())).toList();
        this.client = client;
        this.workers = workers;
    }

    void listenTo(EventBus events) {
        if (!rules.isEmpty()) {
            events.subscribeOwn("**", this::onEvent); // once in a cluster: on the master the event began on
        }
    }

    private void onEvent(Event event) {
        if (CALLER.equals(event.data().get("user")) || CALLER.equals(event.data().get("caller"))) {
            return;
        }
        for (int i = 0; i < rules.size(); i++) {
            if (patterns.get(i).matches(event.tag()) && allowedForSource(i, source(event.tag())) && allowed(i)) {
                ReactorRule rule = rules.get(i);
                workers.execute(() -> react(rule, event));
            }
        }
    }

    /** The minion an event is about, or "master" for the master's own events. */
    private static String source(String tag) {
        var m = MINION_TAG.matcher(tag);
        return m.matches() ? m.group(1) : "master";
    }

    private boolean allowedForSource(int rule, String source) {
        long minute = System.currentTimeMillis() / 60_000;
        if (firedBySource.size() > MAX_SOURCE_WINDOWS) {
            firedBySource.values().removeIf(w -> w.minute() != minute);
        }
        Window w = count(firedBySource, new RuleSource(rule, source), minute);
        if (w.count() > MAX_PER_SOURCE_PER_MINUTE) {
            if (w.count() == MAX_PER_SOURCE_PER_MINUTE + 1) {
                LOG.log(Level.WARNING, "reactor rule for '" + rules.get(rule).tag() + "' fired "
                        + MAX_PER_SOURCE_PER_MINUTE + " times this minute for " + source
                        + "; ignoring its events for that rule until the next minute");
            }
            return false;
        }
        return true;
    }

    private static <K> Window count(Map<K, Window> windows, K key, long minute) {
        return windows.merge(key, new Window(minute, 1),
                (old, one) -> old.minute() == minute ? new Window(minute, old.count() + 1) : one);
    }

    private boolean allowed(int rule) {
        long minute = System.currentTimeMillis() / 60_000;
        Window w = count(fired, rule, minute);
        if (w.count() > MAX_PER_MINUTE) {
            if (w.count() == MAX_PER_MINUTE + 1) {
                LOG.log(Level.WARNING, "reactor rule for '" + rules.get(rule).tag() + "' fired " + MAX_PER_MINUTE
                        + " times this minute; ignoring its events until the next minute");
            }
            return false;
        }
        return true;
    }

    private void react(ReactorRule rule, Event event) {
        String minion = null;
        if (rule.targetsEventMinion()) {
            var m = MINION_TAG.matcher(event.tag());
            if (!m.matches()) {
                LOG.log(Level.WARNING, "reactor rule for '" + rule.tag() + "' targets the event's minion, but event "
                        + event.tag() + " is not about a minion");
                return;
            }
            minion = m.group(1);
        }
        try {
            client.cast(rule.jobFor(minion));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "reactor rule for '" + rule.tag() + "' could not run " + rule.job().function()
                    + ": " + e.getMessage());
        }
    }
}
