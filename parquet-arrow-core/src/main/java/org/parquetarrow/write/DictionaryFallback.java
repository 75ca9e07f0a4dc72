package org.parquetarrow.write;

import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.format.Encoding;

/**
 * When a column chunk gives up its dictionary before the dictionary outgrows its page limit: on
 * the chunk's first page when the dictionary will not pay ({@link #hopeless}), or on its second
 * when PLAIN compresses smaller until the dictionary would be full ({@link #plainSmallerUntilFull}).
 * Keeps what these judge by: the values of the chunk's first page and the dictionary's size before
 * the open page.
 */
final class DictionaryFallback {
  private final LeafValues values;
  private final WriterProperties writer;
  private final PageWriter pages;
  /** The encoding the chunk falls back to. */
  private final Encoding fallback;
  /** Dictionary entries before the open page's values were added. */
  private int pageDictionaryStart;
  /** Values of the chunk's first page, while it was dictionary encoded (else 0). */
  private int firstPageValues;

  DictionaryFallback(LeafValues values, WriterProperties writer, PageWriter pages, Encoding fallback) {
    this.values = values;
    this.writer = writer;
    this.pages = pages;
    this.fallback = fallback;
  }

  void startChunk() {
    pageDictionaryStart = 0;
    firstPageValues = 0;
  }

  /** The chunk's first page went out dictionary encoded with {@code pageValues} values. */
  void firstPageEncoded(int pageValues) {
    firstPageValues = pageValues;
  }

  /** A page went out: the next one's new entries start at the dictionary's present size. */
  void pageWritten() {
    pageDictionaryStart = values.dictionarySize();
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
  boolean hopeless(int encodedIdBytes, int pageRows, int pageValues, long pagePlainBytes) {
    double projected = (double) values.dictionaryPlainSize() / Math.max(1, pageRows) * writer.rowGroupRows();
    return values.dictionarySize() * 16L >= pageValues * 15L
        && projected > writer.dictionaryPageSizeLimit()
        && encodedIdBytes + values.dictionaryPlainSize() >= pagePlainBytes;
  }

  /**
   * Whether this page, the chunk's second, and the pages after it compress smaller PLAIN than as
   * dictionary ids, judged up to where the dictionary is projected to outgrow its limit (after that
   * both ways write PLAIN), and only when it is projected to outgrow it before the row group ends.
   * The page's ids are {@code ids[0 .. idCount)}, its encoded values {@code body} from {@code
   * valuesStart}; {@code rowsBefore} rows of the chunk precede it.
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
  boolean plainSmallerUntilFull(ByteSink body, int valuesStart, int[] ids, int idCount, int pageRows,
      int pageValues, long pagePlainBytes, long rowsBefore) {
    int added = values.dictionarySize() - pageDictionaryStart;
    if (fallback != Encoding.PLAIN || added == 0 || firstPageValues == 0 || pageValues == 0) {
      return false;
    }
    double firstShare = (double) pageDictionaryStart / firstPageValues;
    double share = (double) added / pageValues;
    double r = Math.min(1, share / firstShare);
    double entryBytes = (double) values.dictionaryPlainSize() / values.dictionarySize();
    double room = (writer.dictionaryPageSizeLimit() - values.dictionaryPlainSize()) / entryBytes;
    long rowsLeft = writer.rowGroupRows() - rowsBefore - pageRows;
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
    double dictionaryCost = pages.compressedSize(body.array(), valuesStart, body.size() - valuesStart)
        + pages.compressedSize(entries.array(), 0, entries.size()) * entriesPerPage / added;
    ByteSink plain = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, pagePlainBytes + 16));
    values.writePlainFromDictionary(ids, idCount, plain);
    return pages.compressedSize(plain.array(), 0, plain.size()) < dictionaryCost;
  }
}
