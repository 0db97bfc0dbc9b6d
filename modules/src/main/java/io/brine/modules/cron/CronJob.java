package io.brine.modules.cron;

import java.util.List;

/**
 * One job of the Salt-managed part of a crontab: a schedule (five time fields, or a special such as
 * {@code @reboot}), the command, the comment line above it and the identifier that comment carries, and whether
 * the job is disabled ({@code #DISABLED#} in front).
 *
 * @param special null for a job with time fields
 * @param times minute, hour, day of month, month, day of week; empty for a special job
 * @param comment null when the job has no comment line at all
 * @param identifier null for a job written before identifiers (it is then known by its command)
 */
record CronJob(String special, List<String> times, String cmd, String comment, boolean commented,
        String identifier) {
    static final List<String> FIELDS = List.of("minute", "hour", "daymonth", "month", "dayweek");

    CronJob {
        times = List.copyOf(times);
        if ((special == null) == times.isEmpty() || (special == null && times.size() != FIELDS.size())) {
            throw new IllegalArgumentException("a cron job has either five time fields or a special schedule");
        }
    }

    boolean isSpecial() {
        return special != null;
    }

    /**
     * Whether this is the job a state means, by Salt's rule: a job carrying an identifier is known by it alone; a
     * job without one (written by hand, or by an older Salt) by its command.
     */
    boolean matches(String cmd, String identifier) {
        return this.identifier != null ? this.identifier.equals(identifier) : this.cmd.equals(cmd);
    }

    String schedule() {
        return isSpecial() ? special : String.join(" ", times);
    }

    /** The lines this job is written as: the comment line, when there is something to say, then the job. */
    List<String> lines() {
        String job = (commented ? CronTab.DISABLED : "") + schedule() + " " + cmd;
        if (comment == null && identifier == null) {
            return List.of(job);
        }
        StringBuilder head = new StringBuilder("#");
        if (comment != null && !comment.isEmpty()) {
            head.append(' ').append(comment.strip().replace("\n", "\n# "));
        }
        if (identifier != null) {
            head.append(' ').append(CronTab.IDENTIFIER).append(':').append(identifier);
        }
        return List.of(head.toString(), job);
    }
}
