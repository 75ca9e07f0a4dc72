package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SchemaCommandTest {
  private static final String BLOOM = "data/data_index_bloom_encoding_stats.parquet";
  private static final String UNIFORM = "data/uniform_encryption.parquet.encrypted";
  private static final String NO_AAD = "data/encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted";
  private static final String FOOTER_KEY = "0123456789012345";

  @Test
  void printsParquetTreeAndArrowSchema() {
    Cli r = Cli.run("schema", Cli.corpus(BLOOM));
    assertEquals(0, r.exit(), r.err());
    // catalog: 14 rows / 1 RG, optional BYTE_ARRAY STRING column; golden Arrow schema: String: Utf8
    assertTrue(r.out().contains("rows:       14 in 1 row group(s)"), r.out());
    assertTrue(r.out().contains("optional byte_array String (STRING);"), r.out());
    assertTrue(r.out().contains("Arrow schema:\n  String: Utf8"), r.out());
    assertTrue(r.out().contains("parquet-mr version 1.13.0-SNAPSHOT"), r.out());
  }

  @Test
  void encryptedFooterNeedsTheKey() {
    Cli r = Cli.run("schema", Cli.corpus(UNIFORM));
    assertEquals(2, r.exit());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains("uniform_encryption.parquet.encrypted"), r.err());
    assertTrue(r.err().contains("key"), r.err());
  }

  @Test
  void encryptedFooterReadsWithTheKeyInEveryNotation() {
    // "0123456789012345" as ASCII, hex and base64 (catalog: key kf of the 128-bit files)
    for (String key : new String[] {FOOTER_KEY, "hex:30313233343536373839303132333435",
        "base64:MDEyMzQ1Njc4OTAxMjM0NQ=="}) {
      Cli r = Cli.run("schema", Cli.corpus(UNIFORM), "--footer-key", key);
      assertEquals(0, r.exit(), r.err());
      assertTrue(r.out().contains("rows:       50 in 1 row group(s)"), r.out());
      assertTrue(r.out().contains("columns:    8 leaf column(s)"), r.out());
    }
  }

  @Test
  void wrongKeyIsAnInputError() {
    Cli r = Cli.run("schema", Cli.corpus(UNIFORM), "--footer-key", "1234567890123450");
    assertEquals(2, r.exit(), r.out());
    assertTrue(r.err().contains("uniform_encryption.parquet.encrypted"), r.err());
    assertTrue(!r.err().contains("\tat "), "no stack trace without --verbose: " + r.err());
  }

  @Test
  void aadPrefixTheWriterDidNotStoreIsSupplied() {
    Cli without = Cli.run("schema", Cli.corpus(NO_AAD), "--footer-key", FOOTER_KEY);
    assertEquals(2, without.exit());
    Cli with = Cli.run("schema", Cli.corpus(NO_AAD), "--footer-key", FOOTER_KEY,
        "--column-key", "double_field:1234567890123450", "--column-key", "float_field:1234567890123451",
        "--aad-prefix", "tester");
    assertEquals(0, with.exit(), with.err());
    assertTrue(with.out().contains("rows:       50"), with.out());
  }

  @Test
  void badKeyNotationIsAnInputError() {
    Cli r = Cli.run("schema", Cli.corpus(UNIFORM), "--footer-key", "hex:zz");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("--footer-key"), r.err());
  }
}
