package io.brine.cli;

import io.brine.release.BundleVersion;
import io.brine.release.ReleaseKeys;
import io.brine.release.ReleaseSignature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "release", mixinStandardHelpOptions = true,
        description = "Make release keys and sign agent bundles (docs/updates.md).",
        subcommands = {ReleaseCommand.Keygen.class, ReleaseCommand.Sign.class},
        footer = {"", "Examples:", "  brine release keygen --out /secure/release      # release.key (0600), release.pub",
                "  brine release sign brine-minion_0.2.0_all.deb --key /secure/release/release.key"})
final class ReleaseCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "keygen", mixinStandardHelpOptions = true,
            description = "Make an Ed25519 release key pair: DIR/release.key (mode 0600) and DIR/release.pub, the key "
                    + "minions list in update_keys. An existing key is never overwritten.")
    static final class Keygen implements Callable<Integer> {
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "where to write the pair")
        Path out;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try {
                ReleaseKeys.Written w = ReleaseKeys.generate(out);
                spec.commandLine().getOut().println("private key " + w.privateKey() + " (keep it off the masters)");
                spec.commandLine().getOut().println("public key  " + w.publicKey() + " (list it in minions' "
                        + "update_keys)");
                spec.commandLine().getOut().println("fingerprint " + w.fingerprint());
                return ExitCodes.OK;
            } catch (IOException e) {
                throw new CliException(ExitCodes.FAILED, "cannot make a release key: " + e.getMessage());
            }
        }
    }

    @Command(name = "sign", mixinStandardHelpOptions = true,
            description = "Sign BUNDLE (the brine-minion .deb or the minion jar) with a release key: writes BUNDLE.sig, "
                    + "which states the bundle's kind, version, size and SHA-256.")
    static final class Sign implements Callable<Integer> {
        @Parameters(paramLabel = "BUNDLE", description = "the .deb or jar to sign")
        Path bundle;

        @Option(names = "--key", required = true, paramLabel = "FILE", description = "the release private key")
        Path key;

        @Option(names = "--version", paramLabel = "VERSION",
                description = "the bundle's version, when it does not say it itself (default: read from the bundle)")
        String version;

        @Option(names = "--sig", paramLabel = "FILE", description = "where to write the signature (default: BUNDLE.sig)")
        Path sig;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try {
                String v = version != null ? version : BundleVersion.of(bundle);
                var privateKey = ReleaseKeys.readPrivate(key);
                Path pub = key.resolveSibling(ReleaseKeys.PUBLIC_FILE);
                var publicKey = Files.exists(pub) ? ReleaseKeys.readPublic(pub) : null;
                if (publicKey == null) {
                    throw new CliException(ExitCodes.FAILED, "no " + pub + " beside the private key: the signature "
                            + "names its key by the public half");
                }
                ReleaseSignature s = ReleaseSignature.sign(bundle, v, privateKey, publicKey);
                Path out = sig != null ? sig : bundle.resolveSibling(bundle.getFileName() + ".sig");
                Files.writeString(out, s.text(), StandardCharsets.UTF_8);
                spec.commandLine().getOut().println("signed " + bundle + " (" + s.release().kind().word() + " "
                        + v + ", sha256 " + s.release().sha256() + ") with " + s.keyFingerprint() + ": " + out);
                return ExitCodes.OK;
            } catch (IOException | IllegalArgumentException e) {
                throw new CliException(ExitCodes.FAILED, "cannot sign " + bundle + ": " + e.getMessage());
            }
        }
    }
}
