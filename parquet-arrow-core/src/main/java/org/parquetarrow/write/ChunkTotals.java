package org.parquetarrow.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.SizeStatistics;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * What a column chunk's metadata states of its data pages, summed as the pages are cut: rows,
 * level slots, nulls, NaNs, unencoded BYTE_ARRAY bytes, level histograms, the encodings and how
 * many pages took each; and the chunk's {@link ColumnMetaData} made from them when it ends.
 *
 * <pre>{@code
 * ChunkTotals totals = new ChunkTotals(column);
 * totals.addPage(rows, slots, nulls, nans, unencoded, defHistogram, repHistogram, Encoding.PLAIN);
 * ColumnMetaData meta = totals.metaData(codec, DataPageVersion.V1, stats, uncompressed, compressed,
 *     dataStart, null);
 * totals.clear();
 * }</pre>
 */
final class ChunkTotals {
  private final ColumnDescriptor column;
  private final int maxDef;
  private final int maxRep;
  private long rows;
  private long slots;
  private long nulls;
  private long nans;
  private long unencoded;
  private final long[] defHistogram;
  private final long[] repHistogram;
  private final Set<Encoding> encodings = new LinkedHashSet<>();
  private final Map<Encoding, Integer> dataPageEncodings = new EnumMap<>(Encoding.class);

  ChunkTotals(ColumnDescriptor column) {
    this.column = column;
    this.maxDef = column.maxDefinitionLevel();
    this.maxRep = column.maxRepetitionLevel();
    this.defHistogram = new long[maxDef + 1];
    this.repHistogram = new long[maxRep + 1];
  }

  void clear() {
    rows = 0;
    slots = 0;
    nulls = 0;
    nans = 0;
    unencoded = 0;
    Arrays.fill(defHistogram, 0);
    Arrays.fill(repHistogram, 0);
    encodings.clear();
    dataPageEncodings.clear();
  }

  /** Adds a data page written with {@code encoding}. */
  void addPage(int pageRows, int pageSlots, long pageNulls, long pageNans, long pageUnencoded, long[] pageDef,
      long[] pageRep, Encoding encoding) {
    rows += pageRows;
    slots += pageSlots;
    nulls += pageNulls;
    nans += pageNans;
    unencoded += pageUnencoded;
    for (int i = 0; i <= maxDef; i++) {
      defHistogram[i] += pageDef[i];
    }
    for (int i = 0; i <= maxRep; i++) {
      repHistogram[i] += pageRep[i];
    }
    encodings.add(encoding);
    dataPageEncodings.merge(encoding, 1, Integer::sum);
  }

  /** Rows of the pages added so far. */
  long rows() {
    return rows;
  }

  long nulls() {
    return nulls;
  }

  long nans() {
    return nans;
  }

  /** Whether some data page refers to the dictionary: the chunk then needs its dictionary page. */
  boolean usesDictionary() {
    return dataPageEncodings.containsKey(Encoding.RLE_DICTIONARY);
  }

  /** Whether every data page is dictionary encoded: the dictionary then holds exactly the chunk's values. */
  boolean fullyDictionaryEncoded() {
    return dataPageEncodings.size() == 1 && usesDictionary();
  }

  /**
   * The chunk's metadata: {@code totalUncompressed} counts the page headers, as the spec says;
   * {@code dictionaryOffset} is {@code null} without a dictionary page.
   */
  ColumnMetaData metaData(CompressionCodec codec, DataPageVersion version, Statistics stats, long totalUncompressed,
      long totalCompressed, long dataStart, Long dictionaryOffset) {
    List<PageEncodingStats> encodingStats = new ArrayList<>();
    Set<Encoding> all = new LinkedHashSet<>();
    if (dictionaryOffset != null) {
      encodingStats.add(new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1));
      all.add(Encoding.PLAIN);
    }
    PageType dataPages = version == DataPageVersion.V1 ? PageType.DATA_PAGE : PageType.DATA_PAGE_V2;
    for (Map.Entry<Encoding, Integer> e : dataPageEncodings.entrySet()) {
      encodingStats.add(new PageEncodingStats(dataPages, e.getKey(), e.getValue()));
    }
    all.addAll(encodings);
    if (maxDef > 0 || maxRep > 0) {
      all.add(Encoding.RLE);
    }
    boolean byteArray = column.physicalType() == PhysicalType.BYTE_ARRAY;
    SizeStatistics size = new SizeStatistics(byteArray ? unencoded : null,
        maxRep > 0 ? boxed(repHistogram) : null,
        // at most one definition level, the histogram is the null count and the rest: the spec
        // lets it be left out, as parquet-java does (6 bytes a page in the column index)
        maxDef > 1 ? boxed(defHistogram) : null);
    return new ColumnMetaData(column.physicalType(), List.copyOf(all), column.path(), codec, slots,
        totalUncompressed, totalCompressed, null, dataStart, null, dictionaryOffset, stats, encodingStats, null, null,
        size, null);
  }

  private static List<Long> boxed(long[] a) {
    List<Long> l = new ArrayList<>(a.length);
    for (long v : a) {
      l.add(v);
    }
    return l;
  }
}
