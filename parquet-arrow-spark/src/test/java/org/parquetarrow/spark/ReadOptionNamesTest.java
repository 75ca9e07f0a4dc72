package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code spark.read.format("parquet-arrow").option("batchSzie", ...)}: a key a typo away from one
 * of the source's options is refused, naming it and the option meant; before, it was ignored and
 * the read ran with the default. Spark's own keys and any other unknown key still pass.
 */
class ReadOptionNamesTest {
  @Test
  void aMisspelledOptionIsRefusedWithTheOneMeant() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadConfig.parse(Map.of("batchSzie", "100"), 1 << 20));
    assertTrue(e.getMessage().startsWith("unknown option 'batchSzie' (did you mean batchSize?)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ReadConfig.parse(Map.of("s3.endpiont", "http://127.0.0.1:9000"), 1 << 20));
    assertTrue(e.getMessage().contains("(did you mean s3.endpoint?)"), e.getMessage());
    // the value of a misspelled secret key is not repeated anywhere in the message
    e = assertThrows(IllegalArgumentException.class,
        () -> ReadConfig.parse(Map.of("s3.secretAccesKey", "TOPSECRETVALUE"), 1 << 20));
    assertTrue(e.getMessage().contains("s3.secretAccessKey") && !e.getMessage().contains("TOPSECRETVALUE"), e.getMessage());
  }

  @Test
  void aMisspelledWriteOptionIsRefusedWithTheOneMeant() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WriteConfig.parse(Map.of("compresion", "zstd"), "static"));
    assertTrue(e.getMessage().startsWith("unknown option 'compresion' (did you mean compression?)"), e.getMessage());
    assertEquals(WriteConfig.parse(Map.of("path", "/tmp/x"), "static").rowGroupRows(),
        WriteConfig.parse(Map.of(), "static").rowGroupRows());
  }

  @Test
  void theCodecComesFromTheOptionsThenTheSessionAsWithTheBuiltInWriter() {
    assertEquals(WriteConfig.Codec.SNAPPY, WriteConfig.parse(Map.of(), "static").codec());
    assertEquals(WriteConfig.Codec.ZSTD, WriteConfig.parse(Map.of(), "static", "zstd").codec());
    assertEquals(WriteConfig.Codec.GZIP, WriteConfig.parse(Map.of("parquet.compression", "GZIP"), "static", "zstd").codec());
    assertEquals(WriteConfig.Codec.UNCOMPRESSED,
        WriteConfig.parse(Map.of("compression", "none", "parquet.compression", "gzip"), "static", "zstd").codec());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WriteConfig.parse(Map.of(), "static", "lzo"));
    assertTrue(e.getMessage().contains("lzo"), e.getMessage());
  }

  @Test
  void knownKeysInAnyCaseAndSparksOwnKeysPass() {
    assertEquals(100, ReadConfig.parse(Map.of("batchsize", "100"), 1 << 20).batchSize());
    assertEquals(8192, ReadConfig.parse(Map.of("path", "/tmp/x", "mergeSchema", "false",
        "pathGlobFilter", "*.parquet", "recursiveFileLookup", "true"), 1 << 20).batchSize());
  }
}
