package org.parquetarrow.read.page;

/**
 * A page of a column chunk, ready for the level and value decoders: a {@link DictionaryPage} or a
 * {@link DataPage}. Index pages and page types this library does not know are skipped by the reader
 * and never appear.
 */
public sealed interface Page permits DictionaryPage, DataPage {

  /**
   * The page's position in its column chunk, counting every page in file order from 0 (the
   * dictionary page, when present, is page 0). Error locations use the same numbering.
   */
  int ordinal();

  /** Where the page's header starts in the file. */
  long fileOffset();
}
