package io.brine.modules.cron;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's crontab as Salt reads and writes it. Everything above Salt's marker line is the user's own and kept
 * byte for byte; below it come environment lines, then jobs with time fields, then special jobs, each job with
 * an optional comment line carrying {@code SALT_CRON_IDENTIFIER:id}. Lines below the marker that are none of
 * these are dropped when the crontab is written again, as Salt drops them.
 *
 * <pre>{@code
 * CronTab tab = CronTab.parse(crontabText);
 * tab.job("backup", "backup").ifPresent(...);
 * String text = tab.text();
 * }</pre>
 */
final class CronTab {
    static final String MARKER = "# Lines below here are managed by Salt, do not edit";
    static final String IDENTIFIER = "SALT_CRON_IDENTIFIER";
    static final String DISABLED = "#DISABLED#";
    private static final Pattern TIMED = Pattern.compile("(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S.*)");
    private static final Pattern SPECIAL = Pattern.compile("(@\\S+)\\s+(\\S.*)");
    private static final Pattern ENV = Pattern.compile("([^=\\s]+)=(.*)");

    private final List<String> pre = new ArrayList<>();
    private final List<CronEnv> env = new ArrayList<>();
    private final List<CronJob> timed = new ArrayList<>();
    private final List<CronJob> special = new ArrayList<>();

    private CronTab() {}

    static CronTab parse(String text) {
        CronTab tab = new CronTab();
        boolean managed = false;
        String comment = null;
        String identifier = null;
        for (String line : text.lines().toList()) {
            if (!managed) {
                managed = line.equals(MARKER);
                if (!managed) {
                    tab.pre.add(line);
                }
                continue;
            }
            boolean commented = line.startsWith(DISABLED);
            String body = commented ? line.substring(DISABLED.length()) : line;
            Matcher m;
            if ((m = SPECIAL.matcher(body)).matches()) {
                tab.special.add(new CronJob(m.group(1), List.of(), m.group(2), comment, commented, identifier));
            } else if (body.startsWith("#")) {
                String note = stripCommentMarks(body);
                int at = note.indexOf(IDENTIFIER);
                if (at >= 0) {
                    String id = note.substring(at + IDENTIFIER.length());
                    identifier = id.length() > 1 ? id.substring(1) : identifier;
                    note = note.substring(0, at).stripTrailing();
                }
                comment = comment == null ? note : comment + "\n" + note;
                continue;
            } else if ((m = ENV.matcher(body)).matches() && !commented) {
                tab.env.add(new CronEnv(m.group(1), m.group(2)));
                continue;
            } else if ((m = TIMED.matcher(body)).matches()) {
                List<String> times = Arrays.asList(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
                tab.timed.add(new CronJob(null, times, m.group(6), comment, commented, identifier));
            } else {
                continue; // a comment only belongs to the job right after it
            }
            comment = null;
            identifier = null;
        }
        return tab;
    }

    /** The text to install: the user's own lines, the marker, then the managed lines. */
    String text() {
        List<String> out = new ArrayList<>(pre);
        out.add(MARKER);
        env.forEach(e -> out.add(e.line()));
        timed.forEach(j -> out.addAll(j.lines()));
        special.forEach(j -> out.addAll(j.lines()));
        return String.join("\n", out) + "\n";
    }

    List<CronJob> jobs() {
        List<CronJob> all = new ArrayList<>(timed);
        all.addAll(special);
        return all;
    }

    List<CronEnv> env() {
        return List.copyOf(env);
    }

    List<String> pre() {
        return List.copyOf(pre);
    }

    /** The first job of the kind ({@code special} or timed) that the command or identifier names. */
    Optional<CronJob> job(boolean ofSpecial, String cmd, String identifier) {
        return list(ofSpecial).stream().filter(j -> j.matches(cmd, identifier)).findFirst();
    }

    /** Puts {@code job} where {@code old} was, or at the end of its kind's list when old is null. */
    void put(CronJob old, CronJob job) {
        List<CronJob> list = list(job.isSpecial());
        int at = old == null ? -1 : list.indexOf(old);
        if (at >= 0) {
            list.set(at, job);
        } else {
            list(old != null && old.isSpecial()).remove(old);
            list.add(job);
        }
    }

    /** Removes the first job of the kind the command or identifier names that {@code also} accepts. */
    Optional<CronJob> remove(boolean ofSpecial, String cmd, String identifier, Predicate<CronJob> also) {
        Optional<CronJob> found = list(ofSpecial).stream().filter(j -> j.matches(cmd, identifier) && also.test(j))
                .findFirst();
        found.ifPresent(list(ofSpecial)::remove);
        return found;
    }

    Optional<CronEnv> env(String name) {
        return env.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** Sets the variable in place, or adds it at the end of the environment lines. */
    void putEnv(CronEnv variable) {
        for (int i = 0; i < env.size(); i++) {
            if (env.get(i).name().equals(variable.name())) {
                env.set(i, variable);
                return;
            }
        }
        env.add(variable);
    }

    boolean removeEnv(String name) {
        return env.removeIf(e -> e.name().equals(name));
    }

    private List<CronJob> list(boolean ofSpecial) {
        return ofSpecial ? special : timed;
    }

    /** A comment's text without its leading {@code #} and blanks, as Salt strips them. */
    private static String stripCommentMarks(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == '#' || line.charAt(i) == ' ')) {
            i++;
        }
        return line.substring(i);
    }
}
