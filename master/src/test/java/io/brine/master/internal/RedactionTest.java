package io.brine.master.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shapes a secret takes in job arguments, each written to the audit log as {@code <redacted>}. */
class RedactionTest {
    private static final String R = Redaction.REDACTED;

    @Test
    void secretsInCommandLinesAreRedactedByShape() {
        assertEquals("mysql -uroot -p" + R + " app", Redaction.redact("mysql -uroot -phunter2 app"));
        assertEquals("tool --password " + R + " --user bob", Redaction.redact("tool --password hunter2 --user bob"));
        assertEquals("tool --password=" + R + " -v", Redaction.redact("tool --password=hunter2 -v"));
        assertEquals("tool --db-token " + R, Redaction.redact("tool --db-token abc"));
        assertEquals("env pwd=" + R + " run", Redaction.redact("env pwd=s3 run"));
        assertEquals("export DB_PASSWORD=" + R + "; go", Redaction.redact("export DB_PASSWORD=s3cr3t; go"));
        assertEquals("curl https://bob:" + R + "@example.com/x", Redaction.redact("curl https://bob:pa55@example.com/x"));
        assertEquals("git clone git+ssh://git:" + R + "@h/r.git", Redaction.redact("git clone git+ssh://git:t0k@h/r.git"));
        assertEquals("--password " + R + " x", Redaction.redact("--password 'two words' x"));
        assertEquals("openssl -password " + R, Redaction.redact("openssl -password abc"));
    }

    @Test
    void aSecretFlagInAListRedactsTheWordAfterIt() {
        assertEquals(List.of("mysqladmin", "--password", R, "-u", "root"),
                Redaction.redact(List.of("mysqladmin", "--password", "hunter2", "-u", "root")));
        assertEquals(List.of("-p" + R, "--api-key", R), Redaction.redact(List.of("-phunter2", "--api-key", "k")));
    }

    @Test
    void secretsAreRedactedByNameAtAnyDepthAndHarmlessWordsStay() {
        Object out = Redaction.redact(Map.of("name", "db", "password", "hunter2", "nested",
                Map.of("api_token", "t0k", "list", List.of("user=bob", "secret=s3"))));
        String text = out.toString();
        assertFalse(text.contains("hunter2") || text.contains("t0k") || text.contains("s3"), text);
        assertEquals("db", ((Map<?, ?>) out).get("name"));
        assertEquals("ssh -p 22 host", Redaction.redact("ssh -p 22 host"));
        assertEquals("http://example.com:8080/x", Redaction.redact("http://example.com:8080/x"));
        assertEquals(List.of("user=bob", 5), Redaction.redact(List.of("user=bob", 5)));
    }

    /**
     * Shapes that made the earlier patterns backtrack over every run of word characters: a 50 kB argument held the
     * master's worker past the 20 s its caller waited, and a caller's job stalled. The bound is a hang check, generous by a hundredfold
     * on a loaded machine; the work is linear.
     */
    @Test
    void longArgumentsOfEveryShapeAreRedactedWithoutBacktracking() {
        int n = 1 << 20;
        List<String> hostile = List.of("x".repeat(n), "-" + "x".repeat(n) + " ", "--" + "pass".repeat(n / 4) + " ",
                "pass".repeat(n / 4), "a://".repeat(n / 4), "-p".repeat(n / 2), ("password" + "x".repeat(1000) + " ")
                        .repeat(n / 1000));
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (String s : hostile) {
                Redaction.redact(List.of(s, s));
                Redaction.redact(Map.of(s, s));
            }
        });
        assertEquals("x".repeat(n), Redaction.redact("x".repeat(n)));
        assertEquals("a=1 token=" + R + " " + "y".repeat(n), Redaction.redact("a=1 token=t " + "y".repeat(n)));
    }

    @Test
    void aNameIsReadWholeAroundItsKeywordAndAQuotedValueWhole() {
        assertEquals("DB_ADMIN_PASSWORD_FILE=" + R + " x", Redaction.redact("DB_ADMIN_PASSWORD_FILE=/run/s x"));
        assertEquals("--password=" + R, Redaction.redact("--password=-starts-with-dash"));
        assertEquals("--token " + R + " x", Redaction.redact("--token \"a b\" x"));
        assertEquals("--password -v", Redaction.redact("--password -v"));
        assertEquals("\"--password\" x", Redaction.redact("\"--password\" x"));
        assertEquals("pwd=" + R + ";ls", Redaction.redact("pwd=a;ls"));
    }
}
