package io.brine.modules.file;

import java.util.regex.Pattern;

/**
 * {@code include_pat} and {@code exclude_pat} of {@code file.recurse}, as Salt reads them: a shell glob matched
 * against the whole relative path (where {@code *} also crosses '/'), or with an {@code E@} prefix a regular
 * expression found anywhere in it. A path passes if it matches the include pattern and none of the exclude ones.
 */
record PathFilter(Pattern include, java.util.List<Pattern> exclude) {
    /**
     * {@code exclude} may hold several patterns (Salt's {@code exclude_pat} takes a list): a path matching any is
     * excluded. Throws naming the pattern if a regular expression does not compile.
     */
    static PathFilter of(String includePat, java.util.List<String> excludePats) {
        java.util.List<Pattern> exclude = new java.util.ArrayList<>();
        for (String pat : excludePats == null ? java.util.List.<String>of() : excludePats) {
            Pattern p = compile(pat);
            if (p != null) {
                exclude.add(p);
            }
        }
        return new PathFilter(compile(includePat), java.util.List.copyOf(exclude));
    }

    boolean passes(String relativePath) {
        return (include == null || include.matcher(relativePath).find()) && !excluded(relativePath);
    }

    /** Only the exclude patterns: what {@code clean} must leave alone. */
    boolean excluded(String relativePath) {
        return exclude.stream().anyMatch(p -> p.matcher(relativePath).find());
    }

    private static Pattern compile(String pat) {
        if (pat == null || pat.isEmpty()) {
            return null;
        }
        if (pat.startsWith("E@")) {
            try {
                return Pattern.compile(pat.substring(2));
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new IllegalArgumentException("invalid regular expression '" + pat + "': " + e.getDescription());
            }
        }
        return glob(pat);
    }

    /** fnmatch: {@code *}, {@code ?}, {@code [set]} and {@code [!set]}, anchored at both ends. */
    private static Pattern glob(String glob) {
        StringBuilder re = new StringBuilder("^");
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            int close = c == '[' ? glob.indexOf(']', i + 2) : -1;
            if (c == '*') {
                re.append(".*");
            } else if (c == '?') {
                re.append('.');
            } else if (close > 0) {
                String set = glob.substring(i + 1, close);
                boolean negated = set.startsWith("!");
                re.append('[').append(negated ? "^" : "")
                        .append((negated ? set.substring(1) : set).replace("\\", "\\\\").replace("[", "\\[").replace("&", "\\&"))
                        .append(']');
                i = close;
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.append('$').toString(), Pattern.DOTALL);
    }
}
