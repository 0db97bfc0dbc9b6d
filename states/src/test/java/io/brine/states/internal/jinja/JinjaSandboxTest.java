package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brine.states.DirectoryStateFiles;
import io.brine.functions.TemplateException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates are untrusted input (issue 11, finding 6): the Jinjava in use until then let a template reach the
 * interpreter's object mapper and, through the types it could construct, read the minion's private key, connect
 * outside http_allow and create files outside file_roots_allowed. Each attempt here must fail to render or render
 * harmless, and the test checks the effect itself, not only the message.
 */
class JinjaSandboxTest {
    @TempDir
    Path dir;

    private String render(String template) {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("secret", "pillar-value"), false, io.brine.functions.FunctionCaller.NONE);
        try {
            return t.render(template, "attack.sls", Map.of());
        } catch (TemplateException e) {
            return "refused: " + e.getMessage();
        }
    }

    private List<String> mapperRoutes() {
        return List.of("____int3rpr3t3r____.config.objectMapper", "____int3rpr3t3r____.getConfig().getObjectMapper()",
                "____int3rpr3t3r____.context.interpreter.config.objectMapper");
    }

    @Test
    void aTemplateCannotReadTheMinionsPrivateKey() throws IOException {
        String secret = "PRIVATE-" + UUID.randomUUID();
        Path pem = Files.writeString(dir.resolve("minion.pem"), secret);
        for (String mapper : mapperRoutes()) {
            for (String template : List.of(
                    "{% set m = " + mapper + " %}{{ m.readValue('\"" + pem.toUri() + "\"', "
                            + "m.getTypeFactory().constructFromCanonical('java.net.URL')).openStream().readAllBytes() }}",
                    "{% set m = " + mapper + " %}{% for b in m.readValue('\"" + pem.toUri() + "\"', "
                            + "m.typeFactory.constructFromCanonical('java.net.URL')).openStream().readAllBytes() %}{{ b }},{% endfor %}",
                    "{% for x in " + mapper + ".typeFactory %}{{ x }}{% endfor %}")) {
                String out = render(template);
                assertFalse(out.contains(secret), template + " -> " + out);
                assertFalse(out.contains("80,82,73,86"), "the key's bytes came out: " + out); // "PRIV"
            }
        }
        assertFalse(render("{% include '" + pem + "' %}").contains(secret));
        assertFalse(render("{% import '" + pem + "' as k %}").contains(secret));
    }

    @Test
    void aTemplateCannotOpenAConnection() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + listener.getLocalPort() + "/";
            for (String mapper : mapperRoutes()) {
                render("{% set m = " + mapper + " %}{{ m.readValue('\"" + url + "\"', "
                        + "m.getTypeFactory().constructFromCanonical('java.net.URL')).openConnection().getInputStream() }}");
            }
            listener.setSoTimeout(300); // everything above has returned: a connection would be waiting already
            try {
                listener.accept().close();
                throw new AssertionError("a template connected to " + url);
            } catch (SocketTimeoutException expected) {
                // nobody connected
            }
        }
    }

    @Test
    void aTemplateCannotCreateAFile() {
        Path target = dir.resolve("created-by-template");
        for (String mapper : mapperRoutes()) {
            render("{% set m = " + mapper + " %}{{ m.readValue('\"" + target + "\"', "
                    + "m.getTypeFactory().constructFromCanonical('java.io.FileOutputStream')) }}");
            render("{{ " + mapper + ".writeValueAsString('x') }}");
        }
        assertFalse(Files.exists(target));
    }

    @Test
    void theInterpreterAndJavaObjectsAreOutOfReach() {
        for (String template : List.of("{{ ____int3rpr3t3r____ }}", "{{ ____int3rpr3t3r____.config }}",
                "{{ grains.getClass().getName() }}", "{{ grains.class.name }}", "{{ ''.getClass() }}",
                "{{ pillar.__class__ }}")) {
            String out = render(template);
            boolean refused = out.startsWith("refused: ");
            assertFalse(!refused && (out.contains("hubspot") || out.contains("java.") || out.contains("Jinjava")),
                    template + " -> " + out);
        }
    }

    @Test
    void plainDataStillRenders() {
        assertEquals("Debian m1 pillar-value", render("{{ grains.os }} {{ minion_id }} {{ pillar['secret'] }}"));
    }
}
