package io.brine.config;

/** A configuration problem, with a message that names the file, the line where known, and the key. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
