package io.brine.modules.pkgrepo;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;

/**
 * {@code pkgrepo.absent}: a package repository no longer configured. On apt the name is the source line (its
 * components are removed from the matching entry, the entry when none are left, the file when it holds no
 * source any more); on yum/dnf it is the repo ID, whose section goes (with its file when it was the only one).
 *
 * <pre>
 * 'deb http://old.example.com/debian bookworm main':
 *   pkgrepo.absent
 * </pre>
 */
final class PkgrepoAbsent implements StateFunction {
    private final AptRepos apt;
    private final YumRepos yum;

    PkgrepoAbsent(AptRepos apt, YumRepos yum) {
        this.apt = apt;
        this.yum = yum;
    }

    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures a package repository is not configured: removes the apt source line or the yum/dnf repo section.";
    }

    @Override
    public List<Param> params() {
        return PkgrepoArgs.absent();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        return switch (ctx.grain("os_family")) {
            case "Debian" -> apt.absent(args, ctx);
            case "RedHat" -> yum.absent(args, ctx);
            default -> StateResult.failed("Repo management not implemented on this platform (os_family '"
                    + ctx.grain("os_family") + "')");
        };
    }
}
