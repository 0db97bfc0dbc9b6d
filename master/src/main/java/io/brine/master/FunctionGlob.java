package io.brine.master;

import java.nio.file.FileSystems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;

/**
 * A shell-style glob over function names ({@code test.*}, {@code pkg.ver?ion}, {@code [!c]*.run}), as Salt's
 * ACLs take them. The JDK's glob matcher does the work, as it does for the minion's {@code functions_allowed}:
 * it is well tested, and function names have no {@code /}, so its path rules never apply.
 */
public record FunctionGlob(String glob, PathMatcher matcher) {
    static FunctionGlob compile(String glob) {
        return new FunctionGlob(glob, FileSystems.getDefault().getPathMatcher("glob:" + glob));
    }

    boolean matches(String function) {
        try {
            return matcher.matches(Path.of(function));
        } catch (InvalidPathException e) {
            return false; // not a name any minion registers
        }
    }

    @Override
    public String toString() {
        return glob;
    }
}
