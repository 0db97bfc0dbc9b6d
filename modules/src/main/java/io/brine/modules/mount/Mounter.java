package io.brine.modules.mount;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.StateContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** mount(8) and umount(8) through the state's process runner, and the kernel's table of what is mounted. */
final class Mounter {
    private final Path mountTable;

    Mounter(Path mountTable) {
        this.mountTable = mountTable;
    }

    Optional<ActiveMounts.Active> active(String mountPoint) throws IOException {
        return ActiveMounts.read(mountTable).at(mountPoint);
    }

    /** Mounts (or remounts) as requested; the error text, or empty on success. */
    Optional<String> mount(MountRequest req, boolean remount, StateContext ctx) throws IOException, InterruptedException {
        List<String> opts = new ArrayList<>(req.opts());
        if (remount) {
            opts.add(0, "remount");
        }
        List<String> argv = new ArrayList<>(List.of("mount"));
        if (!opts.isEmpty()) {
            argv.addAll(List.of("-o", String.join(",", opts)));
        }
        argv.addAll(List.of("-t", req.fstype(), req.device(), req.name()));
        return run(Command.of(argv), req.user(), ctx);
    }

    Optional<String> umount(String mountPoint, boolean lazy, String user, StateContext ctx)
            throws IOException, InterruptedException {
        return run(lazy ? Command.of("umount", "-l", mountPoint) : Command.of("umount", mountPoint), user, ctx);
    }

    private static Optional<String> run(Command command, String user, StateContext ctx)
            throws IOException, InterruptedException {
        CommandResult r = ctx.commands().run(user == null ? command : command.withRunas(user));
        if (r.ok()) {
            return Optional.empty();
        }
        return Optional.of(r.diagnostic().isEmpty() ? "exit code " + r.exitCode() : r.diagnostic());
    }
}
