package io.brine.states.formulas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ntp formula in the older shape of saltstack-formulas' ntp-formula: map.jinja as one inline
 * {@code grains.filter_by} table with {@code base='default'} and the pillar's lookup merged, an init.sls for the
 * client and a server.sls including it, and a template walking a pillar mapping of strings and lists.
 */
class NtpFormulaTest {
    static final List<String> PLAN = List.of(
            "pkg_|-ntp_|-PKG_|-installed => null {PKG={new=installed, old=}}",
            "file_|-ntpd_conf_|-ROOT/etc/ntpsec/ntp.conf_|-managed => null {diff=New file}",
            "test_|-ntp_servers_note_|-ntp_servers_note_|-show_notification => true {}",
            "service_|-ntpd_|-SVC_|-running => null {SVC=true, enabled=true}");

    @TempDir Path work;

    @Test
    void theServerPlansAppliesAndReappliesWithoutChanges() throws Exception {
        try (FormulaFixture f = FormulaFixture.load("ntp", work)) {
            f.withPackage(work).withService(work).renderPillar();
            StateOutcome plan = f.plan("ntp.server");
            assertEquals(PLAN, f.summary(plan), () -> f.comments(plan));
            assertEquals("2 servers: 0.pool.example.test, 1.pool.example.test",
                    plan.states().get("test_|-ntp_servers_note_|-ntp_servers_note_|-show_notification").get("comment"));

            StateOutcome applied = f.apply("ntp.server");
            assertTrue(applied.success(), () -> f.comments(applied));
            assertEquals(PLAN.stream().map(s -> s.replace("=> null", "=> true").replace("new=installed", "new=1.0-1"))
                    .toList(), f.summary(applied), () -> f.comments(applied));
            assertEquals("""
                # Managed by Salt
                driftfile /var/lib/ntpsec/ntp.drift
                leapfile /usr/share/zoneinfo/leap-seconds.list
                pool 0.pool.example.test iburst
                pool 1.pool.example.test iburst
                restrict default kod nomodify notrap nopeer noquery
                restrict 127.0.0.1
                tos minclock 4 minsane 3
                """, Files.readString(f.root.resolve("etc/ntpsec/ntp.conf")));
            assertTrue(f.serviceRunning());

            StateOutcome again = f.apply("ntp.server");
            assertTrue(again.success(), () -> f.comments(again));
            assertEquals(PLAN.stream().map(s -> s.substring(0, s.indexOf(" => ")) + " => true {}").toList(),
                    f.summary(again), () -> f.comments(again));
        }
    }
}
