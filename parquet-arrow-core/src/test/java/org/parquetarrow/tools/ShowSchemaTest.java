package org.parquetarrow.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.TestData;

class ShowSchemaTest {
  @Test
  void describesANestedCorpusFile() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ShowSchema.describe(TestData.parquetTesting().resolve("data/nested_maps.snappy.parquet"),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String text = bytes.toString(StandardCharsets.UTF_8);
    // CATALOG.md: 6 rows / 1 RG; 5 leaf cols; written by parquet-mr version 1.8.2
    assertTrue(text.contains("rows:        6 in 1 row group(s)"), text);
    assertTrue(text.contains("columns:     5 leaf column(s)"), text);
    assertTrue(text.contains("parquet-mr version 1.8.2"), text);
    assertTrue(text.contains("Map("), text);
  }
}
