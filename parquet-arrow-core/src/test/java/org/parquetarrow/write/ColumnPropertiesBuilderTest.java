package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;

/** {@link ColumnProperties} as an immutable object with a builder, checked as it is built. */
class ColumnPropertiesBuilderTest {
  @Test
  void theBuilderStartsFromTheDefaultsAndToBuilderKeepsEverySetting() {
    assertEquals(ColumnProperties.defaults(), ColumnProperties.builder().build());
    BloomFilterOptions bloom = new BloomFilterOptions(1000, 0.01);
    ColumnProperties c = ColumnProperties.builder().codec(CompressionCodec.ZSTD, 3).encoding(Encoding.DELTA_BINARY_PACKED)
        .dictionary(false).statistics(false).bloomFilter(bloom).build();
    assertEquals(CompressionCodec.ZSTD, c.codec());
    assertEquals(3, c.codecLevel());
    assertEquals(Encoding.DELTA_BINARY_PACKED, c.encoding());
    assertEquals(false, c.dictionaryEnabled());
    assertEquals(false, c.statisticsEnabled());
    assertEquals(bloom, c.bloomFilter());
    assertEquals(c, c.toBuilder().build());
    assertEquals(CompressionCodec.SNAPPY, c.toBuilder().codec(CompressionCodec.SNAPPY).build().codec());
    assertEquals(null, c.toBuilder().codec(CompressionCodec.SNAPPY).build().codecLevel(), "a codec alone: its default level");
  }

  @Test
  void settingsThatCannotBeWrittenAreRefusedNamingThem() {
    IllegalArgumentException lzo = assertThrows(IllegalArgumentException.class,
        () -> ColumnProperties.builder().codec(CompressionCodec.LZO).build());
    assertTrue(lzo.getMessage().contains("LZO"), lzo.getMessage());
    IllegalArgumentException level = assertThrows(IllegalArgumentException.class,
        () -> ColumnProperties.builder().codec(CompressionCodec.SNAPPY, 2).build());
    assertTrue(level.getMessage().contains("SNAPPY has no levels"), level.getMessage());
    IllegalArgumentException dictionary = assertThrows(IllegalArgumentException.class,
        () -> ColumnProperties.builder().encoding(Encoding.RLE_DICTIONARY).build());
    assertTrue(dictionary.getMessage().contains("RLE_DICTIONARY"), dictionary.getMessage());
  }
}
