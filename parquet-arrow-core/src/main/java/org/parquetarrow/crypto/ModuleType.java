package org.parquetarrow.crypto;

/**
 * The kinds of separately encrypted module in a Parquet file, with the type byte each contributes
 * to its AAD. Which ordinals follow the type byte depends on the kind: the footer has none, data
 * pages and their headers have row group, column and page ordinals, every other module row group
 * and column ordinals only.
 *
 * <pre>{@code
 * byte[] aad = ModuleAad.of(fileAad, ModuleType.DATA_PAGE_HEADER, rowGroup, column, page);
 * }</pre>
 */
public enum ModuleType {
  FOOTER(0, "footer"),
  COLUMN_META_DATA(1, "column metadata"),
  DATA_PAGE(2, "data page"),
  DICTIONARY_PAGE(3, "dictionary page"),
  DATA_PAGE_HEADER(4, "data page header"),
  DICTIONARY_PAGE_HEADER(5, "dictionary page header"),
  COLUMN_INDEX(6, "column index"),
  OFFSET_INDEX(7, "offset index"),
  BLOOM_FILTER_HEADER(8, "bloom filter header"),
  BLOOM_FILTER_BITSET(9, "bloom filter bitset");

  private final byte id;
  private final String label;

  ModuleType(int id, String label) {
    this.id = (byte) id;
    this.label = label;
  }

  /** The module type byte of the AAD suffix. */
  public byte id() {
    return id;
  }

  /** Whether the AAD carries row group and column ordinals (every module but the footer). */
  public boolean hasColumnOrdinals() {
    return this != FOOTER;
  }

  /** Whether the AAD carries a page ordinal (data pages and data page headers only). */
  public boolean hasPageOrdinal() {
    return this == DATA_PAGE || this == DATA_PAGE_HEADER;
  }

  /** Whether this module is page data, which AES_GCM_CTR_V1 encrypts with AES-CTR. */
  public boolean isPageData() {
    return this == DATA_PAGE || this == DICTIONARY_PAGE;
  }

  /** Human-readable name for messages. */
  public String label() {
    return label;
  }
}
