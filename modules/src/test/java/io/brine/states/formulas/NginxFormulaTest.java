package io.brine.states.formulas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateOutcome;
import io.brine.modules.service.InitScriptDaemon;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An nginx formula in the shape of saltstack-formulas' (init.sls including pkg, config, service and servers;
 * map.jinja merging defaults.yaml, osfamilymap.yaml and the pillar's lookup; libtofs source lists; a template
 * fed the map as context), with a pillar.example that disables one server and proxies another.
 */
class NginxFormulaTest {
    static final List<String> PLAN = List.of(
            "pkg_|-nginx-package-install-pkg-installed_|-PKG_|-installed => null {PKG={new=installed, old=}}",
            "file_|-nginx-config-file-directory_|-ROOT/etc/nginx_|-directory => null {ROOT/etc/nginx=New Dir}",
            "file_|-nginx-config-file-directory_|-ROOT/var/log/nginx_|-directory => null {ROOT/var/log/nginx=New Dir}",
            "file_|-nginx-config-file-managed_|-ROOT/etc/nginx/nginx.conf_|-managed => null "
                    + "{diff=New file, user=root, group=root, mode=0644}",
            "file_|-nginx-servers-file-managed-default_|-ROOT/etc/nginx/sites-available/default_|-managed => null "
                    + "{diff=New file}",
            "file_|-nginx-servers-file-symlink-default_|-ROOT/etc/nginx/sites-enabled/default_|-absent => true {}",
            "file_|-nginx-servers-file-managed-mysite_|-ROOT/etc/nginx/sites-available/mysite_|-managed => null "
                    + "{diff=New file}",
            "file_|-nginx-servers-file-symlink-mysite_|-ROOT/etc/nginx/sites-enabled/mysite_|-symlink => null "
                    + "{new=ROOT/etc/nginx/sites-enabled/mysite}",
            "service_|-nginx-service-running-service-running_|-SVC_|-running => null {SVC=true, enabled=true}");

    @TempDir Path work;

    @Test
    void plansAppliesAndReappliesWithoutChanges() throws Exception {
        try (FormulaFixture f = FormulaFixture.load("nginx", work)) {
            f.withPackage(work).withService(work).renderPillar();
            StateOutcome plan = f.plan("nginx");
            assertEquals(PLAN, f.summary(plan), () -> f.comments(plan));
            assertTrue(Files.notExists(f.root.resolve("etc/nginx")), "test mode wrote nothing");

            StateOutcome applied = f.apply("nginx");
            assertTrue(applied.success(), () -> f.comments(applied));
            List<String> expected = PLAN.stream().map(s -> s.replace("=> null", "=> true")
                    .replace("{PKG={new=installed, old=}}", "{PKG={new=1.0-1, old=}}")).toList();
            assertEquals(expected, f.summary(applied), () -> f.comments(applied));

            assertEquals("""
                # Managed by Salt formula nginx/files/default: edits will be overwritten.
                user www-data;
                worker_processes auto;

                events {
                    worker_connections 1024;
                }

                http {
                    access_log ROOT/var/log/nginx/access.log;
                    error_log ROOT/var/log/nginx/error.log;
                    include ROOT/etc/nginx/sites-enabled/*;
                }
                """, f.normalise(Files.readString(f.root.resolve("etc/nginx/nginx.conf"))));
            assertEquals("""
                server {
                    listen 8080;
                    server_name example.test www.example.test;
                    location / { proxy_pass http://127.0.0.1:9000; }
                    location /static/ { proxy_pass http://127.0.0.1:9001; }
                }
                """, Files.readString(f.root.resolve("etc/nginx/sites-available/mysite")));
            assertEquals(f.root.resolve("etc/nginx/sites-available/mysite"),
                    Files.readSymbolicLink(f.root.resolve("etc/nginx/sites-enabled/mysite")));
            assertTrue(Files.notExists(f.root.resolve("etc/nginx/sites-enabled/default")));
            assertTrue(f.serviceRunning(), "the service was started");

            StateOutcome again = f.apply("nginx");
            assertTrue(again.success(), () -> f.comments(again));
            assertEquals(PLAN.stream().map(s -> s.substring(0, s.indexOf(" => ")) + " => true {}").toList(),
                    f.summary(again), () -> f.comments(again));
        }
    }
}
