package org.parquetarrow.crypto;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The encrypted files of parquet-testing with the keys its catalog lists, for tests outside this
 * package (the integration tests): a public face of {@link EncryptedCorpusTest}'s catalog parser.
 *
 * <pre>{@code
 * for (EncryptedCorpus.File f : EncryptedCorpus.files()) {
 *   ReadOptions.builder(allocator).decryption(f.keys()) ...
 * }
 * }</pre>
 */
public final class EncryptedCorpus {
  private EncryptedCorpus() {}

  /**
   * One encrypted corpus file: its path relative to parquet-testing, where it is, and the keys
   * (and AAD prefix when the file does not store it) that open it.
   */
  public record File(String relative, Path path, long rows, FileDecryptionProperties keys) {
    @Override
    public String toString() {
      return relative;
    }
  }

  /** Every {@code *.parquet.encrypted} file of the corpus, with its keys. */
  public static List<File> files() {
    try {
      List<File> out = new ArrayList<>();
      for (EncryptedCorpusTest.Entry e : EncryptedCorpusTest.files().toList()) {
        out.add(new File(e.relative(), e.path(), e.rows(), EncryptedCorpusTest.keys(e).build()));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
