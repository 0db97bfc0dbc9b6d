package io.brine.modules.pkgrepo;

import io.brine.modules.file.TextEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A yum/dnf {@code .repo} file as lines: {@code [id]} sections of {@code key=value} options (a value may go on over
 * indented lines) and {@code #} comments. Edits touch only the lines of the options they change, so everything
 * else in the file stays as written.
 */
final class YumRepoFile {
    private static final Pattern SECTION = Pattern.compile("^\\s*\\[([^\\]]+)\\]\\s*$");
    private static final Pattern OPTION = Pattern.compile("^([^#;\\s][^=]*?)\\s*=\\s*(.*)$");

    private final List<String> lines;

    YumRepoFile(String text) {
        this.lines = TextEdit.lines(text);
    }

    String text() {
        return TextEdit.join(lines);
    }

    boolean has(String id) {
        return start(id) >= 0;
    }

    /** The section IDs in file order. */
    List<String> ids() {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            Matcher m = SECTION.matcher(line);
            if (m.matches()) {
                out.add(m.group(1).strip());
            }
        }
        return out;
    }

    /** Adds an empty section at the end, a blank line apart from what came before. */
    void addSection(String id) {
        if (!lines.isEmpty() && !lines.get(lines.size() - 1).isBlank()) {
            lines.add("");
        }
        lines.add("[" + id + "]");
    }

    Optional<String> get(String id, String key) {
        int at = option(id, key);
        if (at < 0) {
            return Optional.empty();
        }
        Matcher m = OPTION.matcher(lines.get(at));
        m.matches();
        StringBuilder value = new StringBuilder(m.group(2).strip());
        for (int i = at + 1; i < end(id) && isContinuation(lines.get(i)); i++) {
            value.append('\n').append(lines.get(i).strip());
        }
        return Optional.of(value.toString());
    }

    /** Sets the option in place, or adds it after the section's last option; a multi-line value is indented. */
    void set(String id, String key, String value) {
        String line = key + "=" + value.replace("\n", "\n ");
        int at = option(id, key);
        if (at >= 0) {
            remove(id, key);
            lines.add(at, line);
            return;
        }
        int insert = start(id) + 1;
        for (int i = insert; i < end(id); i++) {
            if (OPTION.matcher(lines.get(i)).matches() || isContinuation(lines.get(i))) {
                insert = i + 1;
            }
        }
        lines.add(insert, line);
    }

    void remove(String id, String key) {
        int at = option(id, key);
        if (at < 0) {
            return;
        }
        lines.remove(at);
        while (at < end(id) && isContinuation(lines.get(at))) {
            lines.remove(at);
        }
    }

    /** The section's comment lines, without their {@code #}. */
    List<String> comments(String id) {
        List<String> out = new ArrayList<>();
        for (int i = start(id) + 1; i < end(id); i++) {
            if (lines.get(i).strip().startsWith("#")) {
                out.add(lines.get(i).strip().substring(1).strip());
            }
        }
        return out;
    }

    /** Replaces the section's comments with these, after its options, as Salt writes them. */
    void setComments(String id, List<String> comments) {
        for (int i = end(id) - 1; i > start(id); i--) {
            if (lines.get(i).strip().startsWith("#")) {
                lines.remove(i);
            }
        }
        int insert = end(id);
        while (insert > start(id) + 1 && lines.get(insert - 1).isBlank()) {
            insert--;
        }
        for (String c : comments) {
            lines.add(insert++, "# " + c);
        }
    }

    /** Removes the section, its options and the blank lines after it. */
    void removeSection(String id) {
        int from = start(id);
        int to = end(id);
        lines.subList(from, to).clear();
        while (from > 0 && from == lines.size() && lines.get(from - 1).isBlank()) {
            lines.remove(--from); // no blank tail left where the last section was
        }
    }

    private int start(String id) {
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = SECTION.matcher(lines.get(i));
            if (m.matches() && m.group(1).strip().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private int end(String id) {
        int i = start(id) + 1;
        while (i < lines.size() && !SECTION.matcher(lines.get(i)).matches()) {
            i++;
        }
        return i;
    }

    private int option(String id, String key) {
        int from = start(id);
        if (from < 0) {
            return -1;
        }
        for (int i = from + 1; i < end(id); i++) {
            Matcher m = OPTION.matcher(lines.get(i));
            if (m.matches() && m.group(1).strip().equals(key)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isContinuation(String line) {
        return !line.isBlank() && Character.isWhitespace(line.charAt(0)) && !line.strip().startsWith("#");
    }
}
