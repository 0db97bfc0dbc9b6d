package io.brine.cli;

import io.brine.config.MasterEndpoint;
import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.config.Finding;
import io.brine.config.SettingCheck;
import io.brine.master.MasterConfig;
import io.brine.master.MasterPreflight;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code brine doctor} for a master: the configuration, the same checks {@code brine master} runs before it starts
 * ({@link MasterPreflight}), except that a port in use by this master is fine, then its keys, disk and clock.
 */
final class MasterDoctor {
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    private MasterDoctor() {
    }

    static List<DoctorLine> run(ConfigFile file) throws InterruptedException {
        List<DoctorLine> out = new ArrayList<>();
        MasterConfig cfg;
        try {
            cfg = MasterConfig.from(file);
        } catch (ConfigException | IllegalArgumentException e) {
            out.add(new DoctorLine("config", Finding.fail(e.getMessage())));
            return out;
        }
        out.add(new DoctorLine("config", Finding.ok(file.origin() + " is a valid master configuration")));
        for (SettingCheck check : MasterPreflight.checks(cfg)) {
            Finding f = check.run();
            if (f.failed() && f.detail().endsWith("is already in use")) {
                f = heldByThisMaster(cfg, check.key(), f);
            }
            out.add(new DoctorLine(check.key(), f));
        }
        out.addAll(KeyFileChecks.check(cfg.pkiDir(), List.of("master.pem", "client.pem"),
                "made by the master on its first start"));
        out.add(new DoctorLine("disk", HostHealth.disk(cfg.cacheDir())));
        out.add(new DoctorLine("clock", HostHealth.clock(Clock.systemUTC())));
        return out;
    }

    /**
     * A port in use is fine when this master holds it: for {@code ret_port}, the listener completes a handshake
     * with the key in {@code pki_dir/master.pub}; for the API, the master holding {@code cachedir} runs.
     */
    private static Finding heldByThisMaster(MasterConfig cfg, String key, Finding inUse)
            throws InterruptedException {
        Optional<String> pid = MasterPreflight.runningMaster(cfg.cacheDir());
        String running = pid.map(p -> " (the master holding the cachedir runs, pid " + p + ")").orElse("");
        if (key.equals("ret_port")) {
            Optional<byte[]> answered = MasterKeyProbe.serverKey(cfg.connectAddress(), PROBE_TIMEOUT);
            byte[] ours = ourKey(cfg);
            if (answered.isPresent() && ours != null && Arrays.equals(answered.get(), ours)) {
                return Finding.ok(inUse.detail().replace("is already in use", "is held by this master: it answers "
                        + "with the key in master.pub" + running));
            }
            if (answered.isPresent()) {
                return Finding.fail(inUse.detail() + " by a Brine master with another key, "
                        + Fingerprint.of(answered.get()) + running);
            }
        } else if (pid.isPresent()) {
            return Finding.ok(inUse.detail().replace("is already in use", "is in use") + running);
        }
        return Finding.fail(inUse.detail() + ", and not by this master");
    }

    private static byte[] ourKey(MasterConfig cfg) {
        try {
            return KeyFiles.readPublicKey(MasterEndpoint.masterPublicKey(cfg.pkiDir()));
        } catch (IOException e) {
            return null;
        }
    }
}
