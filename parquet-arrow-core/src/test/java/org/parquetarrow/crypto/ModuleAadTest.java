package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetCryptoException;

/** Module AADs byte by byte, worked out by hand from the spec's table. */
class ModuleAadTest {
  private static final byte[] FILE_AAD = {'a', 'b', 1, 2};

  @Test
  void fileAadIsPrefixThenUniquePart() {
    assertArrayEquals(FILE_AAD, ModuleAad.fileAad(new byte[] {'a', 'b'}, new byte[] {1, 2}));
    assertArrayEquals(new byte[] {1, 2}, ModuleAad.fileAad(null, new byte[] {1, 2}));
    assertArrayEquals(new byte[] {'a'}, ModuleAad.fileAad(new byte[] {'a'}, null));
  }

  @Test
  void footerHasTypeZeroAndNoOrdinals() {
    assertArrayEquals(new byte[] {'a', 'b', 1, 2, 0}, ModuleAad.footer(FILE_AAD));
  }

  @Test
  void dataPagesAndTheirHeadersCarryAllThreeOrdinals() {
    // row group 1, column 258 = 0x0102, page 3: little-endian int16 each
    assertArrayEquals(new byte[] {'a', 'b', 1, 2, 2, 1, 0, 2, 1, 3, 0},
        ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE, 1, 258, 3));
    assertArrayEquals(new byte[] {'a', 'b', 1, 2, 4, 1, 0, 2, 1, 3, 0},
        ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE_HEADER, 1, 258, 3));
    assertArrayEquals(new byte[] {'a', 'b', 1, 2, 2, (byte) 0xff, 0x7f, 0, 0, 0, 0},
        ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE, 32767, 0, 0));
  }

  @Test
  void otherColumnModulesCarryRowGroupAndColumnOnly() {
    byte[][] expected = {
        {'a', 'b', 1, 2, 1, 5, 0, 6, 0}, // column metadata
        {'a', 'b', 1, 2, 3, 5, 0, 6, 0}, // dictionary page
        {'a', 'b', 1, 2, 5, 5, 0, 6, 0}, // dictionary page header
        {'a', 'b', 1, 2, 6, 5, 0, 6, 0}, // column index
        {'a', 'b', 1, 2, 7, 5, 0, 6, 0}, // offset index
        {'a', 'b', 1, 2, 8, 5, 0, 6, 0}, // bloom filter header
        {'a', 'b', 1, 2, 9, 5, 0, 6, 0}, // bloom filter bitset
    };
    ModuleType[] types = {ModuleType.COLUMN_META_DATA, ModuleType.DICTIONARY_PAGE, ModuleType.DICTIONARY_PAGE_HEADER,
        ModuleType.COLUMN_INDEX, ModuleType.OFFSET_INDEX, ModuleType.BLOOM_FILTER_HEADER, ModuleType.BLOOM_FILTER_BITSET};
    for (int i = 0; i < types.length; i++) {
      assertArrayEquals(expected[i], ModuleAad.of(FILE_AAD, types[i], 5, 6, 99), types[i].label());
    }
  }

  @Test
  void ordinalsBeyondInt16AreRefused() {
    for (int bad : new int[] {32768, 65535, -1, Integer.MAX_VALUE}) {
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
          () -> ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE, 0, 0, bad));
      assertTrue(e.problem().contains("page ordinal " + bad + " is outside 0..32767"), e.getMessage());
      assertThrows(ParquetCryptoException.class, () -> ModuleAad.of(FILE_AAD, ModuleType.COLUMN_INDEX, bad, 0, 0));
      assertThrows(ParquetCryptoException.class, () -> ModuleAad.of(FILE_AAD, ModuleType.OFFSET_INDEX, 0, bad, 0));
    }
    // unused ordinals are not checked
    assertEquals(9, ModuleAad.of(FILE_AAD, ModuleType.COLUMN_INDEX, 0, 0, -1).length);
  }

  @Test
  void columnAadsRewriteThePageOrdinalInPlace() {
    ColumnModuleAads aads = new ColumnModuleAads(FILE_AAD, 2, 3);
    byte[] page7 = aads.of(ModuleType.DATA_PAGE, 7);
    assertArrayEquals(ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE, 2, 3, 7), page7);
    byte[] page300 = aads.of(ModuleType.DATA_PAGE, 300);
    assertSame(page7, page300, "no allocation per page");
    assertArrayEquals(ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE, 2, 3, 300), page300);
    assertArrayEquals(ModuleAad.of(FILE_AAD, ModuleType.DATA_PAGE_HEADER, 2, 3, 1), aads.of(ModuleType.DATA_PAGE_HEADER, 1));
    assertArrayEquals(ModuleAad.of(FILE_AAD, ModuleType.OFFSET_INDEX, 2, 3, 0), aads.of(ModuleType.OFFSET_INDEX, 123));
    assertThrows(IllegalArgumentException.class, () -> aads.of(ModuleType.FOOTER, 0));
    assertThrows(ParquetCryptoException.class, () -> aads.of(ModuleType.DATA_PAGE, 40000));
  }

  @Test
  void moduleTypeFlags() {
    for (ModuleType t : ModuleType.values()) {
      assertEquals(t.ordinal(), t.id(), "the enum follows the spec's numbering");
    }
    assertFalse(ModuleType.FOOTER.hasColumnOrdinals());
    assertTrue(ModuleType.DICTIONARY_PAGE.isPageData());
    assertFalse(ModuleType.DICTIONARY_PAGE_HEADER.isPageData());
    assertFalse(ModuleType.DICTIONARY_PAGE.hasPageOrdinal());
  }
}
