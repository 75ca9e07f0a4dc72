package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
