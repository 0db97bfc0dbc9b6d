package io.brine.modules.timezone;

import io.brine.modules.file.AtomicWrite;
import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The time zone as Debian keeps it without systemd: its name in /etc/timezone, its rules in /etc/localtime (a
 * symlink into the zoneinfo tree), and whether the hardware clock keeps UTC in the third line of /etc/adjtime.
 * timedatectl would do the same through systemd, which a container does not run, so the files are written directly.
 */
final class ZoneFiles {
    private static final Pattern ZONE = Pattern.compile("[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)*");

    private final Path timezoneFile;
    private final Path localtime;
    private final Path zoneinfo;
    private final Path adjtime;

    ZoneFiles(Path timezoneFile, Path localtime, Path zoneinfo, Path adjtime) {
        this.timezoneFile = timezoneFile;
        this.localtime = localtime;
        this.zoneinfo = zoneinfo;
        this.adjtime = adjtime;
    }

    /** The zone's rules file, or empty for a name that is no zone here. */
    Optional<Path> rules(String zone) {
        if (!ZONE.matcher(zone).matches()) {
            return Optional.empty(); // nothing that could climb out of the zoneinfo tree
        }
        Path rules = zoneinfo.resolve(zone);
        return Files.isRegularFile(rules) ? Optional.of(rules) : Optional.empty();
    }

    /** The configured zone: /etc/timezone, or failing that the zone /etc/localtime links to. */
    Optional<String> zone() throws IOException {
        String named = TextEdit.read(timezoneFile).strip();
        if (!named.isEmpty()) {
            return Optional.of(named);
        }
        if (Files.isSymbolicLink(localtime)) {
            Path target = localtime.resolveSibling(Files.readSymbolicLink(localtime)).normalize();
            if (target.startsWith(zoneinfo)) {
                return Optional.of(zoneinfo.relativize(target).toString());
            }
        }
        return Optional.empty();
    }

    /** Whether both files say {@code zone}: its name in /etc/timezone and its rules in /etc/localtime. */
    boolean isSet(String zone) throws IOException {
        Optional<Path> rules = rules(zone);
        return rules.isPresent() && zone().filter(zone::equals).isPresent() && Files.exists(localtime)
                && Arrays.equals(Files.readAllBytes(localtime), Files.readAllBytes(rules.get()));
    }

    /** Names the zone in /etc/timezone and points /etc/localtime at its rules, each replaced in one step. */
    void set(String zone) throws IOException {
        Path rules = rules(zone).orElseThrow(() -> new IOException("Invalid timezone " + zone));
        AtomicWrite.write(timezoneFile, (zone + "\n").getBytes(StandardCharsets.UTF_8), false);
        Path link = localtime.resolveSibling("." + localtime.getFileName() + ".brine-tmp");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, rules);
        Files.move(link, localtime, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** "UTC" or "localtime", as Salt's timezone.get_hwclock says; without /etc/adjtime the clock keeps UTC. */
    String hwclock() throws IOException {
        List<String> lines = TextEdit.lines(TextEdit.read(adjtime));
        return lines.size() >= 3 && lines.get(2).strip().equals("LOCAL") ? "localtime" : "UTC";
    }

    /** Records in /etc/adjtime that the hardware clock keeps UTC (true) or local time. */
    void setHwclock(boolean utc) throws IOException {
        List<String> lines = TextEdit.lines(TextEdit.read(adjtime));
        // a new file gets hwclock's neutral first two lines: no drift measured, no calibration yet
        while (lines.size() < 3) {
            lines.add(lines.isEmpty() ? "0.0 0 0.0" : lines.size() == 1 ? "0" : "");
        }
        lines.set(2, utc ? "UTC" : "LOCAL");
        AtomicWrite.write(adjtime, TextEdit.join(lines).getBytes(StandardCharsets.UTF_8), false);
    }
}
