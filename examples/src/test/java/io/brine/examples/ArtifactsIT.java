package io.brine.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Brine as another Maven project consumes it: the jars {@code mvn package} has just made are installed, with their
 * POMs, the parent and the BOM, into a local repository of this test's own, and a throwaway project that imports
 * the BOM and depends on {@code brine-master} compiles as a named module and starts an embedded master, offline,
 * with no other plugins than those the outer build has used (resources, compiler, exec).
 *
 * <p>It runs in the integration-test phase (examples/pom.xml), after every module before it has packaged. The
 * user's local repository (the outer build's) is never written: the throwaway builds read it as a mirror of every
 * remote repository, through a file: URL, for the plugins and the third-party libraries, and keep what they
 * read in the temporary repository, where the Brine artifacts are installed.
 */
class ArtifactsIT {
    /** A run takes 5 to 15 s; a loaded 2-core machine may take several times as long. */
    private static final Duration MAVEN_RUN_LIMIT = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    @Test
    void everyLibraryJarIsANamedModuleWithItsSourcesAndJavadocBesideIt() throws Exception {
        Reactor reactor = Reactor.here();
        for (Reactor.Module module : reactor.published()) {
            Path jar = requirePackaged(module.jar(reactor.root(), reactor.version(), ""));
            Set<ModuleReference> found = ModuleFinder.of(jar).findAll();
            assertEquals(1, found.size(), jar.toString());
            ModuleDescriptor descriptor = found.iterator().next().descriptor();
            assertFalse(descriptor.isAutomatic(), jar + " has a module-info");
            assertEquals("io.brine." + module.directory(), descriptor.name(), jar.toString());
            assertTrue(Files.size(requirePackaged(module.jar(reactor.root(), reactor.version(), "sources"))) > 0);
            assertTrue(Files.size(requirePackaged(module.jar(reactor.root(), reactor.version(), "javadoc"))) > 0);
        }
    }

    @Test
    void aThrowawayProjectImportingTheBomCompilesAgainstTheInstalledMasterAndRunsItOffline() throws Exception {
        Reactor reactor = Reactor.here();
        Path repository = Files.createDirectories(dir.resolve("repository"));
        Path settings = Files.writeString(dir.resolve("settings.xml"), settings(outerRepository()));

        install(reactor, repository);

        Path consumer = Files.createDirectories(dir.resolve("consumer"));
        Files.writeString(consumer.resolve("pom.xml"), consumerPom(reactor.version()));
        Path sources = Files.createDirectories(consumer.resolve("src/main/java/org/example/orchestrator"));
        Files.writeString(consumer.resolve("src/main/java/module-info.java"), """
                module org.example.orchestrator {
                    requires io.brine.master;
                }
                """);
        Files.writeString(sources.resolve("Orchestrator.java"), """
                package org.example.orchestrator;

                import io.brine.master.Master;
                import io.brine.master.MasterConfig;
                import io.brine.protocol.crypto.StaticKeyPair;
                import java.net.InetAddress;
                import java.net.ServerSocket;
                import java.nio.file.Path;

                public final class Orchestrator {
                    public static void main(String[] args) throws Exception {
                        int port;
                        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                            port = s.getLocalPort();
                        }
                        try (Master master = Master.start(MasterConfig.underDirectory(Path.of(args[0]), port))) {
                            master.keys().preseed("vm-42", StaticKeyPair.generate().publicKey());
                            System.out.println("accepted " + master.keys().list().accepted());
                            System.out.println("jobs " + master.client().jobs(10).size());
                            System.out.println("module " + Master.class.getModule().getName());
                            System.out.println("from " + Master.class.getProtectionDomain().getCodeSource()
                                    .getLocation().getPath());
                        }
                    }
                }
                """);
        String out = maven(consumer, settings, repository, "process-classes");

        assertTrue(out.contains("\naccepted [vm-42]\n"), out);
        assertTrue(out.contains("\njobs 0\n"), out);
        assertTrue(out.contains("\nmodule io.brine.master\n"), "loaded as a named module from the module path\n" + out);
        String from = Path.of(line(out, "from ")).toRealPath().toString();
        assertTrue(from.startsWith(repository.toRealPath().toString()), "the consumer ran " + from
                + ", not the jar installed into " + repository);
    }

    /**
     * Lays the parent, the BOM and every published module (jar, POM, sources and Javadoc) into {@code repository}
     * as {@code mvn install} lays them into a local repository. Not by Maven's install plugin: 'mvn verify' on a
     * new machine never fetches it, and the throwaway builds see no other plugins than the outer build's.
     */
    private static void install(Reactor reactor, Path repository) throws IOException {
        install(repository, "brine-parent", reactor.version(), ".pom", reactor.root().resolve("pom.xml"));
        install(repository, "brine-bom", reactor.version(), ".pom", reactor.root().resolve("bom/pom.xml"));
        for (Reactor.Module m : reactor.published()) {
            install(repository, m.artifactId(), reactor.version(), ".pom",
                    reactor.root().resolve(m.directory()).resolve("pom.xml"));
            for (String classifier : List.of("", "sources", "javadoc")) {
                install(repository, m.artifactId(), reactor.version(),
                        (classifier.isEmpty() ? "" : "-" + classifier) + ".jar",
                        requirePackaged(m.jar(reactor.root(), reactor.version(), classifier)));
            }
        }
    }

    private static void install(Path repository, String artifactId, String version, String suffix, Path file)
            throws IOException {
        Path target = repository.resolve("io/brine").resolve(artifactId).resolve(version)
                .resolve(artifactId + "-" + version + suffix);
        Files.copy(file, Files.createDirectories(target.getParent()).resolve(target.getFileName()));
    }

    /** A consumer as its README would tell it: the BOM imported, brine-master without a version. */
    private static String consumerPom(String version) {
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>org.example</groupId>
                  <artifactId>orchestrator</artifactId>
                  <version>1</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <dependencyManagement>
                    <dependencies>
                      <dependency>
                        <groupId>io.brine</groupId>
                        <artifactId>brine-bom</artifactId>
                        <version>VERSION</version>
                        <type>pom</type>
                        <scope>import</scope>
                      </dependency>
                    </dependencies>
                  </dependencyManagement>
                  <dependencies>
                    <dependency>
                      <groupId>io.brine</groupId>
                      <artifactId>brine-master</artifactId>
                    </dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <groupId>org.apache.maven.plugins</groupId>
                        <artifactId>maven-resources-plugin</artifactId>
                        <version>3.3.1</version>
                      </plugin>
                      <plugin>
                        <groupId>org.apache.maven.plugins</groupId>
                        <artifactId>maven-compiler-plugin</artifactId>
                        <version>3.13.0</version>
                      </plugin>
                      <plugin>
                        <groupId>org.codehaus.mojo</groupId>
                        <artifactId>exec-maven-plugin</artifactId>
                        <version>3.5.0</version>
                        <executions>
                          <execution>
                            <id>run</id>
                            <phase>process-classes</phase>
                            <goals><goal>exec</goal></goals>
                            <configuration>
                              <executable>JAVA</executable>
                              <arguments>
                                <argument>--module-path</argument>
                                <modulepath/>
                                <argument>--module</argument>
                                <argument>org.example.orchestrator/org.example.orchestrator.Orchestrator</argument>
                                <argument>${project.build.directory}/master</argument>
                              </arguments>
                            </configuration>
                          </execution>
                        </executions>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.replace("VERSION", version).replace("JAVA", javaHome().resolve("bin/java").toString());
    }

    /**
     * Every remote repository is the outer build's local repository, read through a file: URL; the runs are
     * offline all the same ({@code -o}, with file: allowed), so nothing is fetched from the network. A local
     * repository keeps no checksum files, so central's (the mirror takes its policy) are not looked for.
     */
    private static String settings(Path outerRepository) {
        String central = """
                    <id>central</id>
                    <url>URL</url>
                    <releases><checksumPolicy>ignore</checksumPolicy></releases>
                    <snapshots><enabled>false</enabled></snapshots>
                """;
        return """
                <settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
                  <mirrors>
                    <mirror>
                      <id>outer-local-repository</id>
                      <mirrorOf>*</mirrorOf>
                      <url>URL</url>
                    </mirror>
                  </mirrors>
                  <profiles>
                    <profile>
                      <id>no-checksums</id>
                      <repositories><repository>CENTRAL</repository></repositories>
                      <pluginRepositories><pluginRepository>CENTRAL</pluginRepository></pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>no-checksums</activeProfile></activeProfiles>
                </settings>
                """.replace("CENTRAL", central).replace("URL", outerRepository.toUri().toString());
    }

    /** Runs Maven in {@code project} and returns what it printed; a failure or a run past the limit fails. */
    private String maven(Path project, Path settings, Path repository, String phase) throws Exception {
        // kept after the run, for whoever reads a failure: target/artifacts-it/consumer.log
        Path log = Files.createDirectories(Path.of("target", "artifacts-it")).resolve(project.getFileName() + ".log");
        List<String> command = List.of(mavenCommand().toString(), "-B", "-o", "-Daether.offline.protocols=file",
                "-s", settings.toString(), "-Dmaven.repo.local=" + repository, phase);
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", javaHome().toString());
        builder.environment().remove("MAVEN_ARGS");
        Process maven = builder.start();
        if (!maven.waitFor(MAVEN_RUN_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            maven.destroyForcibly().waitFor();
            fail(String.join(" ", command) + " ran past " + MAVEN_RUN_LIMIT + "\n" + tail(log));
        }
        String out = Files.readString(log);
        assertEquals(0, maven.exitValue(), String.join(" ", command) + " in " + project + "\n" + tail(log));
        return out;
    }

    private static Path mavenCommand() {
        String home = System.getProperty("maven.home");
        return home == null ? Path.of("mvn") : Path.of(home, "bin", "mvn");
    }

    /** The outer build's local repository (examples/pom.xml passes it), else the default one. */
    private static Path outerRepository() {
        String configured = System.getProperty("brine.outerRepository");
        return configured != null ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    private static Path javaHome() {
        return Path.of(System.getProperty("java.home"));
    }

    private static Path requirePackaged(Path jar) {
        if (!Files.isRegularFile(jar)) {
            fail(jar + " is missing: this test runs after 'mvn package' of the whole reactor (mvn verify does it)");
        }
        return jar;
    }

    private static String line(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).findFirst()
                .orElseThrow(() -> new AssertionError("no line starting '" + prefix + "' in\n" + out));
    }

    private static String tail(Path log) throws IOException {
        String all = Files.readString(log);
        return all.lines().skip(Math.max(0, all.lines().count() - 60)).collect(Collectors.joining("\n"));
    }
}
