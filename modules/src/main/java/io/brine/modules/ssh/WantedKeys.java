package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an {@code ssh_auth} state asks for, worked out from its arguments as Salt does: the account, its keys file,
 * and the keys, either from {@code name} (a bare key, {@code key comment}, or a whole authorized_keys line whose
 * parts override {@code enc}, {@code comment} and {@code options}) or from every key in a {@code source} file.
 *
 * @param label how comments and changes name the keys: the key itself, or the state's name for a source file
 */
record WantedKeys(SshUser user, Path file, List<AuthorizedKey> keys, String label, String source) {
    static final List<Param> PARAMS = List.of(
            Param.required("user", Type.STRING, "the account whose authorized_keys file is edited"),
            Param.optional("enc", Type.STRING, "ssh-rsa", "the key type: ssh-rsa, ssh-ed25519, ecdsa..., or rsa, ed25519"),
            Param.optional("comment", Type.STRING, "", "the comment written after the key"),
            Param.optional("source", Type.STRING, "", "a file of keys (brine://, salt:// or a local path) instead of name"),
            Param.optional("options", Type.STRING_LIST, null, "options written before the key, such as no-pty"),
            Param.optional("config", Type.STRING, ".ssh/authorized_keys",
                    "the keys file, relative to the home directory unless absolute; %h and %u are expanded"),
            Param.optional("fingerprint_hash_type", Type.STRING, null,
                    "accepted for Salt compatibility; keys are compared whole"));

    /**
     * The request, or an {@link IllegalArgumentException} whose message is the state's failure comment.
     *
     * @param strict true for present: the key type must be known and the key valid base64
     */
    static WantedKeys of(Arguments args, StateContext ctx, boolean strict) throws IOException, InterruptedException {
        String userName = args.string("user");
        SshUser user = SshUser.lookup(userName, ctx.commands())
                .orElseThrow(() -> new IllegalArgumentException(SshUser.missing(userName)));
        Path file = user.file(args.string("config"));
        String source = args.string("source");
        if (!source.isEmpty()) {
            return new WantedKeys(user, file, fromSource(source, args, ctx, strict), args.name(), source);
        }
        AuthorizedKey key = fromName(args);
        return new WantedKeys(user, file, List.of(strict ? checked(key) : key), key.key(), "");
    }

    /** The key a state's name carries, whether the name is a whole line or the key with a comment. */
    static String keyOf(String name) {
        AuthorizedKey line = AuthorizedKey.parse(name.strip());
        return line != null ? line.key() : name.strip().split("\\s+", 2)[0];
    }

    private static AuthorizedKey fromName(Arguments args) {
        String name = args.name().strip();
        AuthorizedKey line = AuthorizedKey.parse(name);
        if (line != null) {
            List<String> options = line.options().isEmpty() ? args.strings("options") : line.options();
            String comment = line.comment().isEmpty() ? args.string("comment") : line.comment();
            return new AuthorizedKey(options, line.enc(), line.key(), comment);
        }
        String[] keyAndComment = name.split("\\s+", 2);
        String comment = keyAndComment.length == 2 ? keyAndComment[1] : args.string("comment");
        return new AuthorizedKey(args.strings("options"), args.string("enc"), keyAndComment[0], comment);
    }

    private static List<AuthorizedKey> fromSource(String source, Arguments args, StateContext ctx, boolean strict)
            throws IOException {
        Optional<Path> local = Sources.resolve(source, ctx.files());
        if (local.isEmpty()) {
            throw new IllegalArgumentException("Source file " + source + " of the ssh keys is missing");
        }
        List<AuthorizedKey> keys = new ArrayList<>();
        for (String line : Files.readAllLines(local.get())) {
            AuthorizedKey k = AuthorizedKey.parse(line);
            if (k != null && k.valid()) {
                // a key without options of its own takes the state's, as Salt applies them line by line
                keys.add(strict ? checked(k.options().isEmpty() ? k.withOptions(args.strings("options")) : k) : k);
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException(
                    "Source file " + source + " holds no ssh public key of the form 'enc key [comment]'");
        }
        return keys;
    }

    private static AuthorizedKey checked(AuthorizedKey k) {
        String enc = KeyTypes.refine(k.enc()).orElseThrow(() -> new IllegalArgumentException(KeyTypes.unknown(k.enc())));
        if (!k.valid()) {
            throw new IllegalArgumentException("Invalid public ssh key " + k.key() + ": not a single base64 word");
        }
        return new AuthorizedKey(k.options(), enc, k.key(), k.comment());
    }

    boolean fromSource() {
        return !source.isEmpty();
    }

    /** Fails (by message) when the file lies in a home directory that does not exist: Salt will not create one. */
    void requireHome() {
        if (file.startsWith(user.home()) && !Files.isDirectory(user.home())) {
            throw new IllegalArgumentException("Cannot add the ssh key for " + user.name() + ": home directory "
                    + user.home() + " does not exist");
        }
    }
}
