package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.interpret.TemplateSyntaxException;
import com.hubspot.jinjava.interpret.UnknownTokenException;
import io.brine.states.internal.jinja.python.Undefined;
import io.brine.states.internal.salt.SaltCallException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jinjava's error messages in the words Salt's Jinja renderer uses ({@code Jinja variable 'dict object' has no
 * attribute 'x'}, {@code Jinja syntax error: ...}), without the Java class names and exception types a formula's
 * author cannot act on, and with long expressions cut to their start.
 */
final class SaltWording {
    private static final Pattern NO_METHOD =
            Pattern.compile("Cannot find method '?(\\w+)'? with \\d+ parameters? in class ([\\w.$]+)");
    private static final Pattern RESOLVING = Pattern.compile("Error resolving expression \\[.*?\\]: ", Pattern.DOTALL);
    private static final Pattern EXCEPTION_NAME = Pattern.compile("\\b(?:[\\w$]+\\.)*[\\w$]*(?:Exception|Error): ");
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\b(?:java|javax|jinjava|com\\.hubspot|io\\.brine)\\.(?:[\\w$]+\\.)*([\\w$]+)");
    private static final Pattern PLACES = Pattern.compile("(?:[\\w./-]+:\\d+: )+");
    private static final Pattern QUOTED_EXPRESSION = Pattern.compile("(?<=(?:parsing|in|expression) )'(.{61,}?)'(?=:)");

    private SaltWording() {}

    /** The reason to report for a render-stopping error. */
    static String reason(TemplateError error) {
        String message = plain(cause(error));
        // an error inside an imported file starts with where it is (map.jinja:4: ); the kind of error follows that
        Matcher place = PLACES.matcher(message);
        String places = place.lookingAt() ? place.group() : "";
        String rest = message.substring(places.length());
        return places + category(error, rest) + rest;
    }

    /**
     * The message that says what went wrong: an undefined value's own (it names the macro's file and line, and the
     * missing attribute) rather than Jinjava's "Error invoking function 'format_state'" around it.
     */
    private static String cause(TemplateError error) {
        for (Throwable t = error.getException(); t != null; t = t.getCause()) {
            if (t instanceof Undefined.Error) {
                return t.getMessage();
            }
        }
        return error.getMessage();
    }

    static boolean isSyntax(TemplateError error) {
        return reason(error).replaceFirst(PLACES.pattern(), "").startsWith("Jinja syntax error");
    }

    /** Salt's lead words for each kind of failure, found by what caused it. */
    private static String category(TemplateError error, String message) {
        boolean syntax = message.matches("No (filter|test) named .*") // Jinja finds these when compiling
                || error.getException() == null && error.getReason() == TemplateError.ErrorReason.SYNTAX_ERROR;
        for (Throwable t = error.getException(); t != null; t = t.getCause()) {
            if (t instanceof UnknownTokenException && !syntax) {
                return "Jinja variable ";
            }
            if (t instanceof SaltCallException) {
                return "Problem running salt function in Jinja template: ";
            }
            // Jinjava's own syntax errors, not the ones TreeTemplates wraps a failure of an imported file in
            syntax |= t instanceof TemplateSyntaxException
                    && (t.getCause() == null || t.getCause().getClass().getSimpleName().startsWith("TreeBuilder"));
        }
        return syntax ? "Jinja syntax error: " : "Jinja error: ";
    }

    /** The message without Java's vocabulary. */
    static String plain(String message) {
        if (message == null) {
            return "unknown error";
        }
        String out = RESOLVING.matcher(message).replaceAll("");
        Matcher method = NO_METHOD.matcher(out);
        StringBuilder replaced = new StringBuilder();
        while (method.find()) {
            method.appendReplacement(replaced, Matcher.quoteReplacement(
                    "'" + pythonType(simpleName(method.group(2))) + " object' has no attribute '" + method.group(1) + "'"));
        }
        method.appendTail(replaced);
        out = EXCEPTION_NAME.matcher(replaced.toString()).replaceAll("");
        Matcher type = CLASS_NAME.matcher(out);
        replaced = new StringBuilder();
        while (type.find()) {
            type.appendReplacement(replaced, Matcher.quoteReplacement(pythonType(type.group(1))));
        }
        type.appendTail(replaced);
        Matcher quoted = QUOTED_EXPRESSION.matcher(replaced.toString());
        replaced = new StringBuilder();
        while (quoted.find()) {
            quoted.appendReplacement(replaced, Matcher.quoteReplacement("'" + Undefined.cut(quoted.group(1)) + "'"));
        }
        quoted.appendTail(replaced);
        return replaced.toString().lines().findFirst().orElse("").strip();
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** A Java class's name as the Python type a template author knows it by. */
    private static String pythonType(String simpleName) {
        String name = simpleName.substring(simpleName.lastIndexOf('$') + 1);
        if (name.equals("String") || name.endsWith("CharSequence") || name.equals("SafeString")) {
            return "str";
        }
        if (name.endsWith("Map") || name.equals("TemplateDict")) {
            return "dict";
        }
        if (name.endsWith("List") || name.endsWith("Collection") || name.endsWith("Set") || name.endsWith("Tuple")) {
            return "list";
        }
        return switch (name) {
            case "Long", "Integer", "Short", "BigInteger" -> "int";
            case "Double", "Float", "BigDecimal" -> "float";
            case "Boolean" -> "bool";
            case "PyNone" -> "NoneType";
            default -> "object";
        };
    }
}
