package io.brine.modules.pkgrepo;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;

/**
 * {@code pkgrepo.managed}: a package repository configured, on apt (Debian family) or yum/dnf (RedHat family),
 * chosen by the {@code os_family} grain.
 *
 * <pre>
 * nodesource:
 *   pkgrepo.managed:
 *     - name: deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_20.x nodistro main
 *     - file: /etc/apt/sources.list.d/nodesource.list
 *     - key_url: brine://keys/nodesource.asc
 *
 * epel:
 *   pkgrepo.managed:
 *     - humanname: Extra Packages for Enterprise Linux
 *     - mirrorlist: https://mirrors.fedoraproject.org/metalink?repo=epel-9&amp;arch=$basearch
 *     - gpgcheck: 1
 *     - gpgkey: file:///etc/pki/rpm-gpg/RPM-GPG-KEY-EPEL-9
 * </pre>
 */
final class PkgrepoManaged implements StateFunction {
    private final AptRepos apt;
    private final YumRepos yum;

    PkgrepoManaged(AptRepos apt, YumRepos yum) {
        this.apt = apt;
        this.yum = yum;
    }

    @Override
    public String name() {
        return "managed";
    }

    @Override
    public String doc() {
        return "Ensures a package repository is configured: an apt source line (with its signing key) or a yum/dnf "
                + ".repo section.";
    }

    @Override
    public List<Param> params() {
        return PkgrepoArgs.managed();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return switch (ctx.grain("os_family")) {
            case "Debian" -> apt.managed(args, ctx);
            case "RedHat" -> yum.managed(args, ctx);
            default -> StateResult.failed("Repo management not implemented on this platform (os_family '"
                    + ctx.grain("os_family") + "')");
        };
    }
}
