package io.brine.modules.sys;

import io.brine.functions.FunctionException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.function.Predicate;
import java.util.regex.PatternSyntaxException;

/**
 * Selects function names the way Salt's sys functions do: a glob ({@code 'test.*'}, {@code '*.get'}), or a
 * bare module name ({@code cmd}) meaning all of that module's functions.
 */
final class NamePattern {
    private NamePattern() {
    }

    static Predicate<String> compile(String function, String pattern) throws FunctionException {
        String glob = pattern.contains(".") || pattern.matches(".*[*?\\[{].*") ? pattern : pattern + ".*";
        try {
            // The JDK's glob matcher is well tested; names have no '/', so its path rules never come into play.
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
            return name -> matcher.matches(Path.of(name));
        } catch (PatternSyntaxException e) {
            throw new FunctionException(function + ": pattern '" + pattern + "' is not a valid glob: "
                    + e.getDescription());
        }
    }
}
