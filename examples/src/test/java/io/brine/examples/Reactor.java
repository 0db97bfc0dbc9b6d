package io.brine.examples;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * This build's reactor as its POM files describe it: its root, its version, and the modules it publishes (the
 * jar modules whose sources and Javadoc jars are not skipped: all but examples and packaging). The tests run in
 * the examples module, so the root is its parent directory. Example: {@code Reactor.here().published()}.
 */
record Reactor(Path root, String version, List<Module> published) {
    /** One published module: its directory under the root and its POM. */
    record Module(String directory, PomFile pom) {
        String artifactId() {
            return pom.artifactId();
        }

        /** The file {@code mvn package} made, e.g. {@code master/target/brine-master-0.1.0-SNAPSHOT-sources.jar}. */
        Path jar(Path root, String version, String classifier) {
            return root.resolve(directory).resolve("target")
                    .resolve(artifactId() + "-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + ".jar");
        }
    }

    static Reactor here() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        PomFile parent = PomFile.read(root.resolve("pom.xml"));
        List<Module> published = new ArrayList<>();
        for (String directory : parent.modules()) {
            PomFile pom = PomFile.read(root.resolve(directory).resolve("pom.xml"));
            if (pom.packaging().equals("jar") && !pom.property("maven.javadoc.skip").orElse("false").equals("true")) {
                published.add(new Module(directory, pom));
            }
        }
        return new Reactor(root, parent.version(), List.copyOf(published));
    }

    List<String> publishedArtifactIds() {
        return published.stream().map(Module::artifactId).sorted().toList();
    }
}
