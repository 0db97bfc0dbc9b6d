package io.brine.functions;

/** A template could not be rendered; the message names the template and the line. */
public final class TemplateException extends Exception {
    private final int line;
    private final String reason;

    public TemplateException(String name, int line, String reason) {
        super(name + (line > 0 ? ":" + line : "") + ": " + reason);
        this.line = line;
        this.reason = reason;
    }

    /** The message without the template name and line. */
    public String reason() {
        return reason;
    }

    public int line() {
        return line;
    }
}
