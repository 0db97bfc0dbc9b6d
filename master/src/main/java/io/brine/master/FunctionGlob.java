package io.brine.master;

import java.util.regex.Pattern;

/**
 * A shell-style glob over function names ({@code test.*}, {@code pkg.ver?ion}, {@code [a-c]*.run}), as Salt's
 * ACLs take them. Compiled once; the regex it becomes has no nested quantifiers, and function names are short.
 */
public record FunctionGlob(String glob, Pattern pattern) {
    static FunctionGlob compile(String glob) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                case '[' -> {
                    int end = glob.indexOf(']', i + 1);
                    if (end < 0) {
                        re.append("\\[");
                    } else {
                        String set = glob.substring(i + 1, end);
                        boolean negated = set.startsWith("!");
                        re.append(negated ? "[^" : "[");
                        for (char m : (negated ? set.substring(1) : set).toCharArray()) {
                            re.append(Character.isLetterOrDigit(m) || m == '-' ? String.valueOf(m) : "\\" + m);
                        }
                        re.append(']');
                        i = end;
                    }
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return new FunctionGlob(glob, Pattern.compile(re.toString()));
    }

    boolean matches(String function) {
        return pattern.matcher(function).matches();
    }

    @Override
    public String toString() {
        return glob;
    }
}
