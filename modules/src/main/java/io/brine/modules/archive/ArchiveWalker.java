package io.brine.modules.archive;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.compressors.CompressorException;
import org.apache.commons.compress.compressors.CompressorStreamFactory;

/**
 * Visits the members of a tar (plain, gzip, bzip2 or xz; the compression is recognised from its
 * magic bytes, not the file name) or zip archive, in order, with each file member's content.
 */
final class ArchiveWalker {
    enum Format { TAR, ZIP }

    interface Visitor {
        void visit(Entry entry, InputStream content) throws IOException;
    }

    private ArchiveWalker() {}

    /** zip when the name or the format argument says so, otherwise tar. */
    static Format format(String source, String declared) {
        if (declared != null) {
            return Format.valueOf(declared.toUpperCase(java.util.Locale.ROOT));
        }
        return source.toLowerCase(java.util.Locale.ROOT).endsWith(".zip") ? Format.ZIP : Format.TAR;
    }

    static void walk(Path archive, Format format, Visitor visitor) throws IOException {
        if (format == Format.ZIP) {
            walkZip(archive, visitor);
        } else {
            walkTar(archive, visitor);
        }
    }

    private static void walkTar(Path archive, Visitor visitor) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive));
                  TarArchiveInputStream tar = new TarArchiveInputStream(decompressed(raw))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                Entry.Kind kind = e.isDirectory() ? Entry.Kind.DIRECTORY
                        : e.isSymbolicLink() ? Entry.Kind.SYMLINK
                        : e.isLink() ? Entry.Kind.HARDLINK
                        : e.isFile() ? Entry.Kind.FILE : Entry.Kind.OTHER;
                visitor.visit(new Entry(e.getName(), kind, e.getMode() & 07777, e.getLinkName(), e.getLastModifiedTime().toMillis()), tar);
            }
        }
    }

    private static InputStream decompressed(InputStream raw) throws IOException {
        try {
            String compression = CompressorStreamFactory.detect(raw);
            return new BufferedInputStream(new CompressorStreamFactory().createCompressorInputStream(compression, raw));
        } catch (CompressorException notCompressed) {
            return raw;
        }
    }

    private static void walkZip(Path archive, Visitor visitor) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(archive).get()) {
            for (ZipArchiveEntry e : Collections.list(zip.getEntries())) {
                int mode = e.getPlatform() == ZipArchiveEntry.PLATFORM_UNIX ? e.getUnixMode() & 07777 : -1;
                if (e.isUnixSymlink()) {
                    visitor.visit(new Entry(e.getName(), Entry.Kind.SYMLINK, mode, zip.getUnixSymlink(e), e.getTime()), InputStream.nullInputStream());
                } else if (e.isDirectory()) {
                    visitor.visit(new Entry(e.getName(), Entry.Kind.DIRECTORY, mode, null, e.getTime()), InputStream.nullInputStream());
                } else {
                    try (InputStream in = zip.getInputStream(e)) {
                        visitor.visit(new Entry(e.getName(), Entry.Kind.FILE, mode, null, e.getTime()), in);
                    }
                }
            }
        }
    }
}
