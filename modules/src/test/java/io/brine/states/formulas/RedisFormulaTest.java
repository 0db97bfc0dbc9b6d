package io.brine.states.formulas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.states.StateOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A redis formula in the shape of saltstack-formulas' redis-formula: defaults.yaml adjusted by an os map, then
 * the whole {@code redis} pillar merged over it with {@code salt['pillar.get'](..., merge=True)}; a system user and
 * group, a data directory, a template fed through {@code defaults}, a {@code file.line} in /etc/default, kernel
 * settings through sysctl.present, and the service watching the files.
 */
class RedisFormulaTest {
    static final Path PRINTK = Path.of("/proc/sys/kernel/printk_ratelimit");

    @TempDir Path work;

    @Test
    void plansAppliesAndReappliesWithoutChanges() throws Exception {
        assumeTrue(Files.isReadable(PRINTK), "needs Linux /proc/sys");
        try (FormulaFixture f = FormulaFixture.load("redis", work)) {
            String user = f.id + "r";
            f.ownsUsers(user).ownsGroups(user);
            @SuppressWarnings("unchecked")
            Map<String, Object> fixture = (Map<String, Object>) f.grains.get("fixture");
            // the kernel value stays as it is: the formula only persists it, so the test changes nothing in the kernel
            String current = Files.readString(PRINTK).strip();
            fixture.put("sysctl_key", "kernel.printk_ratelimit");
            fixture.put("sysctl_value", current);
            Files.createDirectories(f.root.resolve("etc/default"));
            Files.writeString(f.root.resolve("etc/default/redis-server"), "# defaults for redis\n# ULIMIT=1024\n");
            f.withPackage(work).withService(work).renderPillar();

            List<String> plan = List.of(
                    "pkg_|-redis-pkg_|-PKG_|-installed => null {PKG={new=installed, old=}}",
                    "group_|-redis-group_|-IDr_|-present => null {name=IDr}",
                    "user_|-redis-user_|-IDr_|-present => null {name=IDr, gid=IDr, home=ROOT/var/lib/redis, "
                            + "shell=/usr/sbin/nologin, fullname=Redis server}",
                    // the user and group do not exist yet, but the states above would create them: pending, not failed
                    "file_|-redis-home_|-ROOT/var/lib/redis_|-directory => null "
                            + "{ROOT/var/lib/redis=New Dir, user=IDr, group=IDr, mode=0750}",
                    "sysctl_|-redis-sysctl-kernel.printk_ratelimit_|-kernel.printk_ratelimit_|-present => null "
                            + "{diff=New file}",
                    "file_|-redis-config_|-ROOT/etc/redis/redis.conf_|-managed => null "
                            + "{diff=New file, user=root, group=IDr, mode=0640}",
                    "file_|-redis-ulimit_|-ROOT/etc/default/redis-server_|-line => null "
                            + "{diff=--- \n+++ \n@@ -1,2 +1,2 @@\n # defaults for redis\n-# ULIMIT=1024\n+ULIMIT=65536\n}",
                    "service_|-redis-service_|-SVC_|-running => null {SVC=true, enabled=true}");
            StateOutcome planned = f.plan("redis");
            assertEquals(plan, f.summary(planned), () -> f.comments(planned));

            StateOutcome applied = f.apply("redis");
            assertTrue(applied.success(), () -> f.comments(applied));
            assertEquals("""
                # Managed by Salt (redis/files/redis.conf.jinja)
                dir ROOT/var/lib/redis
                appendonly no
                bind 127.0.0.1
                databases 16
                maxmemory 256mb
                port 6380
                save 900 1
                save 300 10
                save 60 10000
                """, f.normalise(Files.readString(f.root.resolve("etc/redis/redis.conf"))));
            assertEquals("kernel.printk_ratelimit = " + current + "\n",
                    Files.readString(f.root.resolve("etc/sysctl.d/99-redis.conf")));
            assertEquals(user, Files.getOwner(f.root.resolve("var/lib/redis")).getName());
            assertTrue(f.serviceRunning());

            StateOutcome again = f.apply("redis");
            assertTrue(again.success(), () -> f.comments(again));
            assertEquals(plan.stream().map(s -> s.substring(0, s.indexOf(" => ")) + " => true {}").toList(),
                    f.summary(again), () -> f.comments(again));
        }
    }
}
