package org.parquetarrow.format;

/**
 * When the footer's column chunks ({@code RowGroup.columns}) are decoded. A wide file's footer is
 * mostly column chunk metadata (row groups × columns of it): a read of a few of its columns needs
 * only theirs, a read of all of them (or {@code meta}) needs them all.
 *
 * <pre>{@code
 * // a projected read of 3 columns of a 2,000-column file decodes 3 chunks per row group
 * ParquetFooter footer = ParquetFooter.read(in, MetadataLimits.DEFAULT, null, ChunkDecoding.ON_FIRST_ACCESS);
 * ColumnMetaData id = footer.metadata().rowGroups().get(0).columns().get(17).metaData();
 * }</pre>
 */
public enum ChunkDecoding {
  /**
   * Every chunk is decoded with the footer, and a broken chunk fails the footer: the fastest when
   * every chunk is used, the default.
   */
  EAGER,
  /**
   * Row groups of {@value FileMetaDataCodec#LAZY_MIN_COLUMNS} columns or more keep their chunks as
   * bytes, each decoded on its first {@code get}. The footer's parse still checks every chunk's
   * structure (lengths, limits, nesting, wire types); what only a decode sees (a required field
   * missing, an undefined physical type) raises the same {@link org.parquetarrow.CorruptFileException}
   * on first access to that chunk. Narrower row groups are decoded as with {@link #EAGER}.
   */
  ON_FIRST_ACCESS
}
