package io.brine.modules.mount;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code mount.unmounted}: nothing mounted on the directory, and with {@code persist} no fstab entry for it.
 *
 * <pre>
 * /mnt/old-backup:
 *   mount.unmounted:
 *     - persist: true
 * </pre>
 */
final class MountUnmounted implements StateFunction {
    private final Mounter mounter;
    private final Path defaultConfig;

    MountUnmounted(Mounter mounter, Path defaultConfig) {
        this.mounter = mounter;
        this.defaultConfig = defaultConfig;
    }

    @Override
    public String name() {
        return "unmounted";
    }

    @Override
    public String doc() {
        return "Unmounts whatever is mounted on the directory and, with persist, removes its fstab entry.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("device", Type.STRING, null, "with persist: only remove the fstab entry of this device"),
                Param.optional("config", Type.STRING, defaultConfig.toString(), "the fstab"),
                Param.optional("persist", Type.BOOLEAN, false, "also remove the fstab entry"),
                Param.optional("user", Type.STRING, null, "the account that runs umount"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String name = args.name().length() > 1 ? args.name().replaceAll("/+$", "") : args.name();
        Map<String, Object> changes = new LinkedHashMap<>();
        StringBuilder comment = new StringBuilder();
        if (mounter.active(name).isEmpty()) {
            comment.append("Target was already unmounted");
        } else if (ctx.test()) {
            changes.put("umount", true);
            comment.append("Mount point ").append(name).append(" is mounted but should not be");
        } else {
            Optional<String> failed = mounter.umount(name, false, args.string("user"), ctx);
            if (failed.isPresent()) {
                return StateResult.failed(failed.get());
            }
            changes.put("umount", true);
            comment.append("Target was successfully unmounted");
        }
        if (args.bool("persist")) {
            Path config = Path.of(args.string("config"));
            Optional<FstabFile> fstab = FstabFile.read(config);
            String device = args.string("device");
            Optional<FstabEntry> entry = fstab.flatMap(f -> f.entry(name));
            if (entry.isEmpty()) {
                comment.append(". fstab entry not found");
            } else if (device != null && !entry.get().device().equals(device)) {
                comment.append(". fstab entry for device ").append(device).append(" not found");
            } else {
                changes.put("persist", "purged");
                if (ctx.test()) {
                    comment.append(". Mount point ").append(name).append(" needs to be purged from ").append(config);
                } else {
                    fstab.get().remove(name, device);
                    fstab.get().save();
                    comment.append(". Removed target from fstab");
                }
            }
        }
        return ctx.test() && !changes.isEmpty() ? StateResult.pending(changes, comment.toString())
                : new StateResult(true, changes, comment.toString());
    }
}
