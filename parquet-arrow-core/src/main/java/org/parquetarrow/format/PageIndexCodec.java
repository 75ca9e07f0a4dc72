package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.element;
import static org.parquetarrow.format.ThriftWriter.require;

import java.util.List;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/** Compact-protocol codec of the page index: {@code ColumnIndex}, {@code OffsetIndex}, {@code PageLocation}. */
final class PageIndexCodec {
  private PageIndexCodec() {}

  static ColumnIndex readColumnIndex(ThriftReader in) throws TException {
    in.structBegin();
    List<Boolean> nullPages = null;
    List<byte[]> minValues = null;
    List<byte[]> maxValues = null;
    BoundaryOrder order = null;
    List<Long> nullCounts = null;
    List<Long> repetition = null;
    List<Long> definition = null;
    List<Long> nanCounts = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          int n = in.listBegin(TType.BOOL);
          if (n >= 0) {
            nullPages = in.readBoolList(n);
          }
        }
        case 2 -> {
          int n = in.listBegin(TType.STRING);
          if (n >= 0) {
            minValues = in.readBinaryList(n);
          }
        }
        case 3 -> {
          int n = in.listBegin(TType.STRING);
          if (n >= 0) {
            maxValues = in.readBinaryList(n);
          }
        }
        case 4 -> {
          if (in.expect(TType.I32)) {
            // an order this library does not know promises nothing: read it as unordered
            BoundaryOrder o = BoundaryOrder.fromValue(in.readI32());
            order = o != null ? o : BoundaryOrder.UNORDERED;
          }
        }
        case 5 -> nullCounts = readLongs(in, nullCounts);
        case 6 -> repetition = readLongs(in, repetition);
        case 7 -> definition = readLongs(in, definition);
        case 8 -> nanCounts = readLongs(in, nanCounts);
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (nullPages == null) {
      throw in.missing("ColumnIndex", "null_pages");
    }
    if (minValues == null) {
      throw in.missing("ColumnIndex", "min_values");
    }
    if (maxValues == null) {
      throw in.missing("ColumnIndex", "max_values");
    }
    if (order == null) {
      throw in.missing("ColumnIndex", "boundary_order");
    }
    return new ColumnIndex(nullPages, minValues, maxValues, order, nullCounts, repetition,
        definition, nanCounts);
  }

  /** The current field as a list of i64, or {@code previous} when it is not one. */
  private static List<Long> readLongs(ThriftReader in, List<Long> previous) throws TException {
    int n = in.listBegin(TType.I64);
    return n >= 0 ? in.readI64List(n) : previous;
  }

  static void writeColumnIndex(ColumnIndex c, ThriftWriter out) throws TException {
    out.structBegin();
    out.boolList(1, require(c.nullPages(), "ColumnIndex.null_pages"), "ColumnIndex.null_pages");
    out.binaryList(2, require(c.minValues(), "ColumnIndex.min_values"), "ColumnIndex.min_values");
    out.binaryList(3, require(c.maxValues(), "ColumnIndex.max_values"), "ColumnIndex.max_values");
    out.i32(4, require(c.boundaryOrder(), "ColumnIndex.boundary_order").value());
    out.i64List(5, c.nullCounts(), "ColumnIndex.null_counts");
    out.i64List(6, c.repetitionLevelHistograms(), "ColumnIndex.repetition_level_histograms");
    out.i64List(7, c.definitionLevelHistograms(), "ColumnIndex.definition_level_histograms");
    out.i64List(8, c.nanCounts(), "ColumnIndex.nan_counts");
    out.structEnd();
  }

  // ---------------------------------------------------------------- OffsetIndex

  static OffsetIndex readOffsetIndex(ThriftReader in) throws TException {
    in.structBegin();
    List<PageLocation> locations = null;
    List<Long> unencoded = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            Object[] pages = new Object[n];
            for (int i = 0; i < n; i++) {
              pages[i] = readPageLocation(in);
            }
            locations = FrozenList.of(pages);
          }
        }
        case 2 -> unencoded = readLongs(in, unencoded);
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (locations == null) {
      throw in.missing("OffsetIndex", "page_locations");
    }
    return new OffsetIndex(locations, unencoded);
  }

  static void writeOffsetIndex(OffsetIndex o, ThriftWriter out) throws TException {
    out.structBegin();
    List<PageLocation> locations = require(o.pageLocations(), "OffsetIndex.page_locations");
    out.list(1, TType.STRUCT, locations.size());
    for (PageLocation p : locations) {
      writePageLocation(element(p, "OffsetIndex.page_locations"), out);
    }
    out.i64List(2, o.unencodedByteArrayDataBytes(), "OffsetIndex.unencoded_byte_array_data_bytes");
    out.structEnd();
  }

  private static PageLocation readPageLocation(ThriftReader in) throws TException {
    in.structBegin();
    long offset = 0;
    int compressedPageSize = 0;
    long firstRowIndex = 0;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I64)) {
            offset = in.readI64();
            seen |= 1 << 1;
          }
        }
        case 2 -> {
          if (in.expect(TType.I32)) {
            compressedPageSize = in.readI32();
            seen |= 1 << 2;
          }
        }
        case 3 -> {
          if (in.expect(TType.I64)) {
            firstRowIndex = in.readI64();
            seen |= 1 << 3;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1 << 1) == 0) {
      throw in.missing("PageLocation", "offset");
    }
    if ((seen & 1 << 2) == 0) {
      throw in.missing("PageLocation", "compressed_page_size");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("PageLocation", "first_row_index");
    }
    return new PageLocation(offset, compressedPageSize, firstRowIndex);
  }

  private static void writePageLocation(PageLocation p, ThriftWriter out) throws TException {
    out.structBegin();
    out.i64(1, p.offset());
    out.i32(2, p.compressedPageSize());
    out.i64(3, p.firstRowIndex());
    out.structEnd();
  }
}
