package io.brine.modules.pkgrepo;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Salt's {@code pkgrepo} states: package repositories for apt and yum/dnf. Where the files live is given to the
 * constructor so tests (and a minion in a chroot) can point the module elsewhere; {@link java.util.ServiceLoader}
 * uses the system's own paths.
 *
 * <pre>{@code
 * StateEngine.of(List.of(new PkgrepoStates(dir.resolve("sources.list"), dir.resolve("sources.list.d"),
 *     dir.resolve("keyrings"), dir.resolve("yum.repos.d"))));
 * }</pre>
 */
public final class PkgrepoStates implements FunctionModule {
    private final AptRepos apt;
    private final YumRepos yum;

    public PkgrepoStates() {
        this(Path.of("/etc/apt/sources.list"), Path.of("/etc/apt/sources.list.d"), Path.of("/etc/apt/keyrings"),
                Path.of("/etc/yum.repos.d"));
    }

    /**
     * @param aptSourcesList apt's main sources file, where an entry goes when no {@code file} is given (as in Salt)
     * @param aptSourcesDir apt's sources.list.d
     * @param keyringDir where a {@code signedby} given as a bare file name is kept
     * @param yumReposDir where yum/dnf repo files live
     */
    public PkgrepoStates(Path aptSourcesList, Path aptSourcesDir, Path keyringDir, Path yumReposDir) {
        this.apt = new AptRepos(Objects.requireNonNull(aptSourcesList, "aptSourcesList"),
                Objects.requireNonNull(aptSourcesDir, "aptSourcesDir"), Objects.requireNonNull(keyringDir, "keyringDir"));
        this.yum = new YumRepos(Objects.requireNonNull(yumReposDir, "yumReposDir"));
    }

    @Override
    public String name() {
        return "pkgrepo";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new PkgrepoManaged(apt, yum), new PkgrepoAbsent(apt, yum));
    }
}
