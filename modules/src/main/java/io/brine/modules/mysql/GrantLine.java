package io.brine.modules.mysql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One line of {@code SHOW GRANTS} that grants privileges on something, read into its parts:
 * {@code GRANT SELECT, INSERT ON `shop\_db`.* TO `bob`@`localhost` WITH GRANT OPTION} is the privileges
 * {@code [SELECT, INSERT]} on database pattern {@code shop\_db} (as stored, the identifier's quoting undone), table
 * {@code *}, with the grant option. Lines granting roles, proxies or routines are not privilege grants on a
 * database and read as null. The line is split into tokens (words, backquoted names, quoted strings), so a name
 * that contains {@code ON}, {@code TO} or a comma cannot be taken for part of the statement.
 */
record GrantLine(List<String> privileges, String database, String table, boolean grantOption) {
    GrantLine {
        privileges = List.copyOf(privileges);
    }

    /** The grant the line makes, or null for a line that grants no privileges on a database or table. */
    static GrantLine parse(String line) {
        List<Token> tokens = tokens(line);
        if (tokens.size() < 6 || !tokens.get(0).isWord("GRANT")) {
            return null;
        }
        List<String> privileges = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 1;
        for (; i < tokens.size() && !tokens.get(i).isWord("ON"); i++) {
            Token t = tokens.get(i);
            if (t.kind == Kind.WORD) {
                current.append(current.length() == 0 ? "" : " ").append(t.text.toUpperCase(Locale.ROOT));
            } else if (t.isPunct(',')) {
                privileges.add(current.toString());
                current.setLength(0);
            } else if (t.isPunct('(')) { // a column list: the privilege is not on the whole table
                return null;
            } else {
                return null; // a role name
            }
        }
        privileges.add(current.toString());
        // ON db . table TO
        if (i + 5 > tokens.size() || !name(tokens.get(i + 1)) || !tokens.get(i + 2).isPunct('.')
                || !name(tokens.get(i + 3)) || !tokens.get(i + 4).isWord("TO")) {
            return null; // PROXY ON user@host, EXECUTE ON PROCEDURE db.p
        }
        boolean grantOption = false;
        for (int j = i + 5; j + 2 < tokens.size(); j++) {
            if (tokens.get(j).isWord("WITH") && tokens.get(j + 1).isWord("GRANT") && tokens.get(j + 2)
                    .isWord("OPTION")) {
                grantOption = true;
            }
        }
        return new GrantLine(privileges, tokens.get(i + 1).text, tokens.get(i + 3).text, grantOption);
    }

    private static boolean name(Token t) {
        return t.kind == Kind.NAME || t.isPunct('*');
    }

    private enum Kind { WORD, NAME, STRING, PUNCT }

    private record Token(Kind kind, String text) {
        boolean isWord(String word) {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }

        boolean isPunct(char c) {
            return kind == Kind.PUNCT && text.equals(String.valueOf(c));
        }
    }

    private static List<Token> tokens(String line) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '`' || c == '\'') {
                StringBuilder text = new StringBuilder();
                i = quoted(line, i, text);
                out.add(new Token(c == '`' ? Kind.NAME : Kind.STRING, text.toString()));
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                int start = i;
                while (i < line.length() && (Character.isLetterOrDigit(line.charAt(i)) || line.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.WORD, line.substring(start, i)));
            } else {
                out.add(new Token(Kind.PUNCT, String.valueOf(c)));
                i++;
            }
        }
        return out;
    }

    /** Reads the quoted text starting at {@code start} (its quote doubled inside, a backslash escaping in strings). */
    private static int quoted(String line, int start, StringBuilder text) {
        char quote = line.charAt(start);
        int i = start + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == quote && i + 1 < line.length() && line.charAt(i + 1) == quote) {
                text.append(quote);
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else if (c == '\\' && quote == '\'' && i + 1 < line.length()) {
                text.append(line.charAt(i + 1));
                i += 2;
            } else {
                text.append(c);
                i++;
            }
        }
        return i;
    }
}
