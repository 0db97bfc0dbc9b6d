package io.brine.modules.pkg;

import io.brine.functions.StateFiles;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Salt's {@code sources} of {@code pkg.installed} and {@code pkg.install}: {@code [{name: source}]} entries, each
 * a package file ({@code brine://path.deb} from the master's file roots, or an absolute local path), resolved and
 * checked to hold the package its entry names, so both functions install local packages the same way.
 *
 * <pre>{@code
 * List<LocalSources.Source> s = LocalSources.resolve(List.of(Map.of("hello", "brine://debs/hello_2.10.deb")),
 *         files, pm);   // [Source[name=hello, file=/var/cache/.../hello_2.10.deb, version=2.10-1]]
 * }</pre>
 */
final class LocalSources {
    private LocalSources() {
    }

    /** One entry resolved: the package name it gives, its file, and the version the file holds. */
    record Source(String name, Path file, String version) {
    }

    /** An entry that cannot be installed, with the message Salt users know. */
    static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    static List<Source> resolve(List<Object> entries, StateFiles files, PackageManager pm)
            throws Invalid, IOException, InterruptedException {
        List<Source> out = new ArrayList<>();
        for (Object item : entries) {
            if (!(item instanceof Map<?, ?> map) || map.size() != 1) {
                throw new Invalid("sources entries must be '- name: source'");
            }
            Map.Entry<?, ?> e = map.entrySet().iterator().next();
            String name = String.valueOf(e.getKey());
            Optional<Path> file = Sources.resolve(String.valueOf(e.getValue()), files);
            if (file.isEmpty()) {
                throw new Invalid("Source file " + e.getValue() + " for package " + name + " not found");
            }
            PackageManager.LocalPackage local = pm.inspect(file.get());
            if (!local.name().equals(name)) {
                throw new Invalid("Source " + e.getValue() + " holds package " + local.name() + ", not " + name);
            }
            out.add(new Source(name, file.get(), local.version()));
        }
        return out;
    }
}
