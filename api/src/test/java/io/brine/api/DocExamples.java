package io.brine.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the examples of a Markdown document such as {@code docs/api.md}: its fenced blocks, each with the
 * {@code <!-- example: ... -->} comment right before it if there is one, and the {@code curl} commands of its
 * {@code sh} blocks as requests, with the few shell forms the document uses ({@code $VAR}, quoting,
 * {@code VAR=$(curl ... | jq -r .FIELD)}, a trailing {@code | jq ...}).
 *
 * <pre>{@code
 * for (DocExamples.Block b : DocExamples.blocks(Files.readAllLines(doc))) {
 *     for (String command : b.commands()) {
 *         DocExamples.Curl curl = DocExamples.Curl.parse(command, Map.of("BRINE_TOKEN", token));
 *     }
 * }
 * }</pre>
 */
final class DocExamples {
    private static final Pattern FENCE = Pattern.compile("^```(\\w*)\\s*$");
    private static final Pattern DIRECTIVE = Pattern.compile("^<!--\\s*example:\\s*(.*?)\\s*-->$");
    private static final Pattern ASSIGNMENT = Pattern.compile("^(\\w+)=\\$\\((.*)\\)$", Pattern.DOTALL);
    private static final Pattern JQ_FIELD = Pattern.compile("^jq -r \\.(\\w+)$");
    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private DocExamples() {
    }

    /**
     * One fenced block: lines {@code start} (the opening fence, 1-based) to {@code end} (the closing one).
     *
     * @param directive what the {@code <!-- example: ... -->} comment right before it says, or null
     */
    record Block(int start, int end, String lang, String text, String directive) {
        /** Whether this block opens on the line after {@code previous} closes: it shows that block's answer. */
        boolean follows(Block previous) {
            return previous != null && start == previous.end + 1;
        }

        /** The block's commands, {@code \}-continued lines joined, those that run no {@code curl} left out. */
        List<String> commands() {
            List<String> commands = new ArrayList<>();
            StringBuilder current = new StringBuilder();
            for (String line : text.split("\n", -1)) {
                if (line.endsWith("\\")) {
                    current.append(line, 0, line.length() - 1).append(' ');
                    continue;
                }
                current.append(line);
                String command = current.toString().trim();
                current.setLength(0);
                if (command.contains("curl ")) {
                    commands.add(command);
                }
            }
            return commands;
        }
    }

    static List<Block> blocks(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).equals("```")) {
                j++;
            }
            String directive = null;
            for (int k = i - 1; k >= 0 && directive == null; k--) {
                if (lines.get(k).isBlank()) {
                    continue;
                }
                Matcher d = DIRECTIVE.matcher(lines.get(k).trim());
                directive = d.matches() ? d.group(1) : "";
                break;
            }
            blocks.add(new Block(i + 1, j + 1, open.group(1), String.join("\n", lines.subList(i + 1, Math.min(j,
                    lines.size()))), directive == null || directive.isEmpty() ? null : directive));
            i = j;
        }
        return blocks;
    }

    /**
     * One {@code curl} command as the request it makes.
     *
     * @param path      the path and query, after {@code http://127.0.0.1:8000}
     * @param body      the {@code -d} text, or null
     * @param stream    {@code -N}: the answer is a stream read as it comes
     * @param assignTo  for {@code VAR=$(curl ... | jq -r .FIELD)}, VAR (else null) ...
     * @param field     ... and FIELD
     */
    record Curl(String method, String path, Map<String, String> headers, String body, boolean stream, String assignTo,
            String field) {
        static final String BASE = "http://127.0.0.1:8000";

        /** Reads {@code command}, expanding the shell variables {@code vars} holds (any other is an error). */
        static Curl parse(String command, Map<String, String> vars) {
            String assignTo = null;
            String field = null;
            Matcher a = ASSIGNMENT.matcher(command);
            if (a.matches()) {
                assignTo = a.group(1);
                String[] piped = splitPipe(a.group(2));
                Matcher jq = JQ_FIELD.matcher(piped[1].trim());
                if (!jq.matches()) {
                    throw new IllegalArgumentException("an assignment takes one field with 'jq -r .FIELD': " + command);
                }
                field = jq.group(1);
                command = piped[0];
            } else {
                command = splitPipe(command)[0];
            }
            List<String> words = words(command, vars);
            if (words.isEmpty() || !words.get(0).equals("curl")) {
                throw new IllegalArgumentException("not a curl command: " + command);
            }
            String method = null;
            String url = null;
            String body = null;
            boolean stream = false;
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < words.size(); i++) {
                String w = words.get(i);
                switch (w) {
                    case "-s" -> { }
                    case "-sN", "-N" -> stream = true;
                    case "-X" -> method = words.get(++i);
                    case "-d" -> body = words.get(++i);
                    case "-H" -> {
                        String h = words.get(++i);
                        int colon = h.indexOf(':');
                        headers.put(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
                    }
                    default -> {
                        if (w.startsWith("-") || url != null) {
                            throw new IllegalArgumentException("unexpected '" + w + "' in: " + command);
                        }
                        url = w;
                    }
                }
            }
            if (url == null || !url.startsWith(BASE + "/")) {
                throw new IllegalArgumentException("no URL under " + BASE + " in: " + command);
            }
            return new Curl(method != null ? method : body != null ? "POST" : "GET", url.substring(BASE.length()),
                    headers, body, stream, assignTo, field);
        }
    }

    /** {@code command} cut at its first {@code |} (or comment) outside quotes: the command and what it is piped to. */
    private static String[] splitPipe(String command) {
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '|') {
                return new String[] {command.substring(0, i).trim(), command.substring(i + 1)};
            } else if (c == '#' && i > 0 && Character.isWhitespace(command.charAt(i - 1))) {
                return new String[] {command.substring(0, i).trim(), ""};   // a comment
            }
        }
        return new String[] {command.trim(), ""};
    }

    /** Shell words: single quotes literal, double quotes with {@code \"} and {@code $VAR}, unquoted {@code $VAR}. */
    static List<String> words(String command, Map<String, String> vars) {
        List<String> words = new ArrayList<>();
        StringBuilder w = null;
        int i = 0;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i);
            if (Character.isWhitespace(c)) {
                if (w != null) {
                    words.add(w.toString());
                    w = null;
                }
                i++;
                continue;
            }
            if (w == null) {
                w = new StringBuilder();
            }
            if (c == '\'') {
                int close = command.indexOf('\'', i + 1);
                w.append(command, i + 1, close);
                i = close + 1;
            } else if (c == '"') {
                i++;
                while (command.charAt(i) != '"') {
                    char d = command.charAt(i);
                    if (d == '\\' && "\"\\$`".indexOf(command.charAt(i + 1)) >= 0) {
                        w.append(command.charAt(i + 1));
                        i += 2;
                    } else if (d == '$') {
                        i = expand(command, i, w, vars);
                    } else {
                        w.append(d);
                        i++;
                    }
                }
                i++;
            } else if (c == '$') {
                i = expand(command, i, w, vars);
            } else if (c == '\\') {
                w.append(command.charAt(i + 1));
                i += 2;
            } else {
                w.append(c);
                i++;
            }
        }
        if (w != null) {
            words.add(w.toString());
        }
        return words;
    }

    private static int expand(String command, int dollar, StringBuilder into, Map<String, String> vars) {
        Matcher m = VARIABLE.matcher(command).region(dollar + 1, command.length());
        if (!m.lookingAt() || !vars.containsKey(m.group())) {
            throw new IllegalArgumentException("the examples' runner knows no '" + command.substring(dollar,
                    Math.min(command.length(), dollar + 12)) + "...' in: " + command);
        }
        into.append(vars.get(m.group()));
        return m.end();
    }
}
