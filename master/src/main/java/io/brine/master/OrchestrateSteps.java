package io.brine.master;

import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionStatus;
import io.brine.master.internal.Orchestrator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * The master's side of one orchestration, as the identity that started it: each step's job is published through that
 * caller's client (so its {@code publisher_acl} applies and the audit log names it), and each runner needs the right
 * its CLI command needs.
 */
final class OrchestrateSteps implements Orchestrator.Host {
    private final MasterClient client;
    private final MasterKeys keys;
    private final EventBus events;
    private final MineService mine;
    private final java.util.function.Predicate<String> visible;

    /** {@code visible}: the minions whose mine entries the caller may read (those its grants cover). */
    OrchestrateSteps(MasterClient client, MasterKeys keys, EventBus events, MineService mine,
            java.util.function.Predicate<String> visible) {
        this.visible = visible;
        this.client = client;
        this.keys = keys;
        this.events = events;
        this.mine = mine;
    }

    @Override
    public Job run(JobSpec spec) throws InterruptedException {
        try {
            return client.start(spec, null).job().result().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("job failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    @Override
    public AutoCloseable subscribe(String tagGlob, Consumer<Event> consumer) {
        // only the ids of the events that arrive reach the run (salt.wait_for_event), never their data
        return events.subscribe(tagGlob, consumer);
    }

    @Override
    public Object runner(String function, List<Object> args, Map<String, Object> kwargs) throws InterruptedException {
        return switch (function) {
            case "manage.status" -> status(null);
            case "manage.up" -> status(true).get("up");
            case "manage.down" -> status(false).get("down");
            case "key.accept" -> accept(args, kwargs);
            case "jobs.lookup_jid" -> client.job(argument(args, kwargs, "jid")).map(Job::returns)
                    .orElseThrow(() -> new IllegalArgumentException("no job with jid " + argument(args, kwargs,
                            "jid")));
            default -> throw new IllegalArgumentException("salt.runner " + function + " is not one of the master's "
                    + "runners here: manage.status, manage.up, manage.down, key.accept, jobs.lookup_jid");
        };
    }

    @Override
    public Map<String, Object> mine(String target, String targetType, String fun) {
        return mine.read(target, targetType, fun, visible);
    }

    /** Salt's {@code manage.status}: {@code {up: [...], down: [...]}} (only the one asked for when not null). */
    private Map<String, Object> status(Boolean only) {
        List<MinionStatus> all = keys.as(client.principal()).status();
        Map<String, Object> out = new LinkedHashMap<>();
        if (only == null || only) {
            out.put("up", all.stream().filter(MinionStatus::up).map(MinionStatus::id).toList());
        }
        if (only == null || !only) {
            out.put("down", all.stream().filter(m -> !m.up()).map(MinionStatus::id).toList());
        }
        return out;
    }

    /** Salt's {@code key.accept MATCH}: the pending keys named (by id), accepted; those accepted listed. */
    private Map<String, Object> accept(List<Object> args, Map<String, Object> kwargs) {
        String match = argument(args, kwargs, "match");
        MasterKeys asCaller = keys.as(client.principal());
        List<String> accepted = java.util.Arrays.stream(match.split(",")).map(String::strip)
                .filter(id -> !id.isEmpty()).filter(asCaller::accept).toList();
        return Map.of("minions", accepted);
    }

    private static String argument(List<Object> args, Map<String, Object> kwargs, String name) {
        Object v = kwargs.containsKey(name) ? kwargs.get(name) : args.isEmpty() ? null : args.get(0);
        if (v == null) {
            throw new IllegalArgumentException("salt.runner: '" + name + "' is required");
        }
        return String.valueOf(v);
    }
}
