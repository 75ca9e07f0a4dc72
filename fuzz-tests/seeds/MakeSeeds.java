// Cuts seed inputs for the fuzz targets out of the test corpora (parquet-testing, arrow-testing).
// Run by fuzz-tests/seeds/make-seeds (see docs/FUZZING.md); writes under src/test/resources.
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;

public class MakeSeeds {
  static final long SMALL = 16 * 1024;
  /** Small files that decode to more than the targets' memory bound (gigabytes of strings). */
  static final java.util.Set<String> TOO_BIG = java.util.Set.of("large_string_map.brotli.parquet");
  static Path out;

  public static void main(String[] args) throws IOException {
    Path parquetTesting = Path.of(args[0]);
    Path arrowTesting = Path.of(args[1]);
    out = Path.of(args[2]);
    List<Path> plain = new ArrayList<>();
    plain.addAll(small(parquetTesting.resolve("data"), ".parquet"));
    plain.addAll(small(parquetTesting.resolve("bad_data"), ".parquet"));
    plain.addAll(small(parquetTesting.resolve("shredded_variant"), ".parquet").stream().limit(12).toList());
    List<Path> oss = small(arrowTesting.resolve("data/parquet/fuzzing"), "");
    List<Path> encrypted = small(parquetTesting.resolve("data"), ".parquet.encrypted");

    Path file = dir("FileFuzzTestInputs/wholeFile");
    for (Path p : plain) copy(p, file, "");
    for (Path p : oss) copy(p, file, "arrow-");
    Path enc = dir("EncryptedFileFuzzTestInputs/encryptedFile");
    for (Path p : encrypted) copy(p, enc, "");

    Path meta = dir("MetadataFuzzTestInputs/thriftMetadata");
    for (Path p : plain) {
      byte[] b = Files.readAllBytes(p);
      String name = p.getFileName().toString();
      write(meta, "file-" + name, 7, b);
      ParquetFooter footer;
      try {
        footer = ParquetFooter.read(new ByteBufferInputFile(name, b));
      } catch (RuntimeException e) {
        continue;
      }
      int end = b.length - 8;
      write(meta, "footer-" + name, 0, Arrays.copyOfRange(b, end - footer.footerLength(), end));
      write(meta, "page-" + name, 1, Arrays.copyOfRange(b, 4, Math.min(b.length, 4 + 256)));
      for (RowGroup g : footer.metadata().rowGroups()) {
        for (ColumnChunk c : g.columns()) {
          if (c.metaData() != null) {
            write(meta, "column-" + name, 5, MetadataWriter.toBytes(c.metaData()));
            if (c.metaData().bloomFilterOffset() != null) {
              int at = (int) (long) c.metaData().bloomFilterOffset();
              write(meta, "bloom-" + name, 4, Arrays.copyOfRange(b, at, Math.min(b.length, at + 64)));
            }
          }
          if (c.columnIndexOffset() != null && c.columnIndexLength() != null) {
            int at = (int) (long) c.columnIndexOffset();
            write(meta, "colindex-" + name, 2, Arrays.copyOfRange(b, at, at + c.columnIndexLength()));
          }
          if (c.offsetIndexOffset() != null && c.offsetIndexLength() != null) {
            int at = (int) (long) c.offsetIndexOffset();
            write(meta, "offindex-" + name, 3, Arrays.copyOfRange(b, at, at + c.offsetIndexLength()));
          }
        }
      }
    }
    for (Path p : encrypted) {
      byte[] b = Files.readAllBytes(p);
      int len = ByteBuffer.wrap(b, b.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
      // an encrypted footer starts with the plaintext FileCryptoMetaData
      write(meta, "crypto-" + p.getFileName(), 6, Arrays.copyOfRange(b, b.length - 8 - len, b.length - 8));
    }

    // plaintext footers for the encrypted-footer target: decrypted ones, then a few plain ones
    Path footers = dir("EncryptedFooterFuzzTestInputs/encryptedFooter");
    for (org.parquetarrow.crypto.EncryptedCorpus.File f : org.parquetarrow.crypto.EncryptedCorpus.files()) {
      if (size(f.path()) <= SMALL) {
        try {
          ParquetFooter footer = ParquetFooter.read(
              new ByteBufferInputFile(f.relative(), Files.readAllBytes(f.path())), f.keys());
          Files.write(footers.resolve("decrypted-" + f.path().getFileName()), MetadataWriter.toBytes(footer.metadata()));
        } catch (RuntimeException e) {
          // a file these keys do not open is no seed
        }
      }
    }
    for (Path p : plain.stream().limit(20).toList()) {
      byte[] b = Files.readAllBytes(p);
      try {
        ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile(p.toString(), b));
        int end = b.length - 8;
        Files.write(footers.resolve("plain-" + p.getFileName()), Arrays.copyOfRange(b, end - footer.footerLength(), end));
      } catch (RuntimeException e) {
        // an unreadable corpus file has no footer to seed with
      }
    }

    Path variant = dir("VariantFuzzTestInputs/variant");
    Path vdir = parquetTesting.resolve("variant");
    try (Stream<Path> s = Files.list(vdir)) {
      for (Path m : s.filter(x -> x.toString().endsWith(".metadata")).sorted().toList()) {
        String base = m.getFileName().toString().replace(".metadata", "");
        Path v = vdir.resolve(base + ".value");
        if (Files.exists(v)) {
          Files.write(variant.resolve(base), concat(Files.readAllBytes(m), Files.readAllBytes(v)));
        }
      }
    }
    try (Stream<Path> s = Files.list(parquetTesting.resolve("shredded_variant"))) {
      for (Path p : s.filter(x -> x.toString().endsWith(".variant.bin")).sorted().limit(20).toList()) {
        copy(p, variant, "");
      }
    }
  }

  static List<Path> small(Path dir, String suffix) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(suffix) && Files.isRegularFile(p))
          .filter(p -> size(p) <= SMALL && !TOO_BIG.contains(p.getFileName().toString())).sorted().toList();
    }
  }

  static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static Path dir(String relative) throws IOException {
    Path d = out.resolve(relative);
    Files.createDirectories(d);
    return d;
  }

  static void copy(Path p, Path dir, String prefix) throws IOException {
    Files.copy(p, dir.resolve(prefix + p.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  static final java.util.Set<String> written = new java.util.HashSet<>();

  /** Writes the selector byte and {@code body}; one seed of each kind per corpus file. */
  static void write(Path dir, String name, int selector, byte[] body) throws IOException {
    if (!written.add(name)) {
      return;
    }
    Files.write(dir.resolve(name), concat(new byte[] {(byte) selector}, body));
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
