package io.brine.modules.cron;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * Salt's {@code cron} module: jobs and environment lines in users' crontabs, edited through crontab(1) below
 * Salt's marker line, and {@code cron.list_tab} / {@code cron.raw_cron} to read them. The random source (for
 * {@code minute: random}) and the account the minion runs as are constructor arguments for tests.
 *
 * <pre>
 * date > /tmp/crontest:
 *   cron.present:
 *     - user: root
 *     - minute: '*&#47;5'
 * </pre>
 */
public final class CronStates implements FunctionModule {
    static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final RandomGenerator random;
    private final String runningAs;

    public CronStates() {
        this(new Random(), System.getProperty("user.name"));
    }

    public CronStates(RandomGenerator random, String runningAs) {
        this.random = Objects.requireNonNull(random, "random");
        this.runningAs = Objects.requireNonNull(runningAs, "runningAs");
    }

    @Override
    public String name() {
        return "cron";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new CronListTab(runningAs), new CronRawCron(runningAs));
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new CronPresent(random, runningAs), new CronAbsent(runningAs), new CronEnvPresent(runningAs),
                new CronEnvAbsent(runningAs));
    }

    /** Refuses what cannot be one crontab line: an empty or multi-line command, a malformed special schedule. */
    static void checkJob(String cmd, String identifier, String special) {
        if (cmd.isEmpty() || cmd.contains("\n")) {
            throw new IllegalArgumentException("Invalid cron command '" + cmd + "': it must be one non-empty line");
        }
        if (identifier.contains("\n")) {
            throw new IllegalArgumentException("Invalid cron identifier '" + identifier + "': it must be one line");
        }
        if (special != null && !special.matches("@\\w+")) {
            throw new IllegalArgumentException("Invalid special schedule '" + special + "': use @reboot, @daily...");
        }
    }
}
