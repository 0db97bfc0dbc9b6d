package io.brine.examples;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The few facts {@link ArtifactsIT} reads from one of the reactor's POM files, as written (not the effective
 * model): e.g. {@code PomFile.read(Path.of("bom/pom.xml")).managedArtifactIds()}.
 */
final class PomFile {
    private final Element project;

    private PomFile(Element project) {
        this.project = project;
    }

    static PomFile read(Path pom) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return new PomFile(factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(pom + ": " + e.getMessage(), e);
        }
    }

    String artifactId() {
        return child(project, "artifactId").orElseThrow();
    }

    /** The project's own version, else its parent's. */
    String version() {
        return child(project, "version").orElseGet(() -> parentVersion().orElseThrow());
    }

    Optional<String> parentVersion() {
        return element(project, "parent").flatMap(p -> child(p, "version"));
    }

    String packaging() {
        return child(project, "packaging").orElse("jar");
    }

    Optional<String> property(String name) {
        return element(project, "properties").flatMap(p -> child(p, name));
    }

    List<String> modules() {
        return children(element(project, "modules"), "module").stream().map(Node::getTextContent).toList();
    }

    /** The artifactIds in dependencyManagement whose groupId is {@code groupId}. */
    List<String> managedArtifactIds(String groupId) {
        Optional<Element> dependencies = element(project, "dependencyManagement").flatMap(m -> element(m,
                "dependencies"));
        return children(dependencies, "dependency").stream()
                .filter(d -> child(d, "groupId").orElse("").equals(groupId))
                .map(d -> child(d, "artifactId").orElseThrow()).toList();
    }

    private static Optional<String> child(Element parent, String name) {
        return element(parent, name).map(e -> e.getTextContent().trim());
    }

    private static Optional<Element> element(Element parent, String name) {
        List<Element> found = children(Optional.of(parent), name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    private static List<Element> children(Optional<Element> parent, String name) {
        List<Element> found = new ArrayList<>();
        parent.ifPresent(p -> {
            for (Node n = p.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals(name)) {
                    found.add(e);
                }
            }
        });
        return found;
    }
}
