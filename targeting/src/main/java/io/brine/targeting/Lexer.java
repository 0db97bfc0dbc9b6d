package io.brine.targeting;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a compound expression into tokens. Words are separated by whitespace, as in Salt, but parentheses
 * may also touch a word: a {@code (} at the start of a word is a group, and a {@code )} at its end is a group
 * only when no {@code (} inside the same word opens it, so that {@code (E@web(1|2))} is a group around a
 * regex with its own group. An operator may touch a following {@code (}: {@code not(web* or db*)}.
 * A backslash makes the next character literal, so it never separates or groups.
 */
final class Lexer {
    private static final String[] OPERATORS = {"and", "or", "not"};

    private final String source;
    private final List<Token> tokens = new ArrayList<>();

    private Lexer(String source) {
        this.source = source;
    }

    static List<Token> tokenize(String source) {
        Lexer lexer = new Lexer(source);
        int i = 0;
        while (i < source.length()) {
            if (Character.isWhitespace(source.charAt(i))) {
                i++;
            } else {
                int end = lexer.wordEnd(i);
                lexer.word(i, end);
                i = end;
            }
        }
        return lexer.tokens;
    }

    private int wordEnd(int start) {
        int i = start;
        while (i < source.length() && !Character.isWhitespace(source.charAt(i))) {
            if (source.charAt(i) == '\\') {
                if (i + 1 == source.length()) {
                    throw TargetSyntaxException.at(source, i, "nothing to escape after '\\'");
                }
                i++;
            }
            i++;
        }
        return i;
    }

    private void word(int start, int end) {
        int from = start;
        while (from < end) {
            String operator = operatorBeforeParenthesis(from);
            if (source.charAt(from) == '(') {
                tokens.add(new Token(Token.Kind.LPAREN, "(", from++));
            } else if (operator != null) {
                tokens.add(Token.word(operator, from));
                from += operator.length();
            } else {
                break;
            }
        }
        int to = end - groupingCloses(from, end);
        if (to > from) {
            tokens.add(Token.word(source.substring(from, to), from));
        }
        for (int i = to; i < end; i++) {
            tokens.add(new Token(Token.Kind.RPAREN, ")", i));
        }
    }

    /** "not(x)" reads as "not (x)": such a word could only otherwise be a glob no minion id would match. */
    private String operatorBeforeParenthesis(int from) {
        for (String operator : OPERATORS) {
            if (source.startsWith(operator + "(", from)) {
                return operator;
            }
        }
        return null;
    }

    /** How many of the unescaped ')' ending the word [from, end) close no '(' of the word itself. */
    private int groupingCloses(int from, int end) {
        int runStart = end;
        while (runStart > from && source.charAt(runStart - 1) == ')'
                && !Escapes.isEscaped(source, from, runStart - 1)) {
            runStart--;
        }
        int open = 0;
        for (int i = from; i < runStart; i++) {
            char c = source.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '(') {
                open++;
            } else if (c == ')' && open > 0) {
                open--;
            }
        }
        return Math.max(0, (end - runStart) - open);
    }
}
