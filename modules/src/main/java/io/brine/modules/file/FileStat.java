package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Salt's {@code file.stats}, as {@code file.stat}: what a file is, without reading it. */
final class FileStat implements ExecutionFunction {
    @Override
    public String name() {
        return "file.stat";
    }

    @Override
    public String doc() {
        return "Describes a file inside file_roots_allowed (links followed): type (file, dir or other), size, mode "
                + "(octal, as '0644'), uid, gid, user, group and mtime (seconds since the epoch).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Path file = AllowedPaths.forProbes(context).existing(args.string("path"));
        BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("path", file.toString());
        out.put("type", basic.isRegularFile() ? "file" : basic.isDirectory() ? "dir" : "other");
        out.put("size", basic.size());
        out.put("mode", Modes.format(Modes.of(file)));
        out.putAll(owner(file));
        out.put("mtime", basic.lastModifiedTime().toMillis() / 1000);
        return out;
    }

    /** Numeric and named owner where the file system has them. */
    private static Map<String, Object> owner(Path file) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            out.put("uid", ((Number) Files.getAttribute(file, "unix:uid")).longValue());
            out.put("gid", ((Number) Files.getAttribute(file, "unix:gid")).longValue());
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            // no numeric ids on this platform
        }
        try {
            PosixFileAttributes posix = Files.readAttributes(file, PosixFileAttributes.class);
            out.put("user", posix.owner().getName());
            out.put("group", posix.group().getName());
        } catch (UnsupportedOperationException e) {
            // no POSIX owners on this file system
        }
        return out;
    }
}
