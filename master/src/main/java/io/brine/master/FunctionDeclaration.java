package io.brine.master;

import java.util.List;
import java.util.Objects;

/**
 * One function a minion declared it runs, as it reported it with its grains: what it takes (when the master could
 * read the declaration) and its documentation's first sentences (minions before 0.1 sent none).
 *
 * @param name   the function, such as {@code cmd.run}
 * @param inputs its arguments in positional order; empty when it takes none or its declaration was unreadable
 * @param extras whether it takes keyword arguments beyond those
 * @param doc    its documentation, or an empty string
 */
public record FunctionDeclaration(String name, List<Input> inputs, boolean extras, String doc) {
    /**
     * One argument: its name, its type as the minion declares it ({@code string}, {@code integer}, {@code list},
     * ...), whether it is required, and whether it takes the positional arguments left over (Salt's
     * {@code *args}).
     */
    public record Input(String name, String type, boolean required, boolean rest) {
        public Input {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    public FunctionDeclaration {
        Objects.requireNonNull(name, "name");
        inputs = List.copyOf(inputs);
        doc = doc == null ? "" : doc;
    }
}
