package io.brine.master.internal;

import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Salt's orchestrate runner, as the master finds it beside itself ({@link java.util.ServiceLoader}): it renders an
 * SLS from the master's {@code file_roots} on the master and runs it with the state engine, whose states publish jobs
 * to minions ({@code salt.state}, {@code salt.function}), wait for events and call the master's own operations. The
 * master stays free of the engine and its template library; an embedding application that wants orchestrate puts the
 * {@code brine-orchestrate} jar beside it.
 */
public interface Orchestrator {
    /**
     * Renders and runs {@code run.sls()}; every job a step publishes goes through {@link Host}, as the caller's.
     *
     * @throws InterruptedException if the run is stopped (the master closing)
     */
    Outcome run(Run run) throws InterruptedException;

    /**
     * One orchestration.
     *
     * @param jid       the orchestration's own job
     * @param sls       the dotted SLS name in {@code file_roots}
     * @param test      plan only: each {@code salt.state} runs its target's states in test mode, nothing else runs
     * @param pillar    the master's pillar for {@code masterId}, with the caller's {@code --pillar} merged over it
     * @param masterId  Salt's {@code <id>_master}: the id the run's templates and output know the master by
     * @param fileRoots where the SLS and what it includes are read
     * @param host      the master's side of the run
     */
    record Run(String jid, String sls, boolean test, Map<String, Object> pillar, String masterId, List<Path> fileRoots,
            Host host) {
        public Run {
            pillar = Map.copyOf(pillar);
            fileRoots = List.copyOf(fileRoots);
        }
    }

    /** Salt's highstate of the run (state key to result; its errors, a list, when it did not compile). */
    record Outcome(Object highstate, boolean success) {
    }

    /** What the steps of an orchestration may ask of the master, each as the identity that started it. */
    interface Host {
        /**
         * Publishes {@code spec} as the run's caller (its {@code publisher_acl} applies, and the publish is audited
         * under its name) and waits for it to end.
         *
         * @throws io.brine.master.AccessDeniedException naming what the caller may not run: nothing is published
         * @throws IllegalArgumentException for a target that matches nothing, or a job the master refuses
         */
        Job run(JobSpec spec) throws InterruptedException;

        /** Every later event whose tag matches {@code tagGlob}, until the returned handle is closed. */
        AutoCloseable subscribe(String tagGlob, Consumer<Event> consumer);

        /**
         * One of the master's own operations, as Salt's runners: {@code manage.status}, {@code manage.up},
         * {@code manage.down}, {@code key.accept}, {@code jobs.lookup_jid}; each needs the right its CLI command
         * needs.
         *
         * @throws io.brine.master.AccessDeniedException without that right
         * @throws IllegalArgumentException for an unknown runner or bad arguments
         */
        Object runner(String function, List<Object> args, Map<String, Object> kwargs) throws InterruptedException;

        /** {@code fun}'s mine values on the minions {@code target} matches ({@code mine.get} in the run's templates). */
        Map<String, Object> mine(String target, String targetType, String fun);
    }
}
