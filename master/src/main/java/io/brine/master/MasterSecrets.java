package io.brine.master;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The files a master never hands out, whatever a root or a caller names: its keys and tokens ({@code pki_dir}),
 * its cache ({@code cachedir}: job returns, pushed files, audit), its configuration, log and TLS key. Checked on
 * real paths, so no spelling (a link, {@code //}, a bind-mounted alias of the same path) slips past.
 */
final class MasterSecrets {
    private final List<Path> paths;

    MasterSecrets(List<Path> paths) {
        this.paths = List.copyOf(paths);
    }

    static MasterSecrets of(MasterConfig config) {
        List<Path> out = new ArrayList<>(List.of(config.pkiDir(), config.cacheDir(), config.auditLog()));
        config.access().configFile().ifPresent(out::add);
        out.add(config.logging().file());
        if (config.api() != null) {
            out.add(config.api().tlsKey());
        }
        out.removeIf(Objects::isNull);
        return new MasterSecrets(out);
    }

    /** The secret {@code real} (a real path) lies in, if any. */
    Optional<Path> holding(Path real) {
        for (Path secret : paths) {
            Path s;
            try {
                s = secret.toRealPath();
            } catch (IOException e) {
                s = secret.toAbsolutePath().normalize(); // not there yet: nothing real lies in it, the spelling may
            }
            if (real.startsWith(s)) {
                return Optional.of(secret);
            }
        }
        return Optional.empty();
    }
}
