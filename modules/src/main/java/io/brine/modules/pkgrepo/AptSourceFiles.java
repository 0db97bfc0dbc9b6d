package io.brine.modules.pkgrepo;

import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one-line source files apt reads: the main sources.list and every {@code *.list} in sources.list.d (deb822
 * {@code .sources} files are apt's too, but not the one-line format these states write, so they are left alone).
 */
final class AptSourceFiles {
    /** A source found on a line of a file. */
    record Found(Path file, int index, AptSource source) {}

    private final Path mainList;
    private final Path partsDir;

    AptSourceFiles(Path mainList, Path partsDir) {
        this.mainList = mainList;
        this.partsDir = partsDir;
    }

    Path mainList() {
        return mainList;
    }

    /** The files apt would read, main list first, then the parts in name order as apt reads them. */
    List<Path> files() throws IOException {
        List<Path> out = new ArrayList<>();
        if (Files.isRegularFile(mainList)) {
            out.add(mainList);
        }
        if (Files.isDirectory(partsDir)) {
            try (Stream<Path> parts = Files.list(partsDir)) {
                parts.filter(p -> p.getFileName().toString().endsWith(".list") && Files.isRegularFile(p))
                        .sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** The first entry for the same archive and suite as {@code wanted}, preferring one in {@code preferred}. */
    Optional<Found> find(AptSource wanted, Path preferred) throws IOException {
        List<Found> all = new ArrayList<>();
        for (Path file : files()) {
            all.addAll(entries(file, wanted));
        }
        return all.stream().filter(f -> f.file().equals(preferred)).findFirst().or(() -> all.stream().findFirst());
    }

    /** Every entry of {@code file} for the same archive and suite as {@code wanted}. */
    static List<Found> entries(Path file, AptSource wanted) throws IOException {
        List<String> lines = TextEdit.lines(TextEdit.read(file));
        List<Found> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Optional<AptSource> s = AptSource.parse(lines.get(i));
            if (s.isPresent() && s.get().sameSource(wanted)) {
                out.add(new Found(file, i, s.get()));
            }
        }
        return out;
    }

    /** Whether a file holds no source, enabled or disabled: only blank lines and plain comments. */
    static boolean holdsNothing(String text) {
        return text.lines().map(String::strip)
                .allMatch(l -> l.isEmpty() || l.startsWith("#") && AptSource.parse(l).isEmpty());
    }
}
