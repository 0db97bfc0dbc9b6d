package io.brine.modules.mount;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code mount.mounted}: a file system mounted on a directory now, with the wanted options (a remount when they
 * differ), and with {@code persist} an fstab entry so it comes back after a reboot.
 *
 * <pre>
 * /srv/scratch:
 *   mount.mounted:
 *     - device: tmpfs
 *     - fstype: tmpfs
 *     - opts: size=512m,mode=1777
 *     - mkmnt: true
 * </pre>
 */
final class MountMounted implements StateFunction {
    private final Mounter mounter;
    private final Path defaultConfig;

    MountMounted(Mounter mounter, Path defaultConfig) {
        this.mounter = mounter;
        this.defaultConfig = defaultConfig;
    }

    @Override
    public String name() {
        return "mounted";
    }

    @Override
    public String doc() {
        return "Mounts a device on a directory with the given options and, with persist, keeps it in the fstab.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("device", Type.STRING, "what to mount: /dev/sdb1, UUID=..., a server:/export, tmpfs"),
                Param.required("fstype", Type.STRING, "the file system type: ext4, xfs, nfs, tmpfs..."),
                Param.optional("mkmnt", Type.BOOLEAN, false, "create the mount point if it is missing"),
                Param.optional("opts", Type.STRING_LIST, List.of("defaults"), "options: a list or a comma-separated string"),
                Param.optional("dump", Type.INTEGER, 0L, "the fstab dump field"),
                Param.optional("pass_num", Type.INTEGER, 0L, "the fstab fsck pass field"),
                Param.optional("config", Type.STRING, defaultConfig.toString(), "the fstab to keep the entry in"),
                Param.optional("persist", Type.BOOLEAN, true, "keep an entry in the fstab"),
                Param.optional("mount", Type.BOOLEAN, true, "mount it now, not only in the fstab"),
                Param.optional("user", Type.STRING, null, "the account that runs mount"));
    }

    /** A FUSE mount starts the program its type or device names: see {@link FuseProgram}. */
    @Override
    public List<Effect> effects(Arguments args) {
        return FuseProgram.effects(MountRequest.of(args));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        MountRequest req = MountRequest.of(args);
        if (!Path.of(req.name()).isAbsolute()) {
            return StateResult.failed("Mount point " + req.name() + " is not an absolute path");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        List<String> comment = new ArrayList<>();
        if (args.bool("mount")) {
            Optional<String> failure = mountNow(req, args.bool("mkmnt"), ctx, changes, comment);
            if (failure.isPresent()) {
                return new StateResult(false, changes, failure.get());
            }
        } else if (!Files.isDirectory(Path.of(req.name())) && args.bool("mkmnt") && !ctx.test()) {
            Files.createDirectories(Path.of(req.name()));
            comment.add(req.name() + " was created, not mounted");
        }
        if (args.bool("persist")) {
            Optional<String> failure = persist(req, Path.of(args.string("config")), ctx.test(), changes, comment);
            if (failure.isPresent()) {
                return new StateResult(false, changes, String.join(". ", comment) + failure.get());
            }
        }
        String text = String.join(". ", comment);
        return ctx.test() && !changes.isEmpty() ? StateResult.pending(changes, text) : new StateResult(true, changes, text);
    }

    /** Mounts, remounts or swaps the device as needed; a failure's comment, or empty. */
    private Optional<String> mountNow(MountRequest req, boolean mkmnt, StateContext ctx, Map<String, Object> changes,
            List<String> comment) throws IOException, InterruptedException {
        Optional<ActiveMounts.Active> active = mounter.active(req.realName());
        if (active.isPresent() && !req.sameDevice(active.get().device())) {
            String why = "Forced unmount because devices don't match. Wanted: " + req.device() + ", current: "
                    + active.get().device();
            changes.put("umount", why);
            if (!ctx.test()) {
                Optional<String> failed = mounter.umount(req.realName(), false, req.user(), ctx);
                if (failed.isPresent()) {
                    return Optional.of("Unable to unmount " + req.realName() + ": " + failed.get());
                }
            }
            active = Optional.empty();
        } else if (active.isPresent()) {
            List<String> missing = RemountCheck.missing(req.opts(), active.get().opts(), req.fstype());
            if (missing.isEmpty()) {
                comment.add("Target was already mounted");
                return Optional.empty();
            }
            String list = String.join(",", missing);
            if (ctx.test()) {
                changes.put("umount", "Forced remount because options (" + list + ") changed");
                comment.add("Remount would be forced because options (" + list + ") changed");
                return Optional.empty();
            }
            Optional<String> failed = mounter.mount(req, true, ctx);
            if (failed.isPresent()) {
                return Optional.of("Failed to remount " + req.name() + ": " + failed.get());
            }
            changes.put("umount", "Forced remount because options (" + list + ") changed");
            comment.add("Target was successfully remounted");
            return Optional.empty();
        }
        // in test mode a file.directory state above may be about to create the mount point
        boolean exists = Files.isDirectory(Path.of(req.name()))
                || ctx.test() && ctx.pending().willApply("file.directory", req.name());
        if (!exists && !mkmnt) {
            return ctx.test() ? Optional.of(req.name() + " does not exist and would not be created")
                    : Optional.of("Mount directory is not present");
        }
        if (ctx.test()) {
            changes.put("mount", true);
            comment.add(req.name() + (exists ? " would be mounted" : " would be created and mounted"));
            return Optional.empty();
        }
        Files.createDirectories(Path.of(req.name()));
        Optional<String> failed = mounter.mount(req, false, ctx);
        if (failed.isPresent()) {
            return failed;
        }
        if (mounter.active(req.realName()).isEmpty()) {
            return Optional.of("mount reported success but " + req.name() + " is not mounted");
        }
        changes.put("mount", true);
        comment.add("Target was successfully mounted");
        return Optional.empty();
    }

    /** Keeps the fstab entry; a failure's comment (to append), or empty. */
    private static Optional<String> persist(MountRequest req, Path config, boolean test, Map<String, Object> changes,
            List<String> comment) throws IOException {
        Optional<FstabFile> fstab = FstabFile.read(config);
        if (fstab.isEmpty()) {
            return Optional.of(". However, the fstab " + config + " was not found.");
        }
        switch (fstab.get().set(req.entry())) {
            case PRESENT -> comment.add("Entry already exists in the fstab");
            case NEW -> {
                changes.put("persist", "new");
                comment.add(test ? req.name() + " needs to be written to the fstab in order to be made persistent"
                        : "Added new entry to the fstab");
            }
            case CHANGE -> {
                changes.put("persist", "update");
                comment.add(test ? "The " + req.name() + " fstab entry must be updated" : "Updated the entry in the fstab");
            }
            default -> throw new IllegalStateException();
        }
        if (!test && changes.containsKey("persist")) {
            fstab.get().save();
        }
        return Optional.empty();
    }

    /** A watched state changed: remount with the wanted options, as Salt's mod_watch does. */
    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        MountRequest req = MountRequest.of(args);
        if (!args.bool("mount") || mounter.active(req.realName()).isEmpty()) {
            return Optional.empty();
        }
        if (ctx.test()) {
            return Optional.of(StateResult.pending(Map.of("umount", "Forced remount because a watched state changed"),
                    req.name() + " would be remounted"));
        }
        Optional<String> failed = mounter.mount(req, true, ctx);
        return Optional.of(failed.isPresent() ? StateResult.failed(req.name() + " failed to remount: " + failed.get())
                : StateResult.changed(Map.of("umount", "Forced remount because a watched state changed"),
                        req.name() + " remounted"));
    }
}
