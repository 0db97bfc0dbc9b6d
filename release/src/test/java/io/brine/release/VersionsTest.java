package io.brine.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Versions ordered as dpkg orders them: checked against dpkg itself where it is installed. */
class VersionsTest {
    private static final List<String> ORDERED = List.of("0.1.0~rc1", "0.1.0", "0.1.0-1", "0.1.0-2", "0.1.0.1",
            "0.1.1", "0.1.10", "0.2.0~~", "0.2.0~", "0.2.0", "0.2.0a", "0.2.0+b1", "1.0", "1:0.0.1");

    @Test
    void versionsSortAsDpkgSortsThem() throws Exception {
        for (int i = 0; i < ORDERED.size(); i++) {
            for (int j = 0; j < ORDERED.size(); j++) {
                assertEquals(Integer.signum(Integer.compare(i, j)),
                        Integer.signum(Versions.compare(ORDERED.get(i), ORDERED.get(j))),
                        ORDERED.get(i) + " against " + ORDERED.get(j));
            }
        }
        assertEquals(0, Versions.compare("0.1.0", "0.01.0"), "leading zeros are numbers");
    }

    @Test
    void dpkgAgrees() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/dpkg")), "dpkg is not installed");
        for (int i = 0; i + 1 < ORDERED.size(); i++) {
            Process p = new ProcessBuilder("dpkg", "--compare-versions", ORDERED.get(i), "lt", ORDERED.get(i + 1))
                    .start();
            assertEquals(0, p.waitFor(), "dpkg: " + ORDERED.get(i) + " < " + ORDERED.get(i + 1));
        }
    }
}
