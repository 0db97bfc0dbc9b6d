package io.brine.modules.cp;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.MasterLink;
import io.brine.functions.Param;
import io.brine.modules.file.ConfinedFiles;
import io.brine.modules.file.Modes;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The receiving end of {@code brine cp}: fetches files the master staged for this job and writes each to a
 * temporary name beside its destination, with the source's mode, flushed to disk (mostly while it is still
 * arriving: {@link FlushingChannel}), then renamed over the destination, so a reader sees the old file or the
 * new one and never a part. Only destinations inside {@code file_roots_allowed} are written.
 */
final class CpRecv implements ExecutionFunction {
    /**
     * One file the master staged, as described in the job's {@code files} argument. Its SHA-256 is there only
     * if the master hashed it before publishing (older masters); otherwise it comes with the file's last chunk.
     */
    private record Staged(String source, String name, String sha256, int mode) {
        static Staged from(Object o) throws FunctionException {
            if (!(o instanceof Map<?, ?> m) || !(m.get("source") instanceof String source)
                    || !(m.get("name") instanceof String name) || !(m.get("mode") instanceof Number mode)
                    || (m.get("sha256") != null && !(m.get("sha256") instanceof String))) {
                throw new FunctionException("cp.recv: each file needs source, name and mode (and sha256 a string)");
            }
            String sha = (String) m.get("sha256");
            if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
                throw new FunctionException("cp.recv: '" + name + "' is not a file name");
            }
            return new Staged(source, name, sha, mode.intValue() & 0777);
        }
    }

    @Override
    public String name() {
        return "cp.recv";
    }

    @Override
    public String doc() {
        return "Receives files the master staged for this job (what 'brine cp' runs; not for direct use). DEST is "
                + "a directory (each file keeps its name) or, for one file, the file's new path; it must be inside "
                + "file_roots_allowed.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("files", Param.Type.LIST, "the staged files: source, name, mode, [sha256]"),
                Param.required("dest", Param.Type.STRING, "destination directory, or file path for one file"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        List<Object> files = args.list("files");
        String dest = args.string("dest");
        if (files.isEmpty()) {
            throw new FunctionException("cp.recv: no files to receive");
        }
        ConfinedFiles confined = ConfinedFiles.of(context);
        boolean intoDirectory = files.size() > 1 || dest.endsWith("/") || confined.isDirectory(dest);
        Map<String, Object> written = new LinkedHashMap<>();
        for (Object o : files) {
            Staged f = Staged.from(o);
            MasterLink.Transfer t;
            Path target;
            try (ConfinedFiles.Target into = confined.target(intoDirectory ? dest + "/" + f.name() : dest)) {
                target = into.path();
                t = into.replaceWith(f.mode(), out -> receive(context.master(), f, out));
            }
            Map<String, Object> done = new LinkedHashMap<>();
            done.put("size", t.size());
            done.put("sha256", t.sha256());
            done.put("mode", Modes.format(f.mode()));
            written.put(target.toString(), done);
        }
        return written;
    }

    private static MasterLink.Transfer receive(MasterLink master, Staged f, FileChannel file)
            throws IOException, FunctionException {
        try (FlushingChannel out = new FlushingChannel(file)) {
            MasterLink.Transfer t = master.download(f.source(), out);
            // download() checked the bytes against the hash the master sent with them; a hash in the job too must agree.
            if (f.sha256() != null && !t.sha256().equalsIgnoreCase(f.sha256())) {
                throw new FunctionException(f.name() + " arrived with SHA-256 " + t.sha256() + ", staged as " + f.sha256());
            }
            out.forceAll();
            return t;
        }
    }
}
