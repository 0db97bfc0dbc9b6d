package io.brine.master;

import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.KeyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Minion public keys on disk, in Salt's layout under {@code pki_dir}: {@code minions/} (accepted),
 * {@code minions_pre/} (pending), {@code minions_rejected/}, {@code minions_denied/}; one PEM file per
 * minion, named by its id. Ids are validated before they touch a path, so an id can never name a file
 * outside these directories. Moves between states are atomic renames, so the master process and a
 * {@code brine key} process can work on the same directory.
 */
final class KeyDirectory implements KeyStore {
    private final Path pkiDir;
    private final Map<KeyStatus, Listing> listings = new ConcurrentHashMap<>();

    private record Listing(FileTime modified, List<String> ids) {
    }

    public KeyDirectory(Path pkiDir) {
        this.pkiDir = pkiDir;
    }

    public Path pkiDir() {
        return pkiDir;
    }

    /**
     * Ids filed under a status, sorted. The listing is cached until the directory's modification time
     * changes (every accept, reject, delete or new key renames a file in it, from this process or
     * another), because the master resolves targets against it on every publication.
     */
    @Override
    public List<String> ids(KeyStatus status) {
        Path dir = dir(status);
        try {
            FileTime modified = Files.getLastModifiedTime(dir);
            Listing cached = listings.get(status);
            if (cached != null && cached.modified().equals(modified)) {
                return new ArrayList<>(cached.ids());
            }
            List<String> fresh = list(status);
            listings.put(status, new Listing(modified, List.copyOf(fresh)));
            return fresh;
        } catch (IOException e) {
            return list(status);
        }
    }

    private List<String> list(KeyStatus status) {
        Path dir = dir(status);
        List<String> ids = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return ids;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (MinionId.isValid(name) && Files.isRegularFile(f)) {
                    ids.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        ids.sort(null);
        return ids;
    }

    /** Where {@code id} is filed, if anywhere; accepted wins if a key is somehow in several places. */
    @Override
    public Optional<KeyStatus> statusOf(String id) {
        MinionId.requireValid(id);
        for (KeyStatus s : KeyStatus.values()) {
            if (Files.isRegularFile(file(s, id))) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<byte[]> publicKey(KeyStatus status, String id) {
        Path f = file(status, id);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(KeyFiles.readPublicKey(f));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read key " + f, e);
        }
    }

    /** Files a key under a status, replacing any key already there for that status. */
    @Override
    public void put(KeyStatus status, String id, byte[] publicKey) {
        try {
            Files.createDirectories(dir(status));
            KeyFiles.writePublicKey(file(status, id), publicKey);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write key for " + id, e);
        }
    }

    /** Moves a key from one status to another; false if it was not filed under {@code from}. */
    @Override
    public boolean move(String id, KeyStatus from, KeyStatus to) {
        Path source = file(from, id);
        if (!Files.isRegularFile(source)) {
            return false;
        }
        try {
            Files.createDirectories(dir(to));
            try {
                Files.move(source, file(to, id), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(source, file(to, id), StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move key for " + id, e);
        }
    }

    /** Removes {@code id}'s key from every status; true if there was one. */
    @Override
    public boolean delete(String id) {
        boolean any = false;
        for (KeyStatus s : KeyStatus.values()) {
            try {
                any |= Files.deleteIfExists(file(s, id));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete key for " + id, e);
            }
        }
        return any;
    }

    /** Removes {@code id}'s key from one status; true if it was there. */
    @Override
    public boolean remove(KeyStatus status, String id) {
        try {
            return Files.deleteIfExists(file(status, id));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete key for " + id, e);
        }
    }

    Path dir(KeyStatus status) {
        return pkiDir.resolve(switch (status) {
            case ACCEPTED -> "minions";
            case PENDING -> "minions_pre";
            case REJECTED -> "minions_rejected";
            case DENIED -> "minions_denied";
        });
    }

    private Path file(KeyStatus status, String id) {
        return dir(status).resolve(MinionId.requireValid(id));
    }
}
