package io.brine.master;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a named caller's {@code brine cp} sources may come from on the master ({@code cp_roots}). Without the key,
 * from {@code file_roots}; with a list, from those directories for every named caller; with a mapping, from the
 * directories listed under the caller's name ({@code alice}, {@code token:heat}, as {@code publisher_acl} names
 * them) and under {@code '*'}:
 * <pre>
 * cp_roots:
 *   '*': [/srv/brine/files]
 *   alice: [/srv/releases]
 * </pre>
 * Local admin callers are not confined. Nobody copies the master's own secrets ({@code pki_dir}, {@code cachedir},
 * its configuration), wherever the roots point.
 *
 * @param byIdentity directories per identity, {@code '*'} for every named caller
 * @param fileRoots  true when the key is absent: every named caller copies from {@code file_roots}
 */
public record CopyRoots(Map<String, List<Path>> byIdentity, boolean fileRoots) {
    /** Every named caller's roots apply to anyone. */
    public static final String EVERYONE = "*";
    /** No {@code cp_roots}: named callers copy from {@code file_roots}. */
    public static final CopyRoots FILE_ROOTS = new CopyRoots(Map.of(), true);

    public CopyRoots {
        Map<String, List<Path>> copy = new LinkedHashMap<>();
        byIdentity.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        byIdentity = java.util.Collections.unmodifiableMap(copy);
    }

    /** The same directories for every named caller. */
    public static CopyRoots forEveryone(List<Path> roots) {
        return new CopyRoots(Map.of(EVERYONE, roots), false);
    }

    /** The directories {@code identity} may copy from, with {@code fileRoots} as the master has them now. */
    List<Path> of(String identity, List<Path> masterFileRoots) {
        if (fileRoots) {
            return masterFileRoots;
        }
        List<Path> out = new ArrayList<>(byIdentity.getOrDefault(identity, List.of()));
        if (!identity.equals(EVERYONE)) {
            out.addAll(byIdentity.getOrDefault(EVERYONE, List.of()));
        }
        return out;
    }
}
