package org.parquetarrow.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.parquetarrow.bloom.BloomFilterBuilder;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.crypto.ColumnEncryptor;
import org.parquetarrow.crypto.FileEncryptor;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.encoding.DictionaryIndexEncoder;
import org.parquetarrow.encoding.RleBitPackedHybridEncoder;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Writes one leaf column, one column chunk per row group: appends shredded batches to the open
 * page, cuts pages by encoded size and row count at record boundaries, encodes (dictionary first,
 * falling back to the configured encoding when the dictionary outgrows its limit), compresses and
 * keeps the finished pages of the current chunk until the row group is written. Collects chunk
 * statistics, SizeStatistics, page index entries and the bloom filter on the way.
 *
 * <p>This class cuts pages and decides the encoding of each; its parts do the rest: {@link
 * PageWriter} makes the stored bytes of every page (compression, encryption, CRC, header), {@link
 * DictionaryFallback} judges when the dictionary is given up early, {@link PageIndexBuilder} and
 * {@link ChunkTotals} collect what the page index and the chunk's metadata state.
 */
final class ColumnChunkWriter implements AutoCloseable {
  /** Slots appended between checks of the page size. */
  private static final int STEP = 1024;
  /** Pages smaller than this are stored in line: handing them to a helper would cost more than it saves. */
  private static final int HELPER_MIN_BYTES = 16 * 1024;

  private final ColumnDescriptor column;
  private final ColumnProperties properties;
  private final WriterProperties writer;
  private final LeafValues values;
  private final ValueEncoder valueEncoder;
  private final int maxDef;
  private final int maxRep;
  private final boolean utf8;
  private final PageWriter pageWriter;
  private final DictionaryFallback fallback;
  /** The file's encryptor when this column is encrypted, else {@code null}. */
  private final FileEncryptor encryptor;
  private final int columnOrdinal;
  /** Row groups finished so far: the row group ordinal of the open chunk's AADs. */
  private int rowGroupOrdinal;

  // the open page
  private final RleBitPackedHybridEncoder defLevels;
  private final RleBitPackedHybridEncoder repLevels;
  private int[] pageIds = new int[0];
  private int pageIdCount;
  private int pageSlots;
  private int pageValues;
  private int pageRows;
  private long pageUnencoded;
  /** PLAIN bytes of the open page's values while they are dictionary encoded (for the first-page check). */
  private long pagePlainBytes;
  private final long[] pageDefHistogram;
  private final long[] pageRepHistogram;
  private boolean pageUsesDictionary;
  /**
   * The batch being appended has its definition levels as bits (see {@link
   * ShreddedColumn#definitionBits}): the bitmap's address and the bit of its first slot.
   */
  private boolean definitionBits;
  private long definitionBitsAddress;
  private long definitionBitsFrom;
  /** Encodes the open page's {@link #pageIds}; kept from page to page with its buffer. */
  private final DictionaryIndexEncoder pageIdEncoder = new DictionaryIndexEncoder(1);

  // the open chunk
  private boolean dictionaryActive;
  /**
   * The chunk's data pages, as stored; {@code null} for a page the {@link #lane} has not stored yet
   * (its slot is taken when the page is cut, so the count and the AAD ordinals are known at once).
   */
  private final List<PageWriter.StoredPage> pages = new ArrayList<>();
  /**
   * Where pages are stored (in line or on a helper thread), and the body buffers of pages the page
   * writer only reads (compressed or encrypted pages); shared by the columns of a file, which
   * flush one at a time.
   */
  private final PageLane lane;
  /** Bytes of the stored {@link #pages}. */
  private long chunkCompressed;
  /**
   * An upper bound of the bytes the chunk's pages in flight will take once stored (see {@link
   * #storedBound}); 0 when none is.
   */
  private long inFlightBound;
  private final ChunkTotals totals;
  private final PageIndexBuilder pageIndex;
  /** The open chunk's bloom filter, sized when the chunk ends; {@code null} without one. */
  private BloomFilterBuilder bloom;

  /**
   * @param encryptor the file's encryptor when this column is encrypted, else {@code null}
   * @param columnOrdinal the column's index among the leaves, which the module AADs carry
   * @param lane where pages are stored, shared by the file's columns
   */
  ColumnChunkWriter(ColumnDescriptor column, ColumnProperties properties, WriterProperties writer,
      LeafValues values, FileEncryptor encryptor, int columnOrdinal, PageLane lane) {
    this.lane = lane;
    this.encryptor = encryptor;
    this.columnOrdinal = columnOrdinal;
    this.column = column;
    this.properties = properties;
    this.writer = writer;
    this.values = values;
    this.maxDef = column.maxDefinitionLevel();
    this.maxRep = column.maxRepetitionLevel();
    this.utf8 = column.node().effectiveLogicalType() instanceof LogicalType.StringType
        || column.node().effectiveLogicalType() instanceof LogicalType.JsonType;
    this.valueEncoder = ValueEncoder.create(properties.encoding(), column, values,
        writer.dataPageVersion());
    this.defLevels = new RleBitPackedHybridEncoder(bitWidth(maxDef));
    this.repLevels = new RleBitPackedHybridEncoder(bitWidth(maxRep));
    this.pageDefHistogram = new long[maxDef + 1];
    this.pageRepHistogram = new long[maxRep + 1];
    this.totals = new ChunkTotals(column);
    this.pageIndex = new PageIndexBuilder(maxDef, maxRep);
    this.pageWriter = new PageWriter(properties.codec(), properties.codecLevel(), writer.pageChecksumEnabled(),
        lane);
    this.fallback = new DictionaryFallback(values, writer, pageWriter, valueEncoder.encoding());
    startChunk();
  }

  private static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /** The column order the footer states for this column: total order for floats written in it. */
  org.parquetarrow.format.ColumnOrder columnOrder() {
    return values.totalOrder() ? org.parquetarrow.format.ColumnOrder.IEEE_754_TOTAL_ORDER
        : org.parquetarrow.format.ColumnOrder.TYPE_DEFINED_ORDER;
  }

  ColumnDescriptor column() {
    return column;
  }

  private void startChunk() {
    pageWriter.startChunk(encryptor == null ? null
        : encryptor.columnEncryptor(rowGroupOrdinal, columnOrdinal, column.dottedPath()));
    dictionaryActive = properties.dictionaryEnabled() && values.dictionarySupported();
    values.clearDictionary();
    fallback.startChunk();
    values.resetChunkStatistics();
    pages.clear();
    chunkCompressed = 0;
    inFlightBound = 0;
    totals.clear();
    values.pageNans = 0;
    BloomFilterOptions b = properties.bloomFilter();
    bloom = b == null ? null : new BloomFilterBuilder(b.expectedDistinctValues(), b.falsePositiveProbability());
    pageIndex.clear(writer.pageIndexEnabled());
  }

  /** Compressed bytes held for the open chunk, plus the open page's estimate. */
  long bufferedBytes() {
    lane.await(); // the sizes of pages in flight, so that row groups are cut as in line
    return chunkCompressed + inFlightBound + pageEstimate();
  }

  /**
   * At least {@link #bufferedBytes()}, without waiting for the pages in flight: each counts with
   * an upper bound of its stored size. Exact when no page is in flight.
   */
  long bufferedBytesAtMost() {
    return chunkCompressed + inFlightBound + pageEstimate();
  }

  /** Checks that {@link #write} can take {@code s} without losing or wrapping a value. */
  void check(ShreddedColumn s) {
    if (s.valueCount > 0) {
      values.checkConvertible(s.values(), s.valueIndices, s.valueCount, column.dottedPath());
    }
  }

  /** Whether the values of {@code s} take more than {@code limit} bytes once gathered (binary values). */
  boolean gathersMoreThan(ShreddedColumn s, long limit) {
    return s.valueCount > 0 && values.gathersMoreThan(s.values(), s.valueIndices, s.valueCount, limit);
  }

  /** Appends a shredded batch (whole rows). */
  void write(ShreddedColumn s) {
    if (s.valueCount > 0) {
      values.gather(s.values(), s.valueIndices, s.valueCount);
    }
    // steps of about a page of values at most, so that large values (documents, images) make pages
    // of a few values each rather than of STEP values
    long mean = s.valueCount > 0 ? values.meanValueBytes() : 0;
    int step = mean <= 0 ? STEP : (int) Math.max(1, Math.min(STEP, writer.dataPageSize() / mean));
    int[] def = s.definitionLevels;
    int[] rep = s.repetitionLevels;
    definitionBits = s.definitionBits;
    definitionBitsAddress = s.definitionBitsAddress;
    definitionBitsFrom = s.definitionBitsFrom;
    int n = s.slotCount;
    int slot = 0;
    int value = 0;
    while (slot < n) {
      // one step: up to `step` slots ending on a record boundary, and no more rows than the page may take
      int rowsAllowed = writer.dataPageRowLimit() - pageRows;
      int end;
      int rows;
      if (rep == null) {
        // one slot per row: the step's end is known
        rows = Math.min(n - slot, Math.min(step, rowsAllowed));
        end = slot + rows;
      } else {
        // the rows starting in the next `step` slots, counted without a branch per slot; the step
        // then runs on to the end of the last row (a new row starts at a repetition level of 0)
        int limit = Math.min(n, slot + step);
        int starts = 0;
        for (int k = slot; k < limit; k++) {
          starts += (rep[k] - 1) >>> 31;
        }
        if (starts <= rowsAllowed) {
          end = limit;
          while (end < n && rep[end] != 0) {
            end++;
          }
          rows = starts;
        } else {
          // the page's row limit falls inside these slots: stop before the first row past it
          end = slot;
          rows = 0;
          while (end < n) {
            if (rep[end] == 0) {
              if (rows == rowsAllowed) {
                break;
              }
              rows++;
            }
            end++;
          }
        }
      }
      value += appendStep(def, rep, slot, end, value, rows);
      slot = end;
      if (pageRows >= writer.dataPageRowLimit() || pageEstimate() >= writer.dataPageSize()) {
        flushPage();
      }
      if (dictionaryActive && values.dictionaryPlainSize() > writer.dictionaryPageSizeLimit()) {
        // the dictionary has outgrown its page: what is encoded stays, the rest goes to the fallback
        flushPage();
        dictionaryActive = false;
      }
    }
  }

  /** Appends slots {@code [from, to)}, whose values start at {@code valueFrom}; returns their value count. */
  private int appendStep(int[] def, int[] rep, int from, int to, int valueFrom, int rows) {
    int slots = to - from;
    int n;
    if (def != null) {
      defLevels.write(def, from, slots);
      long before = pageDefHistogram[maxDef];
      LevelHistogram.add(def, from, to, pageDefHistogram);
      n = (int) (pageDefHistogram[maxDef] - before);
    } else if (definitionBits) {
      // a nullable top-level leaf: its validity bits are the levels (maximum 1)
      long bit = definitionBitsFrom + from;
      defLevels.writeBits(definitionBitsAddress, bit, slots);
      n = (int) Bitmaps.countSetBits(definitionBitsAddress, bit, slots);
      pageDefHistogram[1] += n;
      pageDefHistogram[0] += slots - n;
    } else {
      pageDefHistogram[0] += slots;
      n = slots;
    }
    if (rep != null) {
      repLevels.write(rep, from, slots);
      if (maxRep == 1) {
        // every row starts at level 0, every other slot continues it at 1
        pageRepHistogram[0] += rows;
        pageRepHistogram[1] += slots - rows;
      } else {
        LevelHistogram.add(rep, from, to, pageRepHistogram);
      }
    } else {
      pageRepHistogram[0] += slots;
    }
    int valueTo = valueFrom + n;
    if (n > 0) {
      if (dictionaryActive) {
        if (pageIds.length < pageIdCount + n) {
          pageIds = Arrays.copyOf(pageIds, Math.max(pageIdCount + n, pageIds.length * 2));
        }
        values.dictionaryIds(valueFrom, valueTo, pageIds, pageIdCount);
        values.updateStatisticsFromDictionary(valueFrom, valueTo, pageIds, pageIdCount);
        pageIdCount += n;
        pagePlainBytes += values.plainSize(valueFrom, valueTo);
        pageUsesDictionary = true;
      } else {
        valueEncoder.append(valueFrom, valueTo);
        values.updateStatistics(valueFrom, valueTo);
      }
      if (bloom != null) {
        values.addHashes(valueFrom, valueTo, bloom);
      }
      pageUnencoded += values.unencodedByteArrayBytes(valueFrom, valueTo);
    }
    pageSlots += slots;
    pageValues += n;
    pageRows += rows;
    return n;
  }

  private long pageEstimate() {
    long levels = (maxDef > 0 ? defLevels.estimatedSize() : 0) + (maxRep > 0 ? repLevels.estimatedSize() : 0);
    long vals = pageUsesDictionary
        ? (long) pageIdCount * Math.max(1, bitWidth(Math.max(1, values.dictionarySize() - 1))) / 8 + 1
        : valueEncoder.estimatedSize();
    return levels + vals;
  }

  private void flushPage() {
    if (pageSlots == 0) {
      return;
    }
    // v1: the levels, then the values in the same buffer, which is compressed as it stands
    boolean v1 = writer.dataPageVersion() == DataPageVersion.V1;
    int capacity = (int) Math.min(Integer.MAX_VALUE - 16, pageEstimate() + 64);
    ByteSink body;
    if (v1 && pageWriter.keepsV1Body()) {
      body = new ByteSink(capacity); // becomes the stored page
    } else {
      body = lane.freeBody();
      // a page of large values (documents, images) does not leave its size behind for every page after it
      body.resetAndTrim(Math.max(capacity, 4 * writer.dataPageSize()));
    }
    if (v1) {
      if (maxRep > 0) {
        repLevels.flushWithLengthTo(body);
      }
      if (maxDef > 0) {
        defLevels.flushWithLengthTo(body);
      }
    }
    int valuesStart = body.size();
    Encoding encoding;
    if (pageUsesDictionary) {
      DictionaryIndexEncoder ids = pageIdEncoder;
      ids.reset(Math.max(1, values.dictionarySize()));
      ids.write(pageIds, 0, pageIdCount);
      ids.flushTo(body);
      encoding = Encoding.RLE_DICTIONARY;
      if (pages.isEmpty() && dictionaryActive
          && fallback.hopeless(body.size() - valuesStart, pageRows, pageValues, pagePlainBytes)) {
        // given up at once rather than grown to its size limit
        dictionaryActive = false;
        if (valueEncoder.encoding() == Encoding.PLAIN) {
          // the page's values are the dictionary entries its ids name: written PLAIN, the chunk
          // needs no dictionary page at all
          body.truncate(valuesStart);
          values.writePlainFromDictionary(pageIds, pageIdCount, body);
          values.clearDictionary();
          encoding = Encoding.PLAIN;
        }
      } else if (pages.size() == 1 && dictionaryActive && fallback.plainSmallerUntilFull(body, valuesStart,
          pageIds, pageIdCount, pageRows, pageValues, pagePlainBytes, totals.rows())) {
        // the values written so far keep their dictionary; this page and the rest go PLAIN
        body.truncate(valuesStart);
        values.writePlainFromDictionary(pageIds, pageIdCount, body);
        encoding = Encoding.PLAIN;
        dictionaryActive = false;
      }
      if (pages.isEmpty() && encoding == Encoding.RLE_DICTIONARY) {
        fallback.firstPageEncoded(pageValues);
      }
    } else {
      valueEncoder.flushTo(body);
      encoding = valueEncoder.encoding();
    }
    int nulls = pageSlots - pageValues;
    long nans = values.pageNans;
    values.pageNans = 0;
    Statistics pageStats = null;
    byte[] min = null;
    byte[] max = null;
    if (values.pageHasMinMax()) {
      min = values.pageMin();
      max = values.pageMax();
    } else if (pageValues > 0 && values.totalOrder()) {
      // only NaNs: in total order the standard NaN bounds them, so the chunk keeps its column index
      min = values.standardNaN();
      max = min;
    }
    if (writer.pageIndexEnabled()) {
      // the column index holds the page bounds; page headers stay without statistics, as Arrow C++
      // (21) and parquet-java (1.18) write them when they write a page index
      pageStats = null;
    } else if (values.order != ValueOrder.NONE) {
      pageStats = statistics(min, max, nulls, nans, null);
    } else {
      pageStats = StatisticsBytes.nullCountOnly(nulls);
    }
    pageIndex.addPage(totals.rows(), pageUnencoded);
    storePage(v1, body, encoding, pageStats, nulls);
    if (values.order == ValueOrder.NONE || (min == null && pageValues > 0)) {
      // no order, or a page of only NaNs: its bounds cannot be written, and marking it a null page
      // would be false; the spec leaves such a chunk without column index (TYPE_ORDER)
      pageIndex.dropColumnIndex();
    }
    pageIndex.addBounds(truncatedMin(min), truncatedMax(max), nulls, nans, pageDefHistogram, pageRepHistogram);
    values.endPageStatistics();
    totals.addPage(pageRows, pageSlots, nulls, nans, pageUnencoded, pageDefHistogram, pageRepHistogram, encoding);
    // reset the page
    Arrays.fill(pageDefHistogram, 0);
    Arrays.fill(pageRepHistogram, 0);
    pageIdCount = 0;
    pageSlots = 0;
    pageValues = 0;
    pageRows = 0;
    pageUnencoded = 0;
    pagePlainBytes = 0;
    pageUsesDictionary = false;
    fallback.pageWritten();
  }

  private byte[] truncatedMin(byte[] min) {
    return min == null ? null : StatisticsBytes.truncateMin(values.order, min, writer.statisticsTruncateLength(), utf8);
  }

  private byte[] truncatedMax(byte[] max) {
    return max == null ? null : StatisticsBytes.truncateMax(values.order, max, writer.statisticsTruncateLength(), utf8);
  }

  /** Statistics with truncated bounds; {@code nan_count} for the float types, as the spec requires. */
  private Statistics statistics(byte[] min, byte[] max, long nulls, long nans, Long distinct) {
    return StatisticsBytes.statistics(values.order, min, max, nulls, nans, distinct,
        writer.statisticsTruncateLength(), utf8);
  }

  /**
   * Hands the cut page to the {@link #lane}, which stores it (compression, encryption, CRC,
   * header) in line or on a helper; its slot in {@link #pages} and its size in the page index are
   * filled when it is stored. Everything the storing reads is fixed here: {@code body}, which the
   * lane keeps from the encoding of later pages, and this page's levels and counts.
   */
  private void storePage(boolean v1, ByteSink body, Encoding encoding, Statistics stats, int nulls) {
    int ordinal = pages.size();
    pages.add(null);
    int slots = pageSlots;
    long unstored = body.size();
    Supplier<PageWriter.StoredPage> store;
    if (v1) {
      store = () -> pageWriter.dataPageV1(body, slots, encoding, stats, ordinal);
    } else {
      // v2: the levels, which stay uncompressed, apart from the values
      ByteSink levels = new ByteSink(64);
      if (maxRep > 0) {
        repLevels.flushTo(levels);
      }
      int repLength = levels.size();
      if (maxDef > 0) {
        defLevels.flushTo(levels);
      }
      int rows = pageRows;
      unstored += levels.size();
      store = () -> pageWriter.dataPageV2(levels, repLength, body, slots, nulls, rows, encoding, stats, ordinal);
    }
    long bound = storedBound(unstored, stats);
    inFlightBound += bound;
    lane.submit(pageWriter.worthAHelper() && body.size() >= HELPER_MIN_BYTES, store, page -> {
      pages.set(ordinal, page);
      pageIndex.setSize(ordinal, page.length());
      chunkCompressed += page.length();
      inFlightBound -= bound;
    });
  }

  /**
   * More than a page of {@code unstored} bytes (body, and v2 levels) with {@code stats} in its
   * header can take once stored: every codec's output stays under twice its input plus a block's
   * overhead (snappy n + n/6 + 32, LZ4 n + n/255 + 16, gzip, brotli and zstd a few bytes per
   * block), and a header (encrypted or not) under 1 KiB plus its statistics' bytes. Only used to
   * know, without waiting for a page, that a row group is far from full.
   */
  private static long storedBound(long unstored, Statistics stats) {
    long statsBytes = stats == null ? 0 : length(stats.min()) + length(stats.max()) + length(stats.minValue())
        + length(stats.maxValue());
    return 2 * unstored + 64 * 1024 + 2 * statsBytes;
  }

  private static long length(byte[] bytes) {
    return bytes == null ? 0 : bytes.length;
  }

  /** What the footer phase needs of a finished chunk. */
  record FinishedChunk(ColumnChunk chunk, ColumnIndex columnIndex, OffsetIndex offsetIndex,
      SplitBlockBloomFilter bloomFilter, ColumnEncryptor modules) {}

  /**
   * Writes the chunk (dictionary page first) at the output's position, and starts the next chunk.
   */
  FinishedChunk finishChunk(OutputFile.AtomicOutput out) throws IOException {
    flushPage();
    lane.await();
    long start = out.position();
    Long dictionaryOffset = null;
    int dictionaryPageBytes = 0;
    if (totals.usesDictionary()) {
      ByteSink dict = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, values.dictionaryPlainSize() + 16));
      values.writeDictionary(dict);
      byte[] page = pageWriter.dictionaryPage(dict, values.dictionarySize(), pages.size());
      dictionaryOffset = start;
      out.write(page, 0, page.length);
      dictionaryPageBytes = page.length;
    }
    long dataStart = out.position();
    for (PageWriter.StoredPage page : pages) {
      out.write(page.header(), 0, page.header().length);
      out.write(page.body(), 0, page.bodyLength());
    }
    long totalCompressed = dictionaryPageBytes + chunkCompressed;
    // page headers count in the uncompressed size too, as the spec says
    long totalUncompressed = pageWriter.uncompressedBytes() + pageWriter.headerBytes();
    ColumnMetaData meta = totals.metaData(properties.codec(), writer.dataPageVersion(), chunkStatistics(),
        totalUncompressed, totalCompressed, dataStart, dictionaryOffset);
    ColumnChunk chunk = new ColumnChunk(null, start, meta, null, null, null, null, null, null);
    ColumnIndex columnIndex = null;
    OffsetIndex offsetIndex = null;
    if (writer.pageIndexEnabled()) {
      offsetIndex = pageIndex.offsetIndex(dataStart, column.physicalType() == PhysicalType.BYTE_ARRAY);
      columnIndex = pageIndex.columnIndex(values.order);
    }
    FinishedChunk finished = new FinishedChunk(chunk, columnIndex, offsetIndex,
        bloom == null ? null : bloom.build(), pageWriter.modules());
    rowGroupOrdinal++;
    startChunk();
    return finished;
  }

  /** The chunk's statistics: bounded as its pages are, a chunk of only NaNs by the standard NaN in total order. */
  private Statistics chunkStatistics() {
    if (values.order == ValueOrder.NONE) {
      return StatisticsBytes.nullCountOnly(totals.nulls());
    }
    byte[] min = values.chunkHasMinMax() ? values.chunkMin() : null;
    byte[] max = values.chunkHasMinMax() ? values.chunkMax() : null;
    if (min == null && totals.nans() > 0 && values.totalOrder()) {
      min = values.standardNaN(); // a chunk of only NaNs, bounded as its pages are
      max = min;
    }
    return statistics(min, max, totals.nulls(), totals.nans(), distinctCount());
  }

  /**
   * The chunk's distinct non-null values when every data page is dictionary encoded: the
   * dictionary then holds exactly them. Not for floats, whose dictionary tells apart what
   * compares equal (-0.0 and +0.0) or is no value (NaNs).
   */
  private Long distinctCount() {
    if (!totals.fullyDictionaryEncoded() || values.order.hasNans()) {
      return null;
    }
    return (long) values.dictionarySize();
  }

  long rowsInChunk() {
    return totals.rows() + pageRows;
  }

  @Override
  public void close() {
    pageWriter.close();
  }
}
