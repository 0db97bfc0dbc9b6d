package io.brine.modules.host;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A hosts file as lines, of which those naming an address are entries. Only entries the states touch are
 * rewritten; comments, blank lines and everyone else's entries stay byte for byte.
 */
final class HostsFile {
    /** One entry line: an address, its names, and a trailing comment kept as written. */
    private record Entry(String ip, List<String> names, String comment, String raw) {
        static Entry parse(String line) {
            int hash = line.indexOf('#');
            String data = hash < 0 ? line : line.substring(0, hash);
            String[] tokens = data.strip().split("\\s+");
            if (tokens[0].isEmpty() || tokens.length < 2) {
                return null;
            }
            List<String> names = new ArrayList<>(Arrays.asList(tokens).subList(1, tokens.length));
            return new Entry(tokens[0], names, hash < 0 ? "" : line.substring(hash), line);
        }

        String line() {
            return ip + "\t" + String.join(" ", names) + (comment.isEmpty() ? "" : " " + comment);
        }
    }

    private final Path path;
    private final String before;
    private final List<String> lines;

    private HostsFile(Path path, String before) {
        this.path = path;
        this.before = before;
        this.lines = TextEdit.lines(before);
    }

    static HostsFile read(Path path) throws IOException {
        return new HostsFile(path, TextEdit.read(path));
    }

    boolean has(String ip, String name) {
        return entries(e -> e.ip().equals(ip)).stream().anyMatch(e -> e.names().contains(name));
    }

    /** Adds name to the first entry for ip, or a new entry at the end, as Salt's hosts module does. */
    void add(String ip, String name) {
        for (int i = 0; i < lines.size(); i++) {
            Entry e = Entry.parse(lines.get(i));
            if (e != null && e.ip().equals(ip)) {
                e.names().add(name);
                lines.set(i, e.line());
                return;
            }
        }
        lines.add(ip + "\t" + name);
    }

    /** Removes name from the entries whose address passes {@code which}; an entry left without names goes. */
    void remove(Predicate<String> which, String name) {
        edit(e -> which.test(e.ip()) && e.names().contains(name), e -> {
            e.names().remove(name);
            return e.names().isEmpty() ? null : e.line();
        });
    }

    /**
     * Makes the first entry for ip hold exactly these names and drops any other entry for ip; no names drops every
     * entry for ip, as Salt's hosts module does for an empty alias.
     */
    void only(String ip, List<String> names) {
        if (names.isEmpty()) {
            edit(e -> e.ip().equals(ip), e -> null);
            return;
        }
        boolean[] first = {true};
        edit(e -> e.ip().equals(ip), e -> {
            if (!first[0]) {
                return null;
            }
            first[0] = false;
            // an entry already right keeps its spacing: reformatting it would be a change nobody asked for
            return e.names().equals(names) ? e.raw() : new Entry(ip, new ArrayList<>(names), e.comment(), "").line();
        });
        if (first[0]) {
            lines.add(new Entry(ip, names, "", "").line());
        }
    }

    List<String> names(String ip) {
        return entries(e -> e.ip().equals(ip)).stream().flatMap(e -> e.names().stream()).toList();
    }

    List<String> addresses(String name) {
        return entries(e -> e.names().contains(name)).stream().map(Entry::ip).distinct().toList();
    }

    /** Writes the edited lines, or in test mode reports the diff, with the comment given for each outcome. */
    StateResult save(StateContext ctx, String done, String pending, String already) throws IOException {
        StateResult r = TextEdit.apply(path, before, TextEdit.join(lines), false, ctx);
        String comment = r.failed() ? r.comment() : !r.hasChanges() ? already : ctx.test() ? pending : done;
        return new StateResult(r.result(), r.changes(), comment);
    }

    private List<Entry> entries(Predicate<Entry> filter) {
        return lines.stream().map(Entry::parse).filter(Objects::nonNull).filter(filter).toList();
    }

    /** Replaces each matching entry's line with what {@code change} returns, removing it for null. */
    private void edit(Predicate<Entry> filter, java.util.function.Function<Entry, String> change) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            Entry e = Entry.parse(line);
            String kept = e != null && filter.test(e) ? change.apply(e) : line;
            if (kept != null) {
                out.add(kept);
            }
        }
        lines.clear();
        lines.addAll(out);
    }
}
