package io.brine.bench;

import io.brine.minion.MinionConfig;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Each swarm minion's own directory, {@code root/minions/ID}, with its own key pair generated up front (as an
 * orchestrator would) so that the master can hold the public half as accepted before the minion first connects.
 */
final class MinionDirs {
    private MinionDirs() {
    }

    static String id(int index) {
        return "m" + index;
    }

    static Path dir(Path root, String id) {
        return root.resolve("minions").resolve(id);
    }

    /** Creates (or reuses) the minion's key and returns its public half. */
    static byte[] prepare(Path root, String id) throws IOException {
        Path pki = dir(root, id).resolve("pki");
        Path privateKey = pki.resolve("minion.pem");
        if (Files.exists(privateKey)) {
            return KeyFiles.readPrivateKey(privateKey).publicKey();
        }
        Files.createDirectories(pki);
        StaticKeyPair pair = StaticKeyPair.generate();
        KeyFiles.writePrivateKey(privateKey, pair);
        return pair.publicKey();
    }

    static MinionConfig config(Path root, String id, int masterPort) {
        return MinionConfig.underDirectory(dir(root, id), id, masterPort);
    }

    /** As above, failing over to the master on {@code failoverPort} when it is not 0. */
    static MinionConfig config(Path root, String id, int masterPort, int failoverPort) {
        return config(root, id, masterPort, failoverPort, null);
    }

    /** As above, over HTTPS to {@code https} when it is not null. */
    static MinionConfig config(Path root, String id, int masterPort, int failoverPort, HttpsTarget https) {
        MinionConfig c = config(root, id, masterPort);
        c = failoverPort == 0 ? c : c.withFailover(java.util.List.of("127.0.0.1:" + failoverPort));
        return https == null ? c : https.apply(c);
    }

    /**
     * The same configuration as a file, for a minion run as its own {@code brine minion} process. Its
     * {@code file_roots_allowed} is spelt out as {@link MinionConfig#underDirectory} has it, so a swarm minion and
     * a process minion may write to the same places: their {@code files} folder and /tmp.
     */
    static Path yaml(Path root, String id, int masterPort) throws IOException {
        Path dir = dir(root, id);
        return Files.writeString(dir.resolve("minion.yaml"), "id: " + id + "\nmaster: 127.0.0.1\nmaster_port: "
                + masterPort + "\nmaster_tofu: true\npki_dir: " + dir.resolve("pki") + "\ncachedir: " + dir.resolve("cache")
                + "\nfile_roots_allowed:\n  - " + files(root, id) + "\n  - /tmp\n");
    }

    /** Where the minion may write besides /tmp (its {@code file_roots_allowed}); created on demand. */
    static Path files(Path root, String id) {
        return dir(root, id).resolve("files");
    }
}
