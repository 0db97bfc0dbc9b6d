package io.brine.modules.mount;

import io.brine.functions.Arguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What {@code mount.mounted} was asked for, normalised: no trailing slash, options as a flat list. */
record MountRequest(String name, String device, String fstype, List<String> opts, long dump, long passNum,
        String user) {
    static MountRequest of(Arguments args) {
        String name = args.name();
        if (name.length() > 1) {
            name = name.replaceAll("/+$", "");
        }
        List<String> opts = new ArrayList<>();
        for (String o : args.strings("opts")) {
            for (String part : o.split(",")) {
                if (!part.isBlank()) {
                    opts.add(part.strip());
                }
            }
        }
        return new MountRequest(name, args.string("device"), args.string("fstype"), List.copyOf(opts),
                args.optInteger("dump").orElse(0L), args.optInteger("pass_num").orElse(0L), args.string("user"));
    }

    /** The mount point with symlinks resolved, as the kernel reports it. */
    String realName() throws IOException {
        Path p = Path.of(name);
        return Files.exists(p) ? p.toRealPath().toString() : name;
    }

    /** Whether the kernel's device is this one: the same text, or for paths the same file once links are resolved. */
    boolean sameDevice(String activeDevice) throws IOException {
        if (activeDevice.equals(device)) {
            return true;
        }
        if (!device.startsWith("/") || !activeDevice.startsWith("/")) {
            return false;
        }
        Path wanted = Path.of(device);
        Path current = Path.of(activeDevice);
        return Files.exists(wanted) && Files.exists(current) && Files.isSameFile(wanted, current);
    }

    FstabEntry entry() {
        return new FstabEntry(device, name, fstype, String.join(",", opts), String.valueOf(dump), String.valueOf(passNum));
    }
}
