package io.brine.cli;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.config.Finding;
import io.brine.config.SettingCheck;
import io.brine.minion.MinionConfig;
import io.brine.minion.MinionPreflight;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code brine doctor} for a minion: the configuration, the checks {@code brine minion} runs before it starts
 * ({@link MinionPreflight}), its key, disk and clock, then its master: reachable over TCP, and proving the key
 * {@code master_finger} names (or the one the minion recorded, {@code pki_dir/minion_master.pub}).
 */
final class MinionDoctor {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

    private MinionDoctor() {
    }

    static List<DoctorLine> run(ConfigFile file) throws InterruptedException {
        List<DoctorLine> out = new ArrayList<>();
        MinionConfig cfg;
        try {
            cfg = MinionConfig.from(file);
        } catch (ConfigException | IllegalArgumentException e) {
            out.add(new DoctorLine("config", Finding.fail(e.getMessage())));
            return out;
        }
        out.add(new DoctorLine("config", Finding.ok(file.origin() + " is a valid minion configuration (id "
                + cfg.id() + ")")));
        for (SettingCheck check : MinionPreflight.checks(cfg)) {
            out.add(new DoctorLine(check.key(), check.run()));
        }
        out.addAll(KeyFileChecks.check(cfg.pkiDir(), List.of("minion.pem"), "made by the minion on its first start"));
        out.add(new DoctorLine("disk", HostHealth.disk(cfg.cacheDir())));
        out.add(new DoctorLine("clock", HostHealth.clock(Clock.systemUTC())));
        Finding reach = reachable(cfg);
        out.add(new DoctorLine("master", reach));
        out.add(new DoctorLine("master_finger", reach.failed()
                ? Finding.warn("not checked: the master did not answer")
                : finger(cfg, MasterKeyProbe.serverKey(MasterKeyProbe.address(cfg.master(), cfg.masterPort()),
                        MasterDoctor.PROBE_TIMEOUT))));
        return out;
    }

    private static Finding reachable(MinionConfig cfg) {
        String where = cfg.master() + ":" + cfg.masterPort();
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(cfg.master(), cfg.masterPort()), (int) CONNECT_TIMEOUT.toMillis());
            return Finding.ok(where + " accepts connections");
        } catch (IOException e) {
            return Finding.fail("cannot connect to " + where + " within " + CONNECT_TIMEOUT.toSeconds() + " s: "
                    + e.getMessage());
        }
    }

    /** The key the master proved against what this minion trusts. */
    private static Finding finger(MinionConfig cfg, Optional<byte[]> proved) {
        if (proved.isEmpty()) {
            return Finding.fail(cfg.master() + ":" + cfg.masterPort() + " accepts connections but completed no Brine "
                    + "handshake within " + MasterDoctor.PROBE_TIMEOUT.toSeconds() + " s");
        }
        byte[] key = proved.get();
        String seen = Fingerprint.of(key);
        if (cfg.masterFinger() != null) {
            return Fingerprint.matches(cfg.masterFinger(), key)
                    ? Finding.ok("the master's key is " + seen + ", as master_finger says")
                    : Finding.fail("the master at " + cfg.master() + ":" + cfg.masterPort() + " has key " + seen
                            + "; master_finger says " + cfg.masterFinger());
        }
        Path recorded = cfg.pkiDir().resolve("minion_master.pub");
        if (Files.exists(recorded)) {
            try {
                String known = Fingerprint.of(KeyFiles.readPublicKey(recorded));
                return known.equals(seen) ? Finding.ok("not set; the master's key " + seen + " is the one recorded in "
                        + recorded) : Finding.fail("not set, and the master's key " + seen + " differs from the one "
                        + "recorded in " + recorded + " (" + known + ")");
            } catch (IOException e) {
                return Finding.fail("cannot read " + recorded + ": " + e.getMessage());
            }
        }
        if (cfg.masterTofu()) {
            return Finding.warn("not set; master_tofu trusts the first master that answers (now " + seen + ")");
        }
        return Finding.fail("not set, and no master key recorded: set master_finger: '" + seen + "' if 'brine key "
                + "finger' on the master prints that");
    }
}
