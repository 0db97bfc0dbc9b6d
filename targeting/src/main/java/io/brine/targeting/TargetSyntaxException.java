package io.brine.targeting;

/**
 * A malformed target expression, with the 0-based position of the fault in the expression the caller gave.
 * The message always names the position, e.g. {@code unexpected 'and' at position 12}; {@link #describe()}
 * adds the expression with a caret under the fault, for the CLI's usage error.
 */
public final class TargetSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String expression;
    private final int position;

    private TargetSyntaxException(String expression, int position, String message) {
        super(message);
        this.expression = expression == null ? "" : expression;
        this.position = position;
    }

    /** A fault described as "{@code what} at position N". */
    static TargetSyntaxException at(String expression, int position, String what) {
        return new TargetSyntaxException(expression, position, what + " at position " + position);
    }

    /** A fault described as "{@code what} at position N: {@code detail}". */
    static TargetSyntaxException at(String expression, int position, String what, String detail) {
        return new TargetSyntaxException(expression, position, what + " at position " + position + ": " + detail);
    }

    /** 0-based index into {@link #expression()}. */
    public int position() {
        return position;
    }

    public String expression() {
        return expression;
    }

    /**
     * The message, then the expression with a caret under the fault:
     * <pre>
     * unexpected 'and' at position 16
     *   G@os:Debian and and web*
     *                   ^
     * </pre>
     * Whitespace in the expression is shown as spaces so that tabs and newlines cannot shift the caret.
     */
    public String describe() {
        String flat = expression.replaceAll("\\s", " ");
        return getMessage() + "\n  " + flat + "\n  " + " ".repeat(Math.max(0, position)) + "^";
    }
}
