package io.brine.modules.mount;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Salt's {@code mount} states: file systems mounted (or not) now and in the fstab. The default fstab and the
 * kernel's mount table are constructor arguments so tests can use a temporary fstab; {@link java.util.ServiceLoader}
 * uses {@code /etc/fstab} and {@code /proc/self/mounts}.
 *
 * <pre>{@code
 * StateEngine.of(List.of(new MountStates(tempDir.resolve("fstab"), Path.of("/proc/self/mounts"))));
 * }</pre>
 */
public final class MountStates implements FunctionModule {
    private final Path fstab;
    private final Path mountTable;

    public MountStates() {
        this(Path.of("/etc/fstab"), Path.of("/proc/self/mounts"));
    }

    public MountStates(Path fstab, Path mountTable) {
        this.fstab = Objects.requireNonNull(fstab, "fstab");
        this.mountTable = Objects.requireNonNull(mountTable, "mountTable");
    }

    @Override
    public String name() {
        return "mount";
    }

    @Override
    public List<StateFunction> states() {
        Mounter mounter = new Mounter(mountTable);
        return List.of(new MountMounted(mounter, fstab), new MountUnmounted(mounter, fstab));
    }
}
