package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Files our writer encrypts, for the round-trip and attack tests: a table with a required int64
 * {@code id}, a nullable dictionary-friendly string {@code name} (bloom filter), a nullable double
 * {@code score} (bloom filter), a list of strings {@code tags} and a struct {@code point} of two
 * int32, in three row groups of several pages each, with the page index on. Public for the
 * integration tests, which hand the same files to parquet-java.
 */
public final class EncryptedWriteFixture {
  public static final byte[] FOOTER_KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
  public static final byte[] NAME_KEY = "1234567890123450".getBytes(StandardCharsets.US_ASCII);
  public static final byte[] TAGS_KEY = "1234567890123451".getBytes(StandardCharsets.US_ASCII);
  public static final String TAGS_LEAF = "tags.list.element";
  public static final int ROWS = 5000;
  public static final int ROW_GROUP_ROWS = 2000;

  private EncryptedWriteFixture() {}

  public static Schema schema() {
    Field element = new Field("element", FieldType.nullable(new ArrowType.Utf8()), null);
    return new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("name", FieldType.nullable(new ArrowType.Utf8()), null),
        new Field("score", FieldType.nullable(new ArrowType.FloatingPoint(
            org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)), null),
        new Field("tags", FieldType.nullable(new ArrowType.List()), List.of(element)),
        new Field("point", FieldType.nullable(new ArrowType.Struct()), List.of(
            new Field("x", FieldType.nullable(new ArrowType.Int(32, true)), null),
            new Field("y", FieldType.nullable(new ArrowType.Int(32, true)), null)))));
  }

  /** The table: row i has id i, name "n(i % 37)" (null when i % 11 == 0), and so on. */
  public static VectorSchemaRoot table(BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    Float8Vector score = (Float8Vector) root.getVector("score");
    ListVector tags = (ListVector) root.getVector("tags");
    StructVector point = (StructVector) root.getVector("point");
    IntVector x = (IntVector) point.getChild("x");
    IntVector y = (IntVector) point.getChild("y");
    id.allocateNew(ROWS);
    name.allocateNew(ROWS);
    score.allocateNew(ROWS);
    point.allocateNew();
    UnionListWriter w = tags.getWriter();
    w.allocate();
    for (int i = 0; i < ROWS; i++) {
      id.set(i, i);
      if (i % 11 == 0) {
        name.setNull(i);
      } else {
        name.setSafe(i, ("n" + (i % 37)).getBytes(StandardCharsets.UTF_8));
      }
      if (i % 7 == 0) {
        score.setNull(i);
      } else {
        score.set(i, i * 0.5);
      }
      w.setPosition(i);
      if (i % 13 != 0) {
        w.startList();
        for (int k = 0; k < i % 3; k++) {
          w.writeVarChar("t" + (i + k));
        }
        w.endList();
      }
      if (i % 17 == 0) {
        point.setNull(i);
      } else {
        point.setIndexDefined(i);
        x.setSafe(i, i);
        y.setSafe(i, -i);
      }
    }
    w.setValueCount(ROWS);
    point.setValueCount(ROWS);
    x.setValueCount(ROWS);
    y.setValueCount(ROWS);
    root.setRowCount(ROWS);
    return root;
  }

  /** Writer settings: three row groups, pages of 300 rows, page index and bloom filters on. */
  public static WriterProperties.Builder writer(FileEncryptionProperties encryption, DataPageVersion pages) {
    return WriterProperties.builder()
        .rowGroupRows(ROW_GROUP_ROWS)
        .dataPageRowLimit(300)
        .dataPageVersion(pages)
        .pageChecksum(true)
        .column("name", c -> c.bloomFilter(new BloomFilterOptions(100, 0.01)))
        .column("score", c -> c.bloomFilter(new BloomFilterOptions(5000, 0.01)))
        .encryption(encryption);
  }

  /** Column keys for name and the tags leaf, the footer key for score; id and point stay plaintext. */
  public static FileEncryptionProperties.Builder columnKeys() {
    return FileEncryptionProperties.builder(FOOTER_KEY)
        .footerKeyMetadata("kf".getBytes(StandardCharsets.US_ASCII))
        .columnKey("name", NAME_KEY, "kc1".getBytes(StandardCharsets.US_ASCII))
        .columnKey(TAGS_LEAF, TAGS_KEY, "kc2".getBytes(StandardCharsets.US_ASCII))
        .columnWithFooterKey("score");
  }

  /** The keys that read {@link #columnKeys()} files. */
  public static FileDecryptionProperties.Builder readKeys() {
    return FileDecryptionProperties.builder().footerKey(FOOTER_KEY).columnKey("name", NAME_KEY)
        .columnKey(TAGS_LEAF, TAGS_KEY);
  }

  /** Writes the table with {@code properties} to {@code path} and returns the file's bytes. */
  public static byte[] write(BufferAllocator allocator, Path path, WriterProperties properties) throws Exception {
    try (VectorSchemaRoot root = table(allocator);
        ParquetFileWriter w = ParquetFileWriter.open(path, root.getSchema(), properties)) {
      w.write(root);
    }
    return Files.readAllBytes(path);
  }

  /**
   * Reads {@code columns} (all when none) of {@code file} and checks each row against {@link
   * #table}; returns the number of rows read.
   */
  public static long readAndCompare(BufferAllocator allocator, ByteBufferInputFile file, FileDecryptionProperties keys,
      String... columns) {
    ReadOptions.Builder b = ReadOptions.builder(allocator).batchSize(777).decryption(keys);
    if (columns.length > 0) {
      b.columns(columns);
    }
    long row = 0;
    try (VectorSchemaRoot expected = table(allocator);
        ParquetFileReader reader = ParquetFileReader.open(file, b.build())) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (FieldVector v : batch.getFieldVectors()) {
            FieldVector e = expected.getVector(v.getName());
            for (int r = 0; r < batch.getRowCount(); r++) {
              assertEquals(e.getObject((int) row + r), v.getObject(r),
                  v.getName() + " row " + (row + r));
            }
          }
          row += batch.getRowCount();
        }
      }
    }
    return row;
  }
}
