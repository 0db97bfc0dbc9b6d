package io.brine.fileserver;

import io.brine.config.TemplateRenderer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a master serves a minion, {@code file_roots} and the pillar compiled from {@code pillar_roots}, but read in
 * the minion's own process: Salt's {@code file_client: local}, for {@code brine call --local} and
 * {@code brine state apply --local}. The same lookup rules as the master's (first root wins, nothing leaves the
 * roots) and the same pillar compiler, so a tree behaves alike with and without a master.
 *
 * <pre>{@code
 * MasterlessFiles local = new MasterlessFiles(List.of(Path.of("/srv/brine/states")),
 *         List.of(Path.of("/srv/brine/pillar")), TemplateRenderer.installed());
 * Map<String, Object> pillar = local.pillar("web1", grains);
 * Optional<Path> sls = local.file("webserver/init.sls");
 * }</pre>
 */
public final class MasterlessFiles {
    /** As many entries as one listing may hold; a larger tree is an error, as from a master. */
    private static final int MAX_LISTING = 100_000;

    private final RootedFiles files;
    private final PillarCompiler pillar;

    public MasterlessFiles(List<Path> fileRoots, List<Path> pillarRoots, TemplateRenderer renderer) {
        this.files = new RootedFiles(fileRoots);
        this.pillar = new PillarCompiler(pillarRoots, renderer);
    }

    /** The pillar of {@code minionId}, as its master would compile it; the message names the file that failed. */
    public Map<String, Object> pillar(String minionId, Map<String, Object> grains) throws IOException {
        try {
            return pillar.compile(minionId, grains);
        } catch (PillarCompiler.PillarException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The file at {@code relative} in the first root holding it; empty if none does. */
    public Optional<Path> file(String relative) throws IOException {
        try {
            return files.find(relative);
        } catch (RootedFiles.Escape e) {
            throw new java.nio.file.AccessDeniedException(relative, null, e.getMessage());
        }
    }

    /** Everything below {@code relative} over the roots, as the master lists it for a minion. */
    public Optional<List<String>> list(String relative) throws IOException {
        try {
            return files.list(relative, MAX_LISTING, Long.MAX_VALUE); // local: no reply frame to fit
        } catch (RootedFiles.Escape e) {
            throw new java.nio.file.AccessDeniedException(relative, null, e.getMessage());
        } catch (RootedFiles.TooMany e) {
            throw new IOException("'" + relative + "' holds more than " + MAX_LISTING + " entries");
        }
    }
}
