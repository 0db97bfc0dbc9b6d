package io.brine.cli;

import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.internal.MasterPki;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whom the CLI acts as towards the master. The master's local operator uses {@code pki_dir/client.pem}; a named
 * operator uses the key {@code brine client create NAME} made ({@code NAME.pem}, given with {@code --client-key}
 * or {@code BRINE_CLIENT_KEY}), and the master's public key beside it ({@code master.pub}), since a named
 * operator cannot read the master's {@code pki_dir}.
 *
 * @param name       the client name the master knows the key by
 * @param privateKey the client's private key
 * @param masterKey  the master's public key, to authenticate the master
 */
record ClientIdentity(String name, Path privateKey, Path masterKey) {
    static final String ENV = "BRINE_CLIENT_KEY";

    static ClientIdentity local(MasterConfig cfg) {
        return new ClientIdentity(Master.LOCAL_CLIENT, MasterPki.clientPrivateKey(cfg.pkiDir()),
                MasterPki.masterPublicKey(cfg.pkiDir()));
    }

    /** The key named by {@code option}, else by {@code BRINE_CLIENT_KEY} ({@code env}), else the local one. */
    static ClientIdentity resolve(Path option, String env, MasterConfig cfg) {
        Path key = option != null ? option : env == null || env.isBlank() ? null : Path.of(env);
        if (key == null) {
            return local(cfg);
        }
        String file = key.getFileName().toString();
        if (!file.endsWith(".pem") || file.length() == 4) {
            throw CliException.usage("a client key is NAME.pem, as 'brine client create NAME' writes it; got " + key);
        }
        Path beside = key.toAbsolutePath().resolveSibling("master.pub");
        return new ClientIdentity(file.substring(0, file.length() - 4), key,
                Files.exists(beside) ? beside : MasterPki.masterPublicKey(cfg.pkiDir()));
    }
}
