package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.modules.Digests;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * Salt's {@code file.get_hash} (algorithm argument {@code form}), also offered as {@code file.hash} (argument
 * {@code algorithm}), Brine's older name: a file's digest, read in constant memory.
 */
final class FileHash implements ExecutionFunction {
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
                        .oneOfIgnoringCase(Digests.NAMES.toArray(String[]::new)));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        MessageDigest md = Digests.of(args.string(algorithmParam)); // the declared choices admit only its names
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
