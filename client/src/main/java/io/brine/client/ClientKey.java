package io.brine.client;

import io.brine.config.MasterEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whom a client acts as towards the master. The master's local operator uses {@code pki_dir/client.pem}; a named
 * operator uses the key {@code brine client create NAME} made ({@code NAME.pem}, given with {@code --client-key}
 * or {@code BRINE_CLIENT_KEY}), and the master's public key beside it ({@code master.pub}), since a named
 * operator cannot read the master's {@code pki_dir}.
 *
 * @param name       the client name the master knows the key by
 * @param privateKey the client's private key
 * @param masterKey  the master's public key, to authenticate the master
 */
public record ClientKey(String name, Path privateKey, Path masterKey) {
    /** The environment variable naming a named operator's key, as {@code --client-key} does. */
    public static final String ENV = "BRINE_CLIENT_KEY";

    /** The master's local operator, from the master's {@code pki_dir}. */
    public static ClientKey local(MasterEndpoint master) {
        return new ClientKey(MasterEndpoint.LOCAL_CLIENT, master.localClientKey(), master.masterPublicKey());
    }

    /**
     * A named operator's key, {@code NAME.pem} as {@code brine client create NAME} wrote it, with the master's
     * public key beside it ({@code master.pub}).
     */
    public static ClientKey named(Path pem) {
        String file = pem.getFileName().toString();
        if (!file.endsWith(".pem") || file.length() == 4) {
            throw new IllegalArgumentException("a client key is NAME.pem, as 'brine client create NAME' writes it; "
                    + "got " + pem);
        }
        return new ClientKey(file.substring(0, file.length() - 4), pem,
                pem.toAbsolutePath().resolveSibling("master.pub"));
    }

    /** The key named by {@code option}, else by {@code BRINE_CLIENT_KEY} ({@code env}), else the local one. */
    public static ClientKey resolve(Path option, String env, MasterEndpoint master) {
        Path key = option != null ? option : env == null || env.isBlank() ? null : Path.of(env);
        if (key == null) {
            return local(master);
        }
        ClientKey named = named(key);
        return Files.exists(named.masterKey()) ? named : new ClientKey(named.name(), key, master.masterPublicKey());
    }
}
