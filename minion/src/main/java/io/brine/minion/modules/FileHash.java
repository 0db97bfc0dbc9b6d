package io.brine.minion.modules;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code file.get_hash} (algorithm argument {@code form}), also offered as {@code file.hash} (argument
 * {@code algorithm}), Brine's older name: a file's digest, read in constant memory.
 */
final class FileHash implements ExecutionFunction {
    private static final Map<String, String> ALGORITHMS = Map.of("md5", "MD5", "sha1", "SHA-1", "sha224", "SHA-224",
            "sha256", "SHA-256", "sha384", "SHA-384", "sha512", "SHA-512");

    private final String name;
    private final String algorithmParam;

    private FileHash(String name, String algorithmParam) {
        this.name = name;
        this.algorithmParam = algorithmParam;
    }

    static FileHash hash() {
        return new FileHash("file.hash", "algorithm");
    }

    static FileHash getHash() {
        return new FileHash("file.get_hash", "form");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String doc() {
        return "Returns the hex digest of a file inside file_roots_allowed; algorithm is one of md5, sha1, sha224, "
                + "sha256 (the default), sha384, sha512.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"),
                Param.optional(algorithmParam, Param.Type.STRING, "sha256", "the digest algorithm")
                        .oneOfIgnoringCase("md5", "sha1", "sha224", "sha256", "sha384", "sha512"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        // the declared choices admit only the names below, in any case
        String algorithm = ALGORITHMS.get(args.string(algorithmParam).toLowerCase(java.util.Locale.ROOT));
        MessageDigest md = MessageDigest.getInstance(algorithm);
        byte[] buf = new byte[1 << 20];
        try (ConfinedFiles.Opened file = ConfinedFiles.of(context).read(args.string("path"));
                InputStream in = java.nio.channels.Channels.newInputStream(file.channel())) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (Thread.interrupted()) {
                    throw new InterruptedException(name + " stopped");
                }
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
