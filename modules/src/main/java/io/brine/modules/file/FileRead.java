package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Salt's {@code file.read}: a text file's content, from inside file_roots_allowed. */
final class FileRead implements ExecutionFunction {
    /** The whole text goes into one return message; a larger file is for cp.push, not for a job's return. */
    static final long MAX_BYTES = 16L << 20;

    @Override
    public String name() {
        return "file.read";
    }

    @Override
    public String doc() {
        return "Returns the content of a text file inside file_roots_allowed (UTF-8, at most 16 MiB; links refused).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        io.brine.functions.FileProbes probes = context.fileProbes();
        try (ConfinedFiles.Opened file = probes.open() ? WorldReadable.open(args.string("path"), probes.secret())
                : ConfinedFiles.of(context).read(args.string("path"))) {
            long size = file.channel().size();
            if (size > MAX_BYTES) {
                throw new FunctionException("file.read: " + file.path() + " is " + size + " bytes, more than "
                        + MAX_BYTES + "; use cp.push for large files");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) size);
            while (buf.hasRemaining() && file.channel().read(buf) > 0) {
                // a file that shrank meanwhile ends early
            }
            return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
        }
    }
}
