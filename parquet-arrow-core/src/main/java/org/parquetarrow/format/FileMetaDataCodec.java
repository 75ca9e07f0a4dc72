package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.element;
import static org.parquetarrow.format.ThriftWriter.enumValue;
import static org.parquetarrow.format.ThriftWriter.require;

import java.util.List;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/**
 * Compact-protocol codec of the footer: {@code FileMetaData}, {@code RowGroup},
 * {@code ColumnChunk}, {@code SortingColumn} and the {@code ColumnOrder} union.
 */
final class FileMetaDataCodec {
  private FileMetaDataCodec() {}

  static FileMetaData read(ThriftReader in) throws TException {
    return read(in, ChunkDecoding.EAGER);
  }

  static FileMetaData read(ThriftReader in, ChunkDecoding decoding) throws TException {
    in.structBegin();
    int version = 0;
    List<SchemaElement> schema = null;
    long numRows = 0;
    List<RowGroup> rowGroups = null;
    List<KeyValue> kv = null;
    String createdBy = null;
    List<ColumnOrder> columnOrders = null;
    EncryptionAlgorithm encryption = null;
    byte[] signingKey = null;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            version = in.readI32();
            seen |= 1 << 1;
          }
        }
        case 2 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            Object[] elements = new Object[n];
            for (int i = 0; i < n; i++) {
              elements[i] = SchemaElementCodec.read(in);
            }
            schema = FrozenList.of(elements);
          }
        }
        case 3 -> {
          if (in.expect(TType.I64)) {
            numRows = in.readI64();
            seen |= 1 << 3;
          }
        }
        case 4 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            Object[] groups = new Object[n];
            for (int i = 0; i < n; i++) {
              groups[i] = readRowGroup(in, decoding);
            }
            rowGroups = FrozenList.of(groups);
          }
        }
        case 5 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            kv = KeyValueCodec.readList(in, n);
          }
        }
        case 6 -> createdBy = in.expect(TType.STRING) ? in.readString() : createdBy;
        case 7 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            Object[] orders = new Object[n];
            for (int i = 0; i < n; i++) {
              orders[i] = readColumnOrder(in);
            }
            columnOrders = FrozenList.of(orders);
          }
        }
        case 8 -> encryption = in.expect(TType.STRUCT) ? CryptoCodec.readEncryptionAlgorithm(in) : encryption;
        case 9 -> signingKey = in.expect(TType.STRING) ? in.readBinary() : signingKey;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1 << 1) == 0) {
      throw in.missing("FileMetaData", "version");
    }
    if (schema == null) {
      throw in.missing("FileMetaData", "schema");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("FileMetaData", "num_rows");
    }
    if (rowGroups == null) {
      throw in.missing("FileMetaData", "row_groups");
    }
    return new FileMetaData(version, schema, numRows, rowGroups, kv, createdBy, columnOrders,
        encryption, signingKey);
  }

  static void write(FileMetaData m, ThriftWriter out) throws TException {
    out.structBegin();
    out.i32(1, m.version());
    List<SchemaElement> schema = require(m.schema(), "FileMetaData.schema");
    out.list(2, TType.STRUCT, schema.size());
    for (SchemaElement e : schema) {
      SchemaElementCodec.write(element(e, "FileMetaData.schema"), out);
    }
    out.i64(3, m.numRows());
    List<RowGroup> rowGroups = require(m.rowGroups(), "FileMetaData.row_groups");
    out.list(4, TType.STRUCT, rowGroups.size());
    for (RowGroup g : rowGroups) {
      writeRowGroup(element(g, "FileMetaData.row_groups"), out);
    }
    KeyValueCodec.writeList(5, m.keyValueMetadata(), out, "FileMetaData.key_value_metadata");
    out.string(6, m.createdBy());
    if (m.columnOrders() != null) {
      out.list(7, TType.STRUCT, m.columnOrders().size());
      for (ColumnOrder o : m.columnOrders()) {
        writeColumnOrder(element(o, "FileMetaData.column_orders"), out);
      }
    }
    if (m.encryptionAlgorithm() != null) {
      out.field(TType.STRUCT, 8);
      CryptoCodec.writeEncryptionAlgorithm(m.encryptionAlgorithm(), out);
    }
    out.binary(9, m.footerSigningKeyMetadata());
    out.structEnd();
  }

  // ---------------------------------------------------------------- RowGroup

  /**
   * Row groups with at least this many columns keep their chunks undecoded until asked for
   * ({@link LazyColumnChunks}) when decoding {@link ChunkDecoding#ON_FIRST_ACCESS}. Below it a read
   * usually wants most columns and decoding them all at once costs less than the bookkeeping.
   */
  static final int LAZY_MIN_COLUMNS = 32;

  private static RowGroup readRowGroup(ThriftReader in, ChunkDecoding decoding) throws TException {
    in.structBegin();
    List<ColumnChunk> columns = null;
    long totalByteSize = 0;
    long numRows = 0;
    List<SortingColumn> sorting = null;
    Long fileOffset = null;
    Long totalCompressedSize = null;
    Short ordinal = null;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= LAZY_MIN_COLUMNS && decoding == ChunkDecoding.ON_FIRST_ACCESS) {
            columns = LazyColumnChunks.skim(in, n);
          } else if (n >= 0) {
            Object[] chunks = new Object[n];
            for (int i = 0; i < n; i++) {
              chunks[i] = readColumnChunk(in);
            }
            columns = FrozenList.of(chunks);
          }
        }
        case 2 -> {
          if (in.expect(TType.I64)) {
            totalByteSize = in.readI64();
            seen |= 1 << 2;
          }
        }
        case 3 -> {
          if (in.expect(TType.I64)) {
            numRows = in.readI64();
            seen |= 1 << 3;
          }
        }
        case 4 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            Object[] keys = new Object[n];
            for (int i = 0; i < n; i++) {
              keys[i] = readSortingColumn(in);
            }
            sorting = FrozenList.of(keys);
          }
        }
        case 5 -> fileOffset = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : fileOffset;
        case 6 -> totalCompressedSize = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : totalCompressedSize;
        case 7 -> ordinal = in.expect(TType.I16) ? Short.valueOf(in.readI16()) : ordinal;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (columns == null) {
      throw in.missing("RowGroup", "columns");
    }
    if ((seen & 1 << 2) == 0) {
      throw in.missing("RowGroup", "total_byte_size");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("RowGroup", "num_rows");
    }
    return new RowGroup(columns, totalByteSize, numRows, sorting, fileOffset, totalCompressedSize, ordinal);
  }

  private static void writeRowGroup(RowGroup g, ThriftWriter out) throws TException {
    out.structBegin();
    List<ColumnChunk> columns = require(g.columns(), "RowGroup.columns");
    out.list(1, TType.STRUCT, columns.size());
    for (ColumnChunk c : columns) {
      writeColumnChunk(element(c, "RowGroup.columns"), out);
    }
    out.i64(2, g.totalByteSize());
    out.i64(3, g.numRows());
    if (g.sortingColumns() != null) {
      out.list(4, TType.STRUCT, g.sortingColumns().size());
      for (SortingColumn s : g.sortingColumns()) {
        writeSortingColumn(element(s, "RowGroup.sorting_columns"), out);
      }
    }
    out.i64(5, g.fileOffset());
    out.i64(6, g.totalCompressedSize());
    out.i16(7, g.ordinal());
    out.structEnd();
  }

  // ---------------------------------------------------------------- ColumnChunk

  /**
   * Reads a column chunk. {@code file_offset} is required by the IDL but deprecated and unused;
   * a missing one reads as its IDL default 0 instead of failing the whole footer.
   */
  static ColumnChunk readColumnChunk(ThriftReader in) throws TException {
    in.structBegin();
    String filePath = null;
    long fileOffset = 0;
    ColumnMetaData metaData = null;
    Long offsetIndexOffset = null;
    Integer offsetIndexLength = null;
    Long columnIndexOffset = null;
    Integer columnIndexLength = null;
    ColumnCryptoMetaData crypto = null;
    byte[] encryptedMetadata = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> filePath = in.expect(TType.STRING) ? in.readString() : filePath;
        case 2 -> fileOffset = in.expect(TType.I64) ? in.readI64() : fileOffset;
        case 3 -> metaData = in.expect(TType.STRUCT) ? ColumnMetaDataCodec.read(in) : metaData;
        case 4 -> offsetIndexOffset = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : offsetIndexOffset;
        case 5 -> offsetIndexLength = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : offsetIndexLength;
        case 6 -> columnIndexOffset = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : columnIndexOffset;
        case 7 -> columnIndexLength = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : columnIndexLength;
        case 8 -> crypto = in.expect(TType.STRUCT) ? CryptoCodec.readColumnCryptoMetaData(in) : crypto;
        case 9 -> encryptedMetadata = in.expect(TType.STRING) ? in.readBinary() : encryptedMetadata;
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new ColumnChunk(filePath, fileOffset, metaData, offsetIndexOffset, offsetIndexLength,
        columnIndexOffset, columnIndexLength, crypto, encryptedMetadata);
  }

  private static void writeColumnChunk(ColumnChunk c, ThriftWriter out) throws TException {
    out.structBegin();
    out.string(1, c.filePath());
    out.i64(2, c.fileOffset());
    if (c.metaData() != null) {
      out.field(TType.STRUCT, 3);
      ColumnMetaDataCodec.write(c.metaData(), out);
    }
    out.i64(4, c.offsetIndexOffset());
    out.i32(5, c.offsetIndexLength());
    out.i64(6, c.columnIndexOffset());
    out.i32(7, c.columnIndexLength());
    if (c.cryptoMetadata() != null) {
      out.field(TType.STRUCT, 8);
      CryptoCodec.writeColumnCryptoMetaData(c.cryptoMetadata(), out);
    }
    out.binary(9, c.encryptedColumnMetadata());
    out.structEnd();
  }

  // ---------------------------------------------------------------- SortingColumn

  private static SortingColumn readSortingColumn(ThriftReader in) throws TException {
    in.structBegin();
    int columnIdx = 0;
    boolean descending = false;
    boolean nullsFirst = false;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            columnIdx = in.readI32();
            seen |= 1 << 1;
          }
        }
        case 2 -> {
          if (in.expect(TType.BOOL)) {
            descending = in.readBool();
            seen |= 1 << 2;
          }
        }
        case 3 -> {
          if (in.expect(TType.BOOL)) {
            nullsFirst = in.readBool();
            seen |= 1 << 3;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1 << 1) == 0) {
      throw in.missing("SortingColumn", "column_idx");
    }
    if ((seen & 1 << 2) == 0) {
      throw in.missing("SortingColumn", "descending");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("SortingColumn", "nulls_first");
    }
    return new SortingColumn(columnIdx, descending, nullsFirst);
  }

  private static void writeSortingColumn(SortingColumn s, ThriftWriter out) throws TException {
    out.structBegin();
    out.i32(1, s.columnIdx());
    out.bool(2, s.descending());
    out.bool(3, s.nullsFirst());
    out.structEnd();
  }

  // ---------------------------------------------------------------- ColumnOrder

  /** The union; a member this library does not know reads as {@link ColumnOrder#UNKNOWN}. */
  private static ColumnOrder readColumnOrder(ThriftReader in) throws TException {
    ColumnOrder order = UnionCodec.readEmptyMembers(in, "ColumnOrder", ColumnOrder::fromValue);
    return order != null ? order : ColumnOrder.UNKNOWN;
  }

  private static void writeColumnOrder(ColumnOrder o, ThriftWriter out) throws TException {
    UnionCodec.writeEmptyMember(enumValue(o.value(), o, "FileMetaData.column_orders"), out);
  }
}
