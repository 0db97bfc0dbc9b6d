package io.brine.modules.ssh;

import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An authorized_keys file as lines. Only lines carrying a key a state names are rewritten or removed; comments,
 * blank lines and other keys stay as they were, and a new key goes at the end.
 */
final class AuthorizedKeysFile {
    /** What {@link #set} did, in Salt's words for the states' changes. */
    enum Outcome { NEW, UPDATED, PRESENT }

    private final String before;
    private final List<String> lines;

    private AuthorizedKeysFile(String before) {
        this.before = before;
        this.lines = TextEdit.lines(before);
    }

    static AuthorizedKeysFile read(Path path) throws IOException {
        return new AuthorizedKeysFile(TextEdit.read(path));
    }

    static AuthorizedKeysFile of(String text) {
        return new AuthorizedKeysFile(text);
    }

    String before() {
        return before;
    }

    String text() {
        return TextEdit.join(lines);
    }

    /** The valid keys in the file, by key; a key listed twice is described by its last line, as Salt does. */
    Map<String, AuthorizedKey> keys() {
        Map<String, AuthorizedKey> out = new LinkedHashMap<>();
        lines.stream().map(AuthorizedKey::parse).filter(Objects::nonNull).filter(AuthorizedKey::valid)
                .forEach(k -> out.put(k.key(), k));
        return out;
    }

    /** Makes every line holding the key read as {@code wanted}, or appends it. */
    Outcome set(AuthorizedKey wanted) {
        boolean found = false;
        boolean changed = false;
        for (int i = 0; i < lines.size(); i++) {
            AuthorizedKey k = AuthorizedKey.parse(lines.get(i));
            if (k != null && k.key().equals(wanted.key())) {
                found = true;
                if (!k.equals(wanted)) {
                    lines.set(i, wanted.line());
                    changed = true;
                }
            }
        }
        if (!found) {
            lines.add(wanted.line());
            return Outcome.NEW;
        }
        return changed ? Outcome.UPDATED : Outcome.PRESENT;
    }

    /** Removes every line holding the key; true if there was one. */
    boolean remove(String key) {
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            AuthorizedKey k = AuthorizedKey.parse(line);
            if (k == null || !k.key().equals(key)) {
                kept.add(line);
            }
        }
        boolean removed = kept.size() != lines.size();
        lines.clear();
        lines.addAll(kept);
        return removed;
    }
}
