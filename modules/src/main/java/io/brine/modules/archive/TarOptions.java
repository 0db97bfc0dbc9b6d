package io.brine.modules.archive;

import java.util.List;
import java.util.Optional;

/**
 * Salt's {@code options} for tar archives, which Salt hands to tar(1). Brine extracts in-process, so only what
 * changes the result is honoured: {@code --strip-components=N} (or {@code --strip=N}) drops the first N path
 * parts of every member. Flags tar itself would need (x, v, z, j, J, f and their long forms) are accepted and
 * mean nothing here; anything else is refused by name rather than silently ignored.
 *
 * <pre>{@code
 * TarOptions.of("xv --strip-components=1").strip();   // 1
 * }</pre>
 */
record TarOptions(int strip) {
    private static final List<String> HARMLESS = List.of("--verbose", "--gzip", "--bzip2", "--xz", "--extract",
            "--no-same-owner", "--same-owner", "--no-same-permissions", "--same-permissions");

    static TarOptions of(String options) {
        int strip = 0;
        if (options == null) {
            return new TarOptions(0);
        }
        for (String word : options.trim().split("\\s+")) {
            Optional<String> count = value(word, "--strip-components=").or(() -> value(word, "--strip="));
            if (count.isPresent()) {
                try {
                    strip = Integer.parseInt(count.get());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("options: '" + word + "' needs a whole number");
                }
            } else if (!word.isEmpty() && !HARMLESS.contains(word) && !word.replaceFirst("^-", "").matches("[xvzjJf]+")) {
                throw new IllegalArgumentException("options: '" + word + "' is not supported here; archives are"
                        + " extracted in-process and only --strip-components=N changes the result");
            }
        }
        if (strip < 0) {
            throw new IllegalArgumentException("options: --strip-components must not be negative");
        }
        return new TarOptions(strip);
    }

    private static Optional<String> value(String word, String prefix) {
        return word.startsWith(prefix) ? Optional.of(word.substring(prefix.length())) : Optional.empty();
    }

    /** The member's path with the first {@code strip} parts gone; empty when nothing is left of it. */
    Optional<String> stripped(String name) {
        String path = name.startsWith("./") ? name.substring(2) : name;
        String[] parts = path.split("/", -1);
        int skip = strip;
        int i = 0;
        for (; i < parts.length && skip > 0; i++) {
            if (!parts[i].isEmpty()) {
                skip--;
            }
        }
        String rest = String.join("/", List.of(parts).subList(i, parts.length));
        return skip > 0 || rest.isEmpty() || rest.equals("/") ? Optional.empty() : Optional.of(rest);
    }

    /** A visitor seeing the members as stripped; members stripped to nothing are skipped, as tar skips them. */
    ArchiveWalker.Visitor applied(ArchiveWalker.Visitor next) {
        if (strip == 0) {
            return next;
        }
        return (entry, content) -> {
            Optional<String> name = stripped(entry.name());
            if (name.isEmpty()) {
                return;
            }
            String link = entry.kind() == Entry.Kind.HARDLINK && entry.link() != null
                    ? stripped(entry.link()).orElse(null) : entry.link();
            if (entry.kind() == Entry.Kind.HARDLINK && link == null) {
                return;
            }
            next.visit(new Entry(name.get(), entry.kind(), entry.mode(), link, entry.modifiedMillis()), content);
        };
    }
}
