package io.brine.functions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a state call would set going besides its own changes, as the minion's {@link FunctionPolicy} judges it before
 * the state acts (in test mode too): a command line run now or installed to run later, a change to how commands
 * run, or an execution function called. A state function declares its effects from its arguments
 * ({@link StateFunction#effects}); one that only edits files, packages or accounts declares none.
 *
 * <pre>{@code
 * public List<Effect> effects(Arguments args) {
 *     return List.of(new Effect.RunsCommand("the cron job", args.name()));
 * }
 * }</pre>
 */
public sealed interface Effect {
    /**
     * A command line run now or later (a cron job, a probe, a program the kernel starts), judged as
     * {@code cmd.run LINE} would be: {@code cmd.run} must be allowed and the whole line must match
     * {@code cmd_allowed}.
     *
     * @param role what the line is to the state, for a refusal: "the command", "the cron job", "onlyif probe"
     */
    record RunsCommand(String role, String line) implements Effect {
        public RunsCommand {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(line, "line");
        }
    }

    /**
     * A change to what a command line runs as (a shell, environment variables, a crontab's SHELL, git's
     * configuration). Refused when {@code cmd_allowed} is set: matching the line would prove nothing if the caller
     * could also change what runs it.
     *
     * @param what what the call changes, for a refusal: "shell '/bin/bash'", "env"
     * @param why why that runs other code, for a refusal
     */
    record ChangesHowCommandsRun(String what, String why) implements Effect {
        public ChangesHowCommandsRun {
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(why, "why");
        }
    }

    /** An execution function the state calls ({@code module.run}), judged as a job naming it would be. */
    record CallsFunction(String function) implements Effect {
        public CallsFunction {
            Objects.requireNonNull(function, "function");
        }
    }

    /**
     * The effects of Salt's command options: a shell other than {@link FunctionPolicy#DEFAULT_SHELL} (null: the
     * command runs without one), and environment changes.
     */
    static List<Effect> ofOptions(String shell, Map<String, ?> env) {
        List<Effect> out = new ArrayList<>();
        if (shell != null && !shell.equals(FunctionPolicy.DEFAULT_SHELL)) {
            out.add(new ChangesHowCommandsRun("shell '" + shell + "'", "commands run only through "
                    + FunctionPolicy.DEFAULT_SHELL));
        }
        if (env != null && !env.isEmpty()) {
            out.add(new ChangesHowCommandsRun("env", "a command's environment cannot be changed (variables such as "
                    + "BASH_ENV or LD_PRELOAD would run other code)"));
        }
        return out;
    }
}
