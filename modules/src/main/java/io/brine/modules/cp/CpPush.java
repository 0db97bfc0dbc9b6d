package io.brine.modules.cp;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.MasterLink;
import io.brine.functions.Param;
import io.brine.modules.file.ConfinedFiles;
import io.brine.modules.file.Modes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code cp.push}: sends a file to the master, which keeps it as {@code cachedir/minions/ID/files/PATH}.
 * PATH is the file's real path (links resolved), and only files inside {@code file_roots_allowed} are sent.
 */
final class CpPush implements ExecutionFunction {
    @Override
    public String name() {
        return "cp.push";
    }

    @Override
    public String doc() {
        return "Sends a file to the master, stored as cachedir/minions/ID/files/PATH, in chunks each acknowledged, "
                + "verified by SHA-256. Returns the stored path, size and SHA-256; 'brine cp --from' fetches it.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path of a file inside file_roots_allowed"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        try (ConfinedFiles.Opened file = ConfinedFiles.of(context).read(args.string("path"))) {
            int mode = Modes.of(file.attributes().permissions());
            MasterLink.Transfer t = context.master().push(file.channel(), file.path().toString(), mode);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("path", file.path().toString());
            out.put("size", t.size());
            out.put("sha256", t.sha256());
            out.put("mode", Modes.format(mode));
            return out;
        }
    }
}
