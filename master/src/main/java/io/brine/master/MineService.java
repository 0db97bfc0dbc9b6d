package io.brine.master;

import io.brine.protocol.MineAck;
import io.brine.protocol.MineReply;
import io.brine.protocol.MineRequest;
import io.brine.protocol.MineUpdate;
import io.brine.protocol.ValueBounds;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetType;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The master's side of Salt's mine: each minion's mine values kept in the job cache's database ({@link MineTable}),
 * replaced by its updates, read by other minions' {@code mine.get} through {@code mine_acl} ({@link MineAcl}), and
 * dropped with its key. Whose data an update is, and who reads, is always the session's authenticated id.
 */
final class MineService {
    private static final Logger LOG = System.getLogger(MineService.class.getName());
    /** Salt's mine function names are {@code module.function} or an alias: short, printable. */
    private static final int MAX_NAME = 200;

    private final JobCache cache;
    private final MineAcl acl;
    private final AccessPolicy.FactsSource facts;
    private final Map<String, String> nodegroups;
    private final Clock clock;
    /** Updates refused (a bad name, more functions than a minion may hold) and answers refused as too large. */
    final java.util.concurrent.atomic.LongAdder refusedUpdates = new java.util.concurrent.atomic.LongAdder();
    final java.util.concurrent.atomic.LongAdder refusedAnswers = new java.util.concurrent.atomic.LongAdder();
    /** What one answer may hold: it must fit a frame, with room for the envelope. */
    private final ValueBounds answer;

    MineService(JobCache cache, MineAcl acl, AccessPolicy.FactsSource facts, Map<String, String> nodegroups,
            Clock clock, int maxFrameSize) {
        this.answer = new ValueBounds("mine.get answer", Math.max(1, maxFrameSize - 4096L), 1 << 20, 32);
        this.cache = cache;
        this.acl = acl;
        this.facts = facts;
        this.nodegroups = nodegroups;
        this.clock = clock;
    }

    /** Stores {@code minion}'s update, or says why not. */
    MineAck update(String minion, MineUpdate u) {
        for (String name : names(u)) {
            if (name.isEmpty() || name.length() > MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
                refusedUpdates.increment();
                return new MineAck(u.requestId(), "mine function name '" + shown(name) + "' is empty, longer than "
                        + MAX_NAME + " characters or holds control characters");
            }
        }
        try {
            cache.mineUpdate(minion, u.set(), u.delete(), u.flush(), clock.millis());
            return new MineAck(u.requestId(), null);
        } catch (MineTable.MineFullException e) {
            refusedUpdates.increment();
            return new MineAck(u.requestId(), e.getMessage());
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "the mine update of " + minion + " was not stored: " + e.getMessage());
            return new MineAck(u.requestId(), "the master could not store the mine update: " + e.getMessage());
        }
    }

    /** {@code reader}'s {@code mine.get}: the matched minions' values it may see. */
    MineReply read(String reader, MineRequest r) {
        try {
            Map<String, Object> matched = matched(r.target(), r.targetType(), r.function());
            Map<String, Object> visible = acl.visible(reader, r.function(), matched, facts);
            java.util.Optional<String> tooLarge = answer.refusal(visible);
            tooLarge.ifPresent(why -> refusedAnswers.increment());
            return tooLarge.map(why -> new MineReply(r.requestId(), Map.of(), why + "; narrow the target"))
                    .orElseGet(() -> new MineReply(r.requestId(), visible, null));
        } catch (IllegalStateException e) {
            LOG.log(Level.WARNING, "mine.get of " + reader + " failed: " + e.getMessage());
            return new MineReply(r.requestId(), Map.of(), "the master could not read the mine: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return new MineReply(r.requestId(), Map.of(), "mine.get: target '" + shown(r.target()) + "': "
                    + e.getMessage());
        }
    }

    /**
     * {@code fun}'s values on the minions {@code target} matches, of those {@code visible} admits: what an
     * orchestration's templates read, as its caller may see them.
     *
     * @throws IllegalArgumentException for a bad target
     */
    Map<String, Object> read(String target, String targetType, String fun, java.util.function.Predicate<String> visible) {
        Map<String, Object> out = matched(target, targetType, fun);
        out.keySet().removeIf(visible.negate());
        return out;
    }

    private Map<String, Object> matched(String target, String targetType, String fun) {
        TargetExpression expression = TargetExpression.parse(target, TargetType.parse(targetType), nodegroups);
        Map<String, Object> matched = new TreeMap<>();
        cache.mineValues(fun).forEach((id, value) -> {
            if (AccessPolicy.matches(expression, id, facts)) {
                matched.put(id, value);
            }
        });
        return matched;
    }

    /** A key was deleted: its minion's mine goes with it. */
    void keyDeleted(String id) {
        cache.mineForget(id);
    }

    /** At start: drops the mines of keys deleted while no master ran. */
    void keepOnly(Collection<String> accepted) {
        cache.mineKeepOnly(accepted);
    }

    private static Iterable<String> names(MineUpdate u) {
        java.util.List<String> all = new java.util.ArrayList<>(u.set().keySet());
        all.addAll(u.delete());
        return all;
    }

    private static String shown(String text) {
        // goes back to the minion that sent it, but on one line and short
        String line = text.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return line.length() > 64 ? line.substring(0, 64) + "... (" + text.length() + " chars)" : line;
    }
}
