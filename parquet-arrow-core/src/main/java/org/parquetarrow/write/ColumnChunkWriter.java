package org.parquetarrow.write;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import org.parquetarrow.bloom.BloomFilterBuilder;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.Compressor;
import org.parquetarrow.compress.GrowableByteArray;
import org.parquetarrow.crypto.ColumnEncryptor;
import org.parquetarrow.crypto.FileEncryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.encoding.DictionaryIndexEncoder;
import org.parquetarrow.encoding.RleBitPackedHybridEncoder;
import org.parquetarrow.format.BoundaryOrder;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.DictionaryPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.SizeStatistics;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Writes one leaf column, one column chunk per row group: appends shredded batches to the open
 * page, cuts pages by encoded size and row count at record boundaries, encodes (dictionary first,
 * falling back to the configured encoding when the dictionary outgrows its limit), compresses and
 * keeps the finished pages of the current chunk until the row group is written. Collects chunk
 * statistics, SizeStatistics, page index entries and the bloom filter on the way.
 */
final class ColumnChunkWriter implements AutoCloseable {
  /** Slots appended between checks of the page size. */
  private static final int STEP = 1024;

  private final ColumnDescriptor column;
  private final ColumnProperties properties;
  private final WriterProperties writer;
  private final LeafValues values;
  private final ValueEncoder valueEncoder;
  private final int maxDef;
  private final int maxRep;
  private final boolean utf8;
  private final Compressor compressor;
  // per-column buffers start empty and grow with what the column holds (wide files, few rows)
  private final GrowableByteArray compressed = new GrowableByteArray(0);
  private final CRC32 crc = new CRC32();
  /** The file's encryptor when this column is encrypted, else {@code null}. */
  private final FileEncryptor encryptor;
  private final int columnOrdinal;
  /** Row groups finished so far: the row group ordinal of the open chunk's AADs. */
  private int rowGroupOrdinal;
  /** The open chunk's module encryptor, or {@code null} for a plaintext column. */
  private ColumnEncryptor modules;

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
  /** Dictionary entries before the open page's values were added. */
  private int pageDictionaryStart;
  /** Values of the chunk's first page, while it was dictionary encoded (else 0). */
  private int firstPageValues;

  // the open chunk
  private boolean dictionaryActive;
  private final List<byte[]> pages = new ArrayList<>();
  private long chunkRows;
  private long chunkSlots;
  private long chunkNulls;
  private long chunkNans;
  private long chunkUncompressed;
  private long chunkCompressed;
  private long chunkUnencoded;
  private long chunkHeaderBytes;
  private final long[] chunkDefHistogram;
  private final long[] chunkRepHistogram;
  private final Set<Encoding> encodings = new LinkedHashSet<>();
  private final Map<Encoding, Integer> dataPageEncodings = new EnumMap<>(Encoding.class);
  /** The open chunk's bloom filter, sized when the chunk ends; {@code null} without one. */
  private BloomFilterBuilder bloom;
  // page index of the open chunk
  private final List<Boolean> nullPages = new ArrayList<>();
  private final List<byte[]> indexMins = new ArrayList<>();
  private final List<byte[]> indexMaxs = new ArrayList<>();
  private final List<Long> indexNulls = new ArrayList<>();
  private final List<Long> indexNans = new ArrayList<>();
  private final List<Long> indexDefHistograms = new ArrayList<>();
  private final List<Long> indexRepHistograms = new ArrayList<>();
  private final List<long[]> pageLocations = new ArrayList<>(); // {offset in chunk, size, first row}
  private final List<Long> pageUnencodedBytes = new ArrayList<>();
  private boolean indexable;

  /**
   * @param encryptor the file's encryptor when this column is encrypted, else {@code null}
   * @param columnOrdinal the column's index among the leaves, which the module AADs carry
   */
  ColumnChunkWriter(ColumnDescriptor column, ColumnProperties properties, WriterProperties writer,
      LeafValues values, FileEncryptor encryptor, int columnOrdinal) {
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
    this.chunkDefHistogram = new long[maxDef + 1];
    this.chunkRepHistogram = new long[maxRep + 1];
    this.compressor = properties.codecLevel() == null ? Codecs.compressor(properties.codec())
        : Codecs.compressor(properties.codec(), properties.codecLevel());
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
    modules = encryptor == null ? null : encryptor.columnEncryptor(rowGroupOrdinal, columnOrdinal, column.dottedPath());
    dictionaryActive = properties.dictionaryEnabled() && values.dictionarySupported();
    values.clearDictionary();
    pageDictionaryStart = 0;
    firstPageValues = 0;
    values.resetChunkStatistics();
    pages.clear();
    chunkRows = 0;
    chunkSlots = 0;
    chunkNulls = 0;
    chunkNans = 0;
    values.pageNans = 0;
    chunkUncompressed = 0;
    chunkCompressed = 0;
    chunkUnencoded = 0;
    chunkHeaderBytes = 0;
    Arrays.fill(chunkDefHistogram, 0);
    Arrays.fill(chunkRepHistogram, 0);
    encodings.clear();
    dataPageEncodings.clear();
    BloomFilterOptions b = properties.bloomFilter();
    bloom = b == null ? null : new BloomFilterBuilder(b.expectedDistinctValues(), b.falsePositiveProbability());
    nullPages.clear();
    indexMins.clear();
    indexMaxs.clear();
    indexNulls.clear();
    indexNans.clear();
    indexDefHistograms.clear();
    indexRepHistograms.clear();
    pageLocations.clear();
    pageUnencodedBytes.clear();
    indexable = writer.pageIndexEnabled();
  }

  /** Compressed bytes held for the open chunk, plus the open page's estimate. */
  long bufferedBytes() {
    return chunkCompressed + pageEstimate();
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
      histogram(def, from, to, pageDefHistogram);
      n = (int) (pageDefHistogram[maxDef] - before);
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
        histogram(rep, from, to, pageRepHistogram);
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

  /**
   * Adds the levels {@code [from, to)} to {@code histogram} (one count per level 0..max). Up to
   * level 3 each level is counted by compares summed without branches: levels mostly alternate
   * unpredictably, and incrementing the histogram in place chains every slot on the last store.
   */
  private static void histogram(int[] levels, int from, int to, long[] histogram) {
    int max = histogram.length - 1;
    if (max > 3) {
      for (int i = from; i < to; i++) {
        histogram[levels[i]]++;
      }
      return;
    }
    int c1 = 0;
    int c2 = 0;
    int c3 = 0;
    for (int i = from; i < to; i++) {
      int l = levels[i];
      c1 += ((l ^ 1) - 1) >>> 31;
      c2 += ((l ^ 2) - 1) >>> 31;
      c3 += ((l ^ 3) - 1) >>> 31;
    }
    histogram[0] += (to - from) - c1 - c2 - c3;
    if (max >= 1) {
      histogram[1] += c1;
    }
    if (max >= 2) {
      histogram[2] += c2;
    }
    if (max >= 3) {
      histogram[3] += c3;
    }
  }

  /**
   * Whether the dictionary, judged on the chunk's first page, will not pay: nearly every value of
   * the page was new to it (at least 15 in 16: mostly unique values), growing at that rate it would
   * outgrow its page limit before the row group ends (so it would only fall back later, after
   * the work of filling it), and the ids plus the dictionary are no smaller than PLAIN
   * (parquet-java's first-page rule). All three are needed: a dictionary of values that repeat
   * across pages (TPC-H prices) can lose on the first page and still win on the chunk, and a
   * dictionary that fits the chunk lets readers rule out absent values.
   */
  private boolean dictionaryHopeless(int encodedIdBytes) {
    double projected = (double) values.dictionaryPlainSize() / Math.max(1, pageRows) * writer.rowGroupRows();
    return values.dictionarySize() * 16L >= pageValues * 15L
        && projected > writer.dictionaryPageSizeLimit()
        && encodedIdBytes + values.dictionaryPlainSize() >= pagePlainBytes;
  }

  /**
   * Whether this page, the chunk's second, and the pages after it compress smaller PLAIN than as
   * dictionary ids, judged up to where the dictionary is projected to outgrow its limit (after that
   * both ways write PLAIN), and only when it is projected to outgrow it before the row group ends.
   *
   * <p>The projection takes the dictionary's growth as geometric: the share of new values fell by
   * a factor r from the first page to this one (values drawn at random from a fixed set, as
   * {@code s0..s99999}: r below 1, the dictionary levels off) and is taken to keep falling by r each
   * page; sorted keys repeated a few times each (TPC-H {@code l_orderkey}) add the same share every
   * page (r = 1), and their ids plus new entries compress worse than PLAIN values. Costs are
   * measured on this page with the chunk's codec: PLAIN, the ids, and the entries it added (scaled
   * to the mean number a page adds until the dictionary is full). Only with a PLAIN fallback, which
   * is what the rest of the chunk would be written with anyway.
   */
  private boolean plainSmallerUntilDictionaryFull(ByteSink body, int valuesStart) {
    int added = values.dictionarySize() - pageDictionaryStart;
    if (valueEncoder.encoding() != Encoding.PLAIN || added == 0 || firstPageValues == 0 || pageValues == 0) {
      return false;
    }
    double firstShare = (double) pageDictionaryStart / firstPageValues;
    double share = (double) added / pageValues;
    double r = Math.min(1, share / firstShare);
    double entryBytes = (double) values.dictionaryPlainSize() / values.dictionarySize();
    double room = (writer.dictionaryPageSizeLimit() - values.dictionaryPlainSize()) / entryBytes;
    long rowsLeft = writer.rowGroupRows() - chunkRows - pageRows;
    // pages like this one still to come; a dictionary that is not full within 100000 of them
    // (row groups sized by bytes alone) counts as never full
    long pagesLeft = Math.min(100_000, (rowsLeft + pageRows - 1) / Math.max(1, pageRows));
    double more = 0;
    double next = added;
    long pagesToFull = -1;
    for (long k = 1; k <= pagesLeft && next * r >= 1e-3; k++) {
      next *= r;
      more += next;
      if (more >= room) {
        pagesToFull = k;
        more = Math.max(0, room);
        break;
      }
    }
    if (pagesToFull < 0 && room > 0) {
      return false; // the dictionary holds the whole chunk: readers can use it, keep it
    }
    int[] newIds = new int[added];
    for (int i = 0; i < added; i++) {
      newIds[i] = pageDictionaryStart + i;
    }
    ByteSink entries = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, pagePlainBytes + 16));
    values.writePlainFromDictionary(newIds, added, entries);
    double entriesPerPage = (added + more) / (Math.max(0, pagesToFull) + 1);
    double dictionaryCost = compressedSize(body.array(), valuesStart, body.size() - valuesStart)
        + compressedSize(entries.array(), 0, entries.size()) * entriesPerPage / added;
    ByteSink plain = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, pagePlainBytes + 16));
    values.writePlainFromDictionary(pageIds, pageIdCount, plain);
    return compressedSize(plain.array(), 0, plain.size()) < dictionaryCost;
  }

  private long compressedSize(byte[] bytes, int offset, int length) {
    if (properties.codec() == org.parquetarrow.format.CompressionCodec.UNCOMPRESSED) {
      return length;
    }
    compressed.clear();
    return compressor.compress(bytes, offset, length, compressed);
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
    ByteSink body = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, pageEstimate() + 64));
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
      DictionaryIndexEncoder ids = new DictionaryIndexEncoder(Math.max(1, values.dictionarySize()));
      ids.write(pageIds, 0, pageIdCount);
      ids.flushTo(body);
      encoding = Encoding.RLE_DICTIONARY;
      if (pages.isEmpty() && dictionaryActive && dictionaryHopeless(body.size() - valuesStart)) {
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
      } else if (pages.size() == 1 && dictionaryActive && plainSmallerUntilDictionaryFull(body, valuesStart)) {
        // the values written so far keep their dictionary; this page and the rest go PLAIN
        body.truncate(valuesStart);
        values.writePlainFromDictionary(pageIds, pageIdCount, body);
        encoding = Encoding.PLAIN;
        dictionaryActive = false;
      }
      if (pages.isEmpty() && encoding == Encoding.RLE_DICTIONARY) {
        firstPageValues = pageValues;
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
      pageStats = new Statistics(null, null, (long) nulls, null, null, null, null, null, null);
    }
    byte[] page = v1 ? pageV1(body, encoding, pageStats) : pageV2(body, encoding, pageStats, nulls);
    long offsetInChunk = chunkCompressed;
    pages.add(page);
    chunkCompressed += page.length;
    pageLocations.add(new long[] {offsetInChunk, page.length, chunkRows});
    // page index entry
    if (values.order == ValueOrder.NONE || (min == null && pageValues > 0)) {
      // no order, or a page of only NaNs: its bounds cannot be written, and marking it a null page
      // would be false; the spec leaves such a chunk without column index (TYPE_ORDER)
      indexable = false;
    }
    nullPages.add(min == null);
    indexMins.add(min == null ? new byte[0]
        : StatisticsBytes.truncateMin(values.order, min, writer.statisticsTruncateLength(), utf8));
    indexMaxs.add(max == null ? new byte[0]
        : StatisticsBytes.truncateMax(values.order, max, writer.statisticsTruncateLength(), utf8));
    indexNulls.add((long) nulls);
    indexNans.add(nans);
    if (maxDef > 1) {
      for (long h : pageDefHistogram) {
        indexDefHistograms.add(h);
      }
    }
    if (maxRep > 0) {
      for (long h : pageRepHistogram) {
        indexRepHistograms.add(h);
      }
    }
    pageUnencodedBytes.add(pageUnencoded);
    values.endPageStatistics();
    // chunk totals
    chunkRows += pageRows;
    chunkSlots += pageSlots;
    chunkNulls += nulls;
    chunkNans += nans;
    chunkUnencoded += pageUnencoded;
    for (int i = 0; i <= maxDef; i++) {
      chunkDefHistogram[i] += pageDefHistogram[i];
    }
    for (int i = 0; i <= maxRep; i++) {
      chunkRepHistogram[i] += pageRepHistogram[i];
    }
    encodings.add(encoding);
    dataPageEncodings.merge(encoding, 1, Integer::sum);
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
    pageDictionaryStart = values.dictionarySize();
  }

  /** Statistics with truncated bounds; {@code nan_count} for the float types, as the spec requires. */
  private Statistics statistics(byte[] min, byte[] max, long nulls, long nans, Long distinct) {
    Long nanCount = values.order.hasNans() ? nans : null;
    if (min == null) {
      return new Statistics(null, null, nulls, distinct, null, null, null, null, nanCount);
    }
    int limit = writer.statisticsTruncateLength();
    byte[] tMin = StatisticsBytes.truncateMin(values.order, min, limit, utf8);
    byte[] tMax = StatisticsBytes.truncateMax(values.order, max, limit, utf8);
    boolean legacy = values.order.legacyCompatible();
    return new Statistics(legacy ? max : null, legacy ? min : null, nulls, distinct, tMax, tMin,
        tMax == max, tMin == min, nanCount);
  }

  /** A v1 page of {@code body} (levels and values); an uncompressed body goes out as it is. */
  private byte[] pageV1(ByteSink body, Encoding encoding, Statistics stats) {
    byte[] bytes = body.array();
    int length = body.size();
    if (properties.codec() != org.parquetarrow.format.CompressionCodec.UNCOMPRESSED || modules != null) {
      compressed.clear();
      compressor.compress(body.array(), 0, body.size(), compressed);
      encryptPage(ModuleType.DATA_PAGE, 0);
      bytes = compressed.array();
      length = compressed.length();
    }
    DataPageHeader h = new DataPageHeader(pageSlots, encoding, Encoding.RLE, Encoding.RLE, stats);
    PageHeader header = new PageHeader(PageType.DATA_PAGE, body.size(), length, crc(bytes, length),
        h, null, null, null);
    chunkUncompressed += body.size();
    return concat(header, ModuleType.DATA_PAGE_HEADER, bytes, length);
  }

  private byte[] pageV2(ByteSink valueBytes, Encoding encoding, Statistics stats, int nulls) {
    ByteSink levels = new ByteSink(64);
    if (maxRep > 0) {
      repLevels.flushTo(levels);
    }
    int repLength = levels.size();
    if (maxDef > 0) {
      defLevels.flushTo(levels);
    }
    int defLength = levels.size() - repLength;
    compressed.clear();
    compressed.write(levels.array(), 0, levels.size());
    boolean compress = properties.codec() != org.parquetarrow.format.CompressionCodec.UNCOMPRESSED;
    if (compress) {
      compressor.compress(valueBytes.array(), 0, valueBytes.size(), compressed);
    } else {
      compressed.write(valueBytes.array(), 0, valueBytes.size());
    }
    // parquet-java's layout: the levels stay in plaintext before the module of the values, which
    // compressed_page_size and the CRC count as stored (see the crypto package documentation)
    encryptPage(ModuleType.DATA_PAGE, levels.size());
    int uncompressed = levels.size() + valueBytes.size();
    DataPageHeaderV2 h = new DataPageHeaderV2(pageSlots, nulls, pageRows, encoding, defLength, repLength,
        compress, stats);
    PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, uncompressed, compressed.length(),
        crc(compressed.array(), compressed.length()), null, null, null, h);
    chunkUncompressed += uncompressed;
    return concat(header, ModuleType.DATA_PAGE_HEADER, compressed.array(), compressed.length());
  }

  private Integer crc(byte[] bytes, int length) {
    if (!writer.pageChecksumEnabled()) {
      return null;
    }
    crc.reset();
    crc.update(bytes, 0, length);
    return (int) crc.getValue();
  }

  /**
   * When the column is encrypted, replaces the bytes of {@code compressed} after its first {@code
   * plaintextPrefix} bytes by their {@code type} module; data pages take the next data page
   * ordinal, which is the number of data pages the chunk holds so far.
   */
  private void encryptPage(ModuleType type, int plaintextPrefix) {
    if (modules == null) {
      return;
    }
    ByteBuffer plain = ByteBuffer.wrap(compressed.array(), plaintextPrefix, compressed.length() - plaintextPrefix);
    byte[] module = modules.encrypt(type, plain, pages.size());
    compressed.truncate(plaintextPrefix);
    compressed.write(module, 0, module.length);
  }

  /** The page header, encrypted as a {@code type} module when the column is, followed by the body. */
  private byte[] concat(PageHeader header, ModuleType type, byte[] body, int length) {
    byte[] h = MetadataWriter.toBytes(header);
    if (modules != null) {
      h = modules.encrypt(type, ByteBuffer.wrap(h), pages.size());
    }
    chunkHeaderBytes += h.length;
    byte[] page = Arrays.copyOf(h, h.length + length);
    System.arraycopy(body, 0, page, h.length, length);
    return page;
  }

  /** What the footer phase needs of a finished chunk. */
  record FinishedChunk(ColumnChunk chunk, ColumnIndex columnIndex, OffsetIndex offsetIndex,
      SplitBlockBloomFilter bloomFilter, ColumnEncryptor modules) {}

  /**
   * Writes the chunk (dictionary page first) at the output's position, and starts the next chunk.
   */
  FinishedChunk finishChunk(OutputFile.AtomicOutput out) throws IOException {
    flushPage();
    long start = out.position();
    Long dictionaryOffset = null;
    int dictionaryPageBytes = 0;
    List<PageEncodingStats> encodingStats = new ArrayList<>();
    Set<Encoding> allEncodings = new LinkedHashSet<>();
    if (dataPageEncodings.containsKey(Encoding.RLE_DICTIONARY)) {
      ByteSink dict = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, values.dictionaryPlainSize() + 16));
      values.writeDictionary(dict);
      compressed.clear();
      compressor.compress(dict.array(), 0, dict.size(), compressed);
      encryptPage(ModuleType.DICTIONARY_PAGE, 0);
      PageHeader header = new PageHeader(PageType.DICTIONARY_PAGE, dict.size(), compressed.length(),
          crc(compressed.array(), compressed.length()), null, null,
          new DictionaryPageHeader(values.dictionarySize(), Encoding.PLAIN, null), null);
      byte[] page = concat(header, ModuleType.DICTIONARY_PAGE_HEADER, compressed.array(), compressed.length());
      dictionaryOffset = start;
      out.write(page, 0, page.length);
      dictionaryPageBytes = page.length;
      chunkUncompressed += dict.size();
      encodingStats.add(new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1));
      allEncodings.add(Encoding.PLAIN);
    }
    long dataStart = out.position();
    for (byte[] page : pages) {
      out.write(page, 0, page.length);
    }
    for (Map.Entry<Encoding, Integer> e : dataPageEncodings.entrySet()) {
      encodingStats.add(new PageEncodingStats(writer.dataPageVersion() == DataPageVersion.V1 ? PageType.DATA_PAGE
          : PageType.DATA_PAGE_V2, e.getKey(), e.getValue()));
    }
    allEncodings.addAll(encodings);
    if (maxDef > 0 || maxRep > 0) {
      allEncodings.add(Encoding.RLE);
    }
    long totalCompressed = dictionaryPageBytes + chunkCompressed;
    // page headers count in the uncompressed size too, as the spec says
    long totalUncompressed = chunkUncompressed + chunkHeaderBytes;
    Statistics stats;
    if (values.order == ValueOrder.NONE) {
      stats = new Statistics(null, null, chunkNulls, null, null, null, null, null, null);
    } else {
      byte[] min = values.chunkHasMinMax() ? values.chunkMin() : null;
      byte[] max = values.chunkHasMinMax() ? values.chunkMax() : null;
      if (min == null && chunkNans > 0 && values.totalOrder()) {
        min = values.standardNaN(); // a chunk of only NaNs, bounded as its pages are
        max = min;
      }
      stats = statistics(min, max, chunkNulls, chunkNans, distinctCount());
    }
    SizeStatistics size = new SizeStatistics(
        column.physicalType() == PhysicalType.BYTE_ARRAY ? chunkUnencoded : null,
        maxRep > 0 ? boxed(chunkRepHistogram) : null,
        // at most one definition level, the histogram is the null count and the rest: the spec
        // lets it be left out, as parquet-java does (6 bytes a page in the column index)
        maxDef > 1 ? boxed(chunkDefHistogram) : null);
    ColumnMetaData meta = new ColumnMetaData(column.physicalType(), List.copyOf(allEncodings), column.path(),
        properties.codec(), chunkSlots, totalUncompressed, totalCompressed, null, dataStart, null, dictionaryOffset,
        stats, encodingStats, null, null, size, null);
    ColumnChunk chunk = new ColumnChunk(null, start, meta, null, null, null, null, null, null);
    ColumnIndex columnIndex = null;
    OffsetIndex offsetIndex = null;
    if (writer.pageIndexEnabled()) {
      List<PageLocation> locations = new ArrayList<>(pageLocations.size());
      for (long[] l : pageLocations) {
        locations.add(new PageLocation(dataStart + l[0], (int) l[1], l[2]));
      }
      offsetIndex = new OffsetIndex(locations,
          column.physicalType() == PhysicalType.BYTE_ARRAY ? List.copyOf(pageUnencodedBytes) : null);
      if (indexable) {
        columnIndex = new ColumnIndex(List.copyOf(nullPages), List.copyOf(indexMins), List.copyOf(indexMaxs),
            boundaryOrder(), List.copyOf(indexNulls), maxRep > 0 ? List.copyOf(indexRepHistograms) : null,
            maxDef > 1 ? List.copyOf(indexDefHistograms) : null,
            values.order.hasNans() ? List.copyOf(indexNans) : null);
      }
    }
    FinishedChunk finished = new FinishedChunk(chunk, columnIndex, offsetIndex,
        bloom == null ? null : bloom.build(), modules);
    rowGroupOrdinal++;
    startChunk();
    return finished;
  }

  /**
   * The chunk's distinct non-null values when every data page is dictionary encoded: the
   * dictionary then holds exactly them. Not for floats, whose dictionary tells apart what
   * compares equal (-0.0 and +0.0) or is no value (NaNs).
   */
  private Long distinctCount() {
    boolean fullyDictionaryEncoded = dataPageEncodings.size() == 1
        && dataPageEncodings.containsKey(Encoding.RLE_DICTIONARY);
    if (!fullyDictionaryEncoded || values.order.hasNans()) {
      return null;
    }
    return (long) values.dictionarySize();
  }

  private BoundaryOrder boundaryOrder() {
    boolean ascending = true;
    boolean descending = true;
    byte[] prevMin = null;
    byte[] prevMax = null;
    for (int i = 0; i < nullPages.size(); i++) {
      if (nullPages.get(i)) {
        continue;
      }
      byte[] min = indexMins.get(i);
      byte[] max = indexMaxs.get(i);
      if (prevMin != null) {
        int cMin = StatisticsBytes.compare(values.order, prevMin, min);
        int cMax = StatisticsBytes.compare(values.order, prevMax, max);
        ascending &= cMin <= 0 && cMax <= 0;
        descending &= cMin >= 0 && cMax >= 0;
      }
      prevMin = min;
      prevMax = max;
    }
    return ascending ? BoundaryOrder.ASCENDING : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
  }

  private static List<Long> boxed(long[] a) {
    List<Long> l = new ArrayList<>(a.length);
    for (long v : a) {
      l.add(v);
    }
    return l;
  }

  long rowsInChunk() {
    return chunkRows + pageRows;
  }

  @Override
  public void close() {
    compressor.close();
  }
}
