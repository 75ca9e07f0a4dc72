package org.parquetarrow.crypto;

/**
 * The AADs of every module of one column chunk, built once. The page ordinal of data pages and
 * data page headers is rewritten in place, so moving to the next page allocates nothing; this
 * makes an instance single-threaded.
 */
final class ColumnModuleAads {
  private final byte[][] aads = new byte[ModuleType.values().length][];

  ColumnModuleAads(byte[] fileAad, int rowGroup, int column) {
    for (ModuleType type : ModuleType.values()) {
      if (type.hasColumnOrdinals()) {
        aads[type.ordinal()] = ModuleAad.of(fileAad, type, rowGroup, column, 0);
      }
    }
  }

  /** The AAD of {@code type}, with {@code page} as page ordinal when the type has one. */
  byte[] of(ModuleType type, int page) {
    byte[] aad = aads[type.ordinal()];
    if (aad == null) {
      throw new IllegalArgumentException("the " + type.label() + " is not a module of a column chunk");
    }
    if (type.hasPageOrdinal()) {
      ModuleAad.putOrdinal(aad, aad.length - ModuleAad.ORDINAL_BYTES, page, "page", type);
    }
    return aad;
  }
}
