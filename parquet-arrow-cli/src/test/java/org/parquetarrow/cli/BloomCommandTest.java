package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

class BloomCommandTest {
  private static final String BLOOM = "data/data_index_bloom_encoding_stats.parquet";
  private static final String WITH_LENGTH = "data/data_index_bloom_encoding_with_length.parquet";

  @Test
  void everyValueArrowCppReadIsFoundInBothPeerFilters() throws Exception {
    // a bloom filter has no false negatives: each value the file holds must be reported possible,
    // in the parquet-mr file (offset only) and in the parquet-rs file (with length)
    for (String file : new String[] {BLOOM, WITH_LENGTH}) {
      List<Object> values = GoldenValues.column(Cli.golden(file), "String");
      assertEquals(14, values.size());
      for (Object v : values.stream().filter(Objects::nonNull).toList()) {
        Cli r = Cli.run("bloom", Cli.corpus(file), "--column", "String", "--value", v.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("row group 0: may contain"), file + " " + v + ": " + r.out());
      }
    }
  }

  @Test
  void mostAbsentValuesAreRuledOut() throws Exception {
    List<Object> present = GoldenValues.column(Cli.golden(BLOOM), "String");
    int ruledOut = 0;
    for (int i = 0; i < 100; i++) {
      String v = "absent-" + i;
      assertTrue(!present.contains(v));
      Cli r = Cli.run("bloom", Cli.corpus(BLOOM), "--column", "String", "--value", v);
      assertEquals(0, r.exit(), r.err());
      if (r.out().contains("row group 0: does not contain")) {
        ruledOut++;
      }
    }
    // a filter sized for 14 values by parquet-mr rejects nearly all others; a hash or bit-order
    // mistake would rule out none (or the test above would fail)
    assertTrue(ruledOut >= 90, "ruled out " + ruledOut + " of 100");
  }

  @Test
  void ownWriterFiltersPerRowGroup(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    Path parquet = dir.resolve("out.parquet");
    ArrowFiles.idsAndNames(arrow, 3000, 1000);
    Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString(), "--bloom", "id,name", "--row-group-rows", "1000");
    assertEquals(0, w.exit(), w.err());
    // id 1500 is in row group 1 only: the others can be ruled out at 1% false positives
    Cli r = Cli.run("bloom", parquet.toString(), "--column", "id", "--value", "1500");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("row group 1: may contain"), r.out());
    Cli s = Cli.run("bloom", parquet.toString(), "--column", "name", "--value", "name-2999");
    assertTrue(s.out().contains("row group 2: may contain"), s.out());
    int ruledOut = 0;
    for (int v = 5000; v < 5100; v++) {
      Cli x = Cli.run("bloom", parquet.toString(), "--column", "id", "--value", Integer.toString(v));
      ruledOut += (int) x.out().lines().filter(l -> l.endsWith("does not contain")).count();
    }
    assertTrue(ruledOut >= 280, "ruled out " + ruledOut + " of 300");
  }

  @Test
  void tenRowsWithBloomFiltersMakeASmallFile(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    Path parquet = dir.resolve("out.parquet");
    ArrowFiles.idsAndNames(arrow, 10, 10);
    Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString(), "--bloom", "id,name");
    assertEquals(0, w.exit(), w.err());
    // each filter is sized for the row group's 10 (or 9) values: one 32-byte block, not the
    // megabytes the bound of a million distinct values would take
    long size = java.nio.file.Files.size(parquet);
    assertTrue(size < 4096, "a file of " + size + " bytes");
    for (int v = 0; v < 10; v++) {
      Cli r = Cli.run("bloom", parquet.toString(), "--column", "id", "--value", Integer.toString(v));
      assertTrue(r.out().contains("row group 0: may contain"), r.out());
    }
  }

  /**
   * Decimals are typed as numbers: the value is hashed as stored (the unscaled INT64 by default,
   * sign-extended big-endian bytes in Arrow C++'s layout), so every written amount is found.
   */
  @Test
  void decimalsAreTypedAsNumbersWhateverTheirStorage(@TempDir Path dir) throws Exception {
    for (ArrowWriteOptions.DecimalEncoding encoding : ArrowWriteOptions.DecimalEncoding.values()) {
      Path parquet = dir.resolve(encoding + ".parquet");
      Schema schema = new Schema(List.of(Field.nullable("amount", new ArrowType.Decimal(12, 2, 128))));
      WriterProperties props = WriterProperties.builder()
          .arrowOptions(ArrowWriteOptions.builder().decimalEncoding(encoding).build())
          .column("amount", c -> c.bloomFilter(new BloomFilterOptions(1000, 0.01))).build();
      try (RootAllocator allocator = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
          ParquetFileWriter w = ParquetFileWriter.open(parquet, schema, props)) {
        DecimalVector v = (DecimalVector) root.getVector(0);
        v.allocateNew(1000);
        for (int i = 0; i < 1000; i++) {
          v.setSafe(i, BigDecimal.valueOf(i * 37L - 5000, 2)); // -50.00 to 319.63
        }
        root.setRowCount(1000);
        w.write(root);
      }
      for (String present : new String[] {"-50", "-49.63", "0.32", "319.63"}) { // rows 0, 1, 136, 999
        Cli r = Cli.run("bloom", parquet.toString(), "--column", "amount", "--value", present);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("row group 0: may contain"), encoding + " " + present + ": " + r.out());
      }
      int ruledOut = 0;
      for (int i = 0; i < 100; i++) {
        Cli r = Cli.run("bloom", parquet.toString(), "--column", "amount", "--value", (1000 + i) + ".01");
        ruledOut += r.out().contains("does not contain") ? 1 : 0;
      }
      assertTrue(ruledOut >= 90, encoding + ": ruled out " + ruledOut + " of 100");
      Cli tooFine = Cli.run("bloom", parquet.toString(), "--column", "amount", "--value", "1.005");
      assertEquals(2, tooFine.exit());
      assertTrue(tooFine.err().contains("DECIMAL(12,2)"), tooFine.out() + " / " + tooFine.err());
    }
  }

  @Test
  void encryptedBloomFiltersAreDecrypted() {
    String f = Cli.corpus("data/encrypt_columns_and_footer_bloom_filter.parquet.encrypted");
    Cli r = Cli.run("bloom", f, "--column", "double_field", "--value", "1.5", "--footer-key", "0123456789012345",
        "--column-key", "double_field:1234567890123450", "--column-key", "float_field:1234567890123451");
    assertEquals(0, r.exit(), r.err());
    assertTrue(!r.out().contains("no bloom filter"), r.out());
    Cli noKey = Cli.run("bloom", f, "--column", "double_field", "--value", "1.5", "--footer-key", "0123456789012345");
    assertEquals(2, noKey.exit(), noKey.out());
  }

  @Test
  void valueThatDoesNotParseIsAnInputError(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    Path parquet = dir.resolve("out.parquet");
    ArrowFiles.idsAndNames(arrow, 10, 10);
    assertEquals(0, Cli.run("from-arrow", arrow.toString(), parquet.toString(), "--bloom", "id").exit());
    Cli r = Cli.run("bloom", parquet.toString(), "--column", "id", "--value", "twelve");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("twelve"), r.err());
    Cli none = Cli.run("bloom", parquet.toString(), "--column", "name", "--value", "x");
    assertEquals(0, none.exit(), none.err());
    assertTrue(none.out().contains("row group 0: no bloom filter"), none.out());
  }
}
