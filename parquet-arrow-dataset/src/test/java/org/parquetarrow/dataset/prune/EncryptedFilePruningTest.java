package org.parquetarrow.dataset.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;

/**
 * Pruning a plaintext-footer encrypted file without its keys: the page index, bloom filters and
 * dictionaries of encrypted columns are ciphertext, so filters on those columns keep every row
 * (never an error, never a wrong skip), while filters on the plaintext columns still prune.
 * The file: 5000 rows in row groups of 2000 (see {@link EncryptedWriteFixture}); {@code name}
 * (own key, bloom filter) and {@code score} (footer key, bloom filter) encrypted, {@code id}
 * plaintext.
 */
class EncryptedFilePruningTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private List<RowGroupScan> prune(Path file, String filter) throws Exception {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData md = ParquetFooter.read(in).metadata();
      SchemaMapping mapping = ArrowSchemaConverter.toArrow(md);
      FilePruner pruner = new FilePruner(ExpressionParser.parse(filter), mapping.arrowSchema(), PruningOptions.ALL,
          new PruningMetrics());
      return pruner.prune(in, md, mapping, Map.of());
    }
  }

  private Path file() throws Exception {
    Path file = dir.resolve("enc.parquet");
    EncryptedWriteFixture.write(memory.allocator(), file, EncryptedWriteFixture.writer(
        EncryptedWriteFixture.columnKeys().plaintextFooter(true).build(), DataPageVersion.V1).build());
    return file;
  }

  @Test
  void encryptedColumnsKeepEveryRowAndPlaintextColumnsStillPrune() throws Exception {
    Path file = file();
    for (String filter : List.of("name = 'absent'", "name = 'n5'", "score = 1.5", "score > 100000",
        "name in ('n1', 'n2')")) {
      List<RowGroupScan> scans = prune(file, filter);
      assertEquals(3, scans.size(), filter);
      assertEquals(RowSelection.all(2000), scans.get(0).rows(), filter);
    }
    // id is plaintext: its statistics and page index prune (id 10 lies in the first page of row group 0)
    List<RowGroupScan> id = prune(file, "id = 10");
    assertEquals(1, id.size());
    assertEquals(0, id.get(0).rowGroup());
    assertEquals(RowSelection.fromRanges(0, 300), id.get(0).rows());
  }
}
