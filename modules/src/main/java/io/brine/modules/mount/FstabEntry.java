package io.brine.modules.mount;

import java.util.Arrays;
import java.util.Optional;

/** One line of an fstab: what to mount, where, as what, with which options, and the dump and fsck pass fields. */
record FstabEntry(String device, String name, String fstype, String opts, String dump, String passNum) {
    /** The entry on a line, or empty for comments, blank lines and lines with too few or too many fields. */
    static Optional<FstabEntry> parse(String line) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
            return Optional.empty();
        }
        String[] f = trimmed.split("\\s+");
        if (f.length < 4 || f.length > 6) {
            return Optional.empty();
        }
        String[] all = Arrays.copyOf(f, 6);
        // fstab(5): missing dump and pass fields mean 0
        return Optional.of(new FstabEntry(all[0], all[1], all[2], all[3], all[4] == null ? "0" : all[4],
                all[5] == null ? "0" : all[5]));
    }

    /** The line Salt writes: device and mount point separated by two tabs, dump and pass by a space. */
    String line() {
        return device + "\t\t" + name + "\t" + fstype + "\t" + opts + "\t" + dump + " " + passNum;
    }
}
