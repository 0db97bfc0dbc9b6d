package io.brine.modules.file;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What {@code file.line} does to a file's lines, kept apart from the state so each mode reads on its own.
 * {@code match}, {@code before} and {@code after} are regular expressions searched for within a line, as in Salt;
 * content is compared with surrounding whitespace ignored, which is what makes a second run change nothing.
 */
record LineEdit(String content, Pattern match, Pattern before, Pattern after, String location, boolean indent) {

    /** Thrown for a request that cannot be carried out on this file; its message becomes the state's comment. */
    static final class Impossible extends Exception {
        Impossible(String message) {
            super(message);
        }
    }

    void apply(String mode, List<String> lines) throws Impossible {
        switch (mode) {
            case "delete" -> lines.removeIf(line -> match.matcher(line).find());
            case "replace" -> lines.replaceAll(line -> match.matcher(line).find() ? indentedLike(line) : line);
            case "insert" -> insert(lines);
            case "ensure" -> ensure(lines);
            default -> throw new Impossible("Unknown mode '" + mode + "': use ensure, replace, insert or delete");
        }
    }

    private void insert(List<String> lines) throws Impossible {
        if (lines.stream().anyMatch(this::isContent)) {
            return;
        }
        if (before == null && after == null) {
            switch (location == null ? "" : location) {
                case "start" -> lines.add(0, content.strip());
                case "end" -> lines.add(content.strip());
                default -> throw new Impossible("Insert mode needs location (start or end), before or after");
            }
            return;
        }
        if (after != null) {
            int a = find(lines, after, 0).orElseThrow(() -> new Impossible("Line for 'after' was not found"));
            lines.add(a + 1, indentedLike(lines.get(a)));
            return;
        }
        int b = find(lines, before, 0).orElseThrow(() -> new Impossible("Line for 'before' was not found"));
        lines.add(b, indentedLike(lines.get(b)));
    }

    private void ensure(List<String> lines) throws Impossible {
        if (before == null && after == null) {
            throw new Impossible("Ensure mode needs before and/or after");
        }
        if (after != null && before != null) {
            int a = find(lines, after, 0).orElseThrow(() -> new Impossible("Line for 'after' was not found"));
            int b = find(lines, before, a + 1).orElseThrow(() -> new Impossible("Line for 'before' was not found after 'after'"));
            if (b == a + 1) {
                lines.add(b, indentedLike(lines.get(a)));
            } else if (b == a + 2) {
                if (!isContent(lines.get(a + 1))) {
                    lines.set(a + 1, indentedLike(lines.get(a)));
                }
            } else {
                throw new Impossible("Found more than one line between boundaries 'before' and 'after'");
            }
        } else if (after != null) {
            int a = find(lines, after, 0).orElseThrow(() -> new Impossible("Line for 'after' was not found"));
            if (a + 1 >= lines.size() || !isContent(lines.get(a + 1))) {
                lines.add(a + 1, indentedLike(lines.get(a)));
            }
        } else {
            int b = find(lines, before, 0).orElseThrow(() -> new Impossible("Line for 'before' was not found"));
            if (b == 0 || !isContent(lines.get(b - 1))) {
                lines.add(b, indentedLike(lines.get(b)));
            }
        }
    }

    private boolean isContent(String line) {
        return line.strip().equals(content.strip());
    }

    /** The content as a line beside (or replacing) {@code neighbour}, with its indentation when asked to. */
    private String indentedLike(String neighbour) {
        if (!indent) {
            return content;
        }
        String lead = neighbour.substring(0, neighbour.length() - neighbour.stripLeading().length());
        return lead + content.strip();
    }

    private static Optional<Integer> find(List<String> lines, Pattern p, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (p.matcher(lines.get(i)).find()) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }
}
