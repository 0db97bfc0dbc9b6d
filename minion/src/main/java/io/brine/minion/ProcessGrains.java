package io.brine.minion;

import io.brine.functions.FunctionPolicy;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Salt's grains about the minion as a program: the Salt release whose behaviour Brine follows ({@code saltversion},
 * {@code saltversioninfo}, and the {@code pythonversion} of that release's own Python, which formulas branch on),
 * and the process: {@code shell}, {@code path}, {@code uid}, {@code gid}, {@code username}, {@code groupname},
 * {@code pid}, {@code server_id}.
 */
final class ProcessGrains {
    /** The Salt release whose formulas' behaviour Brine follows: what formulas compare saltversioninfo against. */
    static final String SALT_VERSION = "3006.10";
    static final List<Integer> SALT_VERSION_INFO = List.of(3006, 10);
    /** The Python that Salt 3006.10's packages carry, as sys.version_info. */
    static final List<Object> PYTHON_VERSION = List.of(3, 10, 16, "final", 0);

    private ProcessGrains() {
    }

    static Map<String, Object> of(String minionId, Path root, String pathVariable) {
        Map<String, Object> grains = new TreeMap<>();
        grains.put("saltversion", SALT_VERSION);
        grains.put("saltversioninfo", SALT_VERSION_INFO);
        grains.put("pythonversion", PYTHON_VERSION);
        grains.put("shell", FunctionPolicy.DEFAULT_SHELL); // what cmd.* run through
        if (pathVariable != null) {
            grains.put("path", pathVariable.strip());
        }
        grains.put("pid", ProcessHandle.current().pid());
        grains.put("server_id", serverId(minionId));
        read(root.resolve("proc/self/status")).ifPresent(status -> {
            effective(status, "Uid:").ifPresent(uid -> {
                grains.put("uid", uid);
                name(read(root.resolve("etc/passwd")), uid).ifPresent(n -> grains.put("username", n));
            });
            effective(status, "Gid:").ifPresent(gid -> {
                grains.put("gid", gid);
                grains.put("groupname", name(read(root.resolve("etc/group")), gid).orElse(""));
            });
        });
        return grains;
    }

    /** Salt's: the SHA-256 of the id as a number, modulo 2^31. */
    static long serverId(String minionId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(minionId.getBytes(StandardCharsets.UTF_8));
            return new BigInteger(1, digest).mod(BigInteger.ONE.shiftLeft(31)).longValue();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** The effective id of a {@code Uid:}/{@code Gid:} line of /proc/self/status (real, effective, saved, fs). */
    private static Optional<Long> effective(String status, String field) {
        return status.lines().filter(l -> l.startsWith(field)).findFirst().map(l -> l.substring(field.length())
                .strip().split("\\s+")).filter(f -> f.length >= 2 && f[1].matches("[0-9]{1,10}"))
                .map(f -> Long.parseLong(f[1]));
    }

    /** The name of {@code id} in a passwd or group file. */
    private static Optional<String> name(Optional<String> file, long id) {
        return file.flatMap(text -> text.lines().map(l -> l.split(":", -1))
                .filter(f -> f.length >= 3 && f[2].equals(Long.toString(id))).map(f -> f[0]).findFirst());
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
