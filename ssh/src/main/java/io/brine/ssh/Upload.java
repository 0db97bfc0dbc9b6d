package io.brine.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * One file {@code brine cp --ssh} writes on a roster host: its name (kept when the destination is a folder), its
 * permission bits, and how to read its bytes (opened once per host).
 *
 * @param name the file's name, no slash
 * @param mode its permission bits, such as {@code 0644}
 * @param open opens its bytes, from the start
 */
public record Upload(String name, int mode, Opener open) {
    /** Opens a file's bytes for one host. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    public Upload {
        Objects.requireNonNull(open, "open");
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("'" + name + "' is not a file name");
        }
        mode &= 07777;
    }
}
