package io.brine.modules.cmd;

import io.brine.functions.FunctionException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words as a POSIX shell would, without running one ({@code python_shell=false},
 * after Python's shlex): quotes group words, a backslash escapes outside single quotes; no expansion of any
 * kind, so {@code $HOME} and {@code *} stay as written.
 */
public final class ShellWords {
    private ShellWords() {
    }

    public static List<String> split(String function, String line) throws FunctionException {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\\' && i + 1 < line.length()
                    && (quote == 0 || "\"\\$`".indexOf(line.charAt(i + 1)) >= 0)) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new FunctionException(function + ": unterminated " + quote + " quote in '" + line + "'");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
