package io.brine.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What another Maven project relies on when it imports {@code brine-bom}: the BOM names every library module of
 * the reactor at the one version, and a release changes that version everywhere at once (README, "Releasing").
 * {@link ArtifactsIT} then consumes the artifacts themselves.
 */
class PublishedArtifactsTest {
    @Test
    void theBomAndTheParentManageEveryLibraryModuleAndNothingElse() throws Exception {
        Reactor reactor = Reactor.here();
        assertFalse(reactor.published().isEmpty());
        PomFile bom = PomFile.read(reactor.root().resolve("bom/pom.xml"));
        assertEquals(reactor.publishedArtifactIds(), bom.managedArtifactIds("io.brine").stream().sorted().toList(),
                "bom/pom.xml lists every module that publishes a jar (a new module belongs there)");
        PomFile parent = PomFile.read(reactor.root().resolve("pom.xml"));
        assertEquals(reactor.publishedArtifactIds(), parent.managedArtifactIds("io.brine").stream().sorted().toList());
    }

    @Test
    void everyPomCarriesTheReactorsVersion() throws Exception {
        Reactor reactor = Reactor.here();
        Map<String, String> versions = new TreeMap<>();
        PomFile parent = PomFile.read(reactor.root().resolve("pom.xml"));
        for (String module : parent.modules()) {
            PomFile pom = PomFile.read(reactor.root().resolve(module).resolve("pom.xml"));
            versions.put(module, pom.version());
            pom.parentVersion().ifPresent(v -> versions.put(module + " (parent)", v));
        }
        Map<String, String> expected = new TreeMap<>();
        versions.keySet().forEach(k -> expected.put(k, reactor.version()));
        assertEquals(expected, versions, "set versions with the release procedure: " + Path.of("README.md"));
    }
}
