package io.brine.master;

import java.util.Objects;

/**
 * Who asks the master to act: the name the publisher ACL and the audit log know them by, whether they are
 * one of the master's own local callers, and where the request came from.
 *
 * @param name   a client key's name ({@code pki_dir/clients/NAME}), {@code token:NAME} for an API token, or
 *               the name a library caller chose with {@link MasterClient#as}
 * @param local  the master's own callers: the operator holding {@code pki_dir/client.pem}, the embedding
 *               application's default client, and the reactor. They are admin unless
 *               {@code publisher_acl_local: false}
 * @param source the peer's address, or where in the process the request came from ({@code library},
 *               {@code reactor})
 */
public record Principal(String name, boolean local, String source) {
    public Principal {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
    }

    static Principal local(String name, String source) {
        return new Principal(name, true, source);
    }

    static Principal named(String name, String source) {
        return new Principal(name, false, source);
    }
}
