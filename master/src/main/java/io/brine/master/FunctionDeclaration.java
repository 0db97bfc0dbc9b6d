package io.brine.master;

import io.brine.protocol.FunctionSignature;
import java.util.Objects;
import java.util.Optional;

/**
 * One function a minion declared it runs, as it reported it with its grains: what it takes (when the master could
 * read it) and its documentation's first sentences (minions before 0.1 sent none).
 */
public record FunctionDeclaration(String name, FunctionSignature signature, String doc) {
    public FunctionDeclaration {
        Objects.requireNonNull(name, "name");
        doc = doc == null ? "" : doc;
    }

    public Optional<FunctionSignature> inputs() {
        return Optional.ofNullable(signature);
    }
}
