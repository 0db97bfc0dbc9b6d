package io.brine.orchestrate;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.jobs.Batch;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.master.AccessDeniedException;
import io.brine.master.internal.Orchestrator;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code salt.state} and {@code salt.function} share: their targeting arguments, the job they publish, and how
 * its minions' outcomes read as Salt reads them (a minion failed when its job failed or it did not return, unless
 * {@code fail_minions} names it).
 */
final class StepJobs {
    private StepJobs() {
    }

    /** The targeting and job arguments both steps take, as Salt names them. */
    static List<Param> params() {
        return List.of(Param.required("tgt", Param.Type.STRING, "the minions to run on"),
                Param.optional("tgt_type", Param.Type.STRING, "glob", "how tgt is read, as Salt's tgt_type"),
                Param.optional("batch", Param.Type.STRING, null, "run on this many (or %) minions at a time"),
                Param.optional("timeout", Param.Type.INTEGER, null, "seconds to wait for the minions"),
                Param.optional("fail_minions", Param.Type.ANY, null, "minions whose failure does not fail the step"),
                Param.optional("expect_minions", Param.Type.BOOLEAN, true, "a minion that does not return fails"),
                Param.optional("saltenv", Param.Type.STRING, "base", "Salt's environment: only base exists here"));
    }

    /** The job these arguments describe. */
    static JobSpec spec(Arguments args, String function, List<Object> positional, Map<String, Object> kwargs) {
        if (!"base".equals(args.string("saltenv"))) {
            throw new IllegalArgumentException("saltenv " + args.string("saltenv") + ": Brine's file roots are one "
                    + "environment, base");
        }
        Duration timeout = args.optInteger("timeout").map(Duration::ofSeconds).orElse(null);
        Batch batch = args.optString("batch").map(Batch::parse).orElse(null);
        return new JobSpec(args.string("tgt"), TargetType.parse(args.string("tgt_type")), function, positional,
                kwargs, timeout, null, batch);
    }

    /** Runs {@code spec}; the reason it could not be published, in {@link Ran#refused}, when it was not. */
    static Ran run(Orchestrator.Host host, JobSpec spec) throws InterruptedException {
        try {
            return new Ran(host.run(spec), null);
        } catch (AccessDeniedException | IllegalArgumentException | IllegalStateException e) {
            return new Ran(null, e.getMessage());
        }
    }

    /** A step's job, or why it was not published. */
    record Ran(Job job, String refused) {
    }

    /** Each expected minion's outcome: its return, or what became of it; failures by Salt's reading. */
    record Outcomes(Map<String, Object> returns, Set<String> failed, Set<String> succeeded) {
        static Outcomes of(Job job, Arguments args) {
            Set<String> excused = failMinions(args.get("fail_minions"));
            boolean expect = args.bool("expect_minions");
            Map<String, Object> returns = new LinkedHashMap<>();
            Set<String> failed = new LinkedHashSet<>();
            Set<String> succeeded = new LinkedHashSet<>();
            for (String id : job.expected()) {
                MinionResult r = job.returns().get(id);
                if (r == null) {
                    returns.put(id, "Minion did not return. [" + job.missing().get(id).label() + "]");
                    if (expect && !excused.contains(id)) {
                        failed.add(id);
                    }
                    continue;
                }
                returns.put(id, r.ret());
                (r.success() || excused.contains(id) ? succeeded : failed).add(id);
            }
            return new Outcomes(returns, failed, succeeded);
        }
    }

    private static Set<String> failMinions(Object value) {
        Set<String> out = new LinkedHashSet<>();
        if (value instanceof List<?> list) {
            list.forEach(v -> out.add(String.valueOf(v)));
        } else if (value != null) {
            for (String id : String.valueOf(value).split(",")) {
                if (!id.isBlank()) {
                    out.add(id.strip());
                }
            }
        }
        return out;
    }

    /** {@code sls} as Salt's state.sls takes it: a name, a comma list, or a list. */
    static String slsList(Object sls) {
        if (sls instanceof List<?> list) {
            List<String> names = new ArrayList<>();
            list.forEach(n -> names.add(String.valueOf(n)));
            return String.join(",", names);
        }
        return String.valueOf(sls);
    }
}
