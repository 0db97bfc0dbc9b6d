package io.brine.master.internal;

import io.brine.master.Master;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The master's own key files in {@code pki_dir}, created on first start: {@code master.pem} (private, 0600)
 * and {@code master.pub}; and the local operator's client key {@code client.pem} (0600, readable only by
 * whoever runs the master) with its public half authorised as {@code clients/local}.
 */
public final class MasterPki {
    private MasterPki() {
    }

    public static Path masterPrivateKey(Path pkiDir) {
        return pkiDir.resolve("master.pem");
    }

    public static Path masterPublicKey(Path pkiDir) {
        return io.brine.config.MasterEndpoint.masterPublicKey(pkiDir);
    }

    public static Path clientPrivateKey(Path pkiDir) {
        return io.brine.config.MasterEndpoint.localClientKey(pkiDir);
    }

    public static StaticKeyPair prepare(Path pkiDir) throws IOException {
        if (!Files.isDirectory(pkiDir)) {
            Files.createDirectories(pkiDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        StaticKeyPair master = loadOrCreate(masterPrivateKey(pkiDir), masterPublicKey(pkiDir));
        loadOrCreate(clientPrivateKey(pkiDir), pkiDir.resolve("clients").resolve(Master.LOCAL_CLIENT));
        return master;
    }

    private static StaticKeyPair loadOrCreate(Path privateFile, Path publicFile) throws IOException {
        StaticKeyPair pair;
        if (Files.exists(privateFile)) {
            pair = KeyFiles.readPrivateKey(privateFile);
        } else {
            pair = StaticKeyPair.generate();
            KeyFiles.writePrivateKey(privateFile, pair);
        }
        if (!Files.exists(publicFile)) {
            Files.createDirectories(publicFile.getParent());
            KeyFiles.writePublicKey(publicFile, pair.publicKey());
        }
        return pair;
    }
}
