package io.brine.minion;

import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.transport.ServerKeyCheck;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How a minion knows its master. With {@code master_finger}, only a master with that key fingerprint is
 * trusted. Without it, and only with {@code master_tofu: true}, the first master key seen is recorded in
 * {@code pki_dir/minion_master.pub} (Salt's file name) and from then on only that key is trusted; a master with
 * another key is refused and none of its jobs run. To move a minion to a new master, delete that file.
 *
 * <p>A minion with neither, and no key recorded yet, does not start ({@link #requireAChoice}): a fresh minion that
 * trusted whichever master answered first ran a fake master's {@code id} as root.
 */
final class MasterKeyPin implements ServerKeyCheck {
    private static final Logger LOG = System.getLogger(MasterKeyPin.class.getName());

    private final String masterFinger;
    private final Path recordedKey;

    MasterKeyPin(String masterFinger, Path pkiDir) {
        this.masterFinger = masterFinger;
        this.recordedKey = pkiDir.resolve("minion_master.pub");
    }

    /** Refuses to go on when nothing says which master to trust. */
    static void requireAChoice(MinionConfig config) {
        if (config.masterFinger() == null && !config.masterTofu()
                && !Files.exists(config.pkiDir().resolve("minion_master.pub"))) {
            throw new io.brine.config.ConfigException("the minion config sets no master_finger: set it to the output "
                    + "of 'brine key finger' on the master (or, in a lab only, master_tofu: true to trust the first "
                    + "master that answers)");
        }
    }

    @Override
    public String refusal(byte[] serverKey) {
        String seen = Fingerprint.of(serverKey);
        if (masterFinger != null && !Fingerprint.matches(masterFinger, serverKey)) {
            return "its key fingerprint " + seen + " does not match master_finger " + masterFinger;
        }
        try {
            if (Files.exists(recordedKey)) {
                byte[] known = KeyFiles.readPublicKey(recordedKey);
                if (!Arrays.equals(known, serverKey)) {
                    return "its key fingerprint " + seen + " differs from the master key recorded in " + recordedKey
                            + " (" + Fingerprint.of(known) + "); delete that file only if the master's key really changed";
                }
                return null;
            }
            KeyFiles.writePublicKey(recordedKey, serverKey);
            LOG.log(Level.INFO, "recorded the master's key " + seen + " in " + recordedKey);
            return null;
        } catch (IOException e) {
            return "cannot check the recorded master key: " + e.getMessage();
        }
    }
}
