package io.brine.api;

import java.io.IOException;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Where {@link TokenStore} keeps its entries: the master's own file ({@link TokenFileTable}), or the database the
 * masters of a cluster share ({@link ClusterTokenTable}), so that a token made through one master is taken by all.
 */
interface TokenTable extends AutoCloseable {
    /** Every entry, as stored now, in creation order. */
    List<StoredToken> read() throws IOException;

    /**
     * The entries a request is authenticated against: {@link #read}'s, possibly a moment old; none when they
     * cannot be read (an unreadable store authenticates nobody).
     */
    List<StoredToken> current();

    /** Applies {@code change} to the entries, one change at a time across every process sharing them. */
    void update(UnaryOperator<List<StoredToken>> change) throws IOException;

    /** What a message names the store by. */
    String describe();

    @Override
    void close();
}
