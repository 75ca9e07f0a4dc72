package org.parquetarrow.bench.peer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.bench.ScanResult;

/**
 * A full scan by parquet-java 1.18 into Arrow vectors: {@code ParquetFileReader.readNextRowGroup}
 * and one {@code ColumnReader} per leaf from {@code ColumnReadStoreImpl}, copying batches of up to
 * {@code batchSize} rows straight into Arrow buffers. parquet-java has no vectorised reader of its
 * own (Spark and Iceberg each write one on top of it), so this column reader API is its fastest
 * public path; record assembly would add a converter call per value and per group.
 *
 * <p>Memory: {@link ScanResult#peakBytes()} is the Arrow allocator's peak (the batch being filled).
 * parquet-java's own heap (the compressed row group it reads whole, decompressed pages) is not in
 * that figure.
 *
 * <p>Covers the Parquet shapes of the benchmark data sets: top-level and struct-member leaves,
 * and 3-level lists and maps of primitives.
 *
 * <pre>
 * ScanResult r = ParquetJavaScan.scan(Path.of("lineitem.parquet"), allocator, 65_536);
 * </pre>
 */
public final class ParquetJavaScan {
  private ParquetJavaScan() {}

  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize) throws IOException {
    return scan(file, allocator, batchSize, new BatchDigest());
  }

  /** The scan, feeding every batch to {@code digest}. */
  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize, BatchDigest digest)
      throws IOException {
    long peak;
    try (BufferAllocator scanAllocator = allocator.newChildAllocator("parquet-java-scan", 0, Long.MAX_VALUE)) {
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file),
              ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        MessageType schema = reader.getFooter().getFileMetaData().getSchema();
        String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
        List<Field> fields = new ArrayList<>();
        for (Type column : schema.getFields()) {
          fields.add(ArrowFields.of(column));
        }
        try (VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), scanAllocator)) {
          for (FieldVector v : root.getFieldVectors()) {
            v.setInitialCapacity(batchSize);
          }
          List<ColumnDescriptor> columns = new ArrayList<>();
          List<LeafCopier> copiers = new ArrayList<>();
          for (int i = 0; i < schema.getFieldCount(); i++) {
            plan(schema, schema.getType(i), root.getVector(i), columns, copiers);
          }
          NoopConverters converters = new NoopConverters(schema);
          PageReadStore rowGroup;
          while ((rowGroup = reader.readNextRowGroup()) != null) {
            ColumnReadStoreImpl store = new ColumnReadStoreImpl(rowGroup, converters, schema, createdBy);
            for (int c = 0; c < copiers.size(); c++) {
              copiers.get(c).startRowGroup(store.getColumnReader(columns.get(c)));
            }
            for (long left = rowGroup.getRowCount(); left > 0; ) {
              int rows = (int) Math.min(batchSize, left);
              root.clear();
              root.allocateNew();
              for (LeafCopier copier : copiers) {
                copier.fill(rows);
              }
              for (LeafCopier copier : copiers) {
                copier.finish(rows);
              }
              root.setRowCount(rows);
              digest.add(root);
              left -= rows;
            }
          }
        }
      }
      peak = scanAllocator.getPeakMemoryAllocation();
    }
    return new ScanResult(digest.rows(), digest.checksum(), peak);
  }

  /** Adds the copiers of one top-level column, in leaf order. */
  private static void plan(MessageType schema, Type type, FieldVector vector,
      List<ColumnDescriptor> columns, List<LeafCopier> copiers) {
    int ownDef = type.isRepetition(Type.Repetition.REQUIRED) ? 0 : 1;
    if (type.isPrimitive()) {
      ColumnDescriptor column = column(schema, type.getName());
      columns.add(column);
      copiers.add(new FlatCopier(vector, ValueKind.of(column), column.getMaxDefinitionLevel(), null, 0));
      return;
    }
    GroupType group = type.asGroupType();
    LogicalTypeAnnotation logical = group.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      GroupType repeated = group.getType(0).asGroupType();
      ListVector list = (ListVector) vector;
      ColumnDescriptor column = column(schema, group.getName(), repeated.getName(), repeated.getType(0).getName());
      columns.add(column);
      copiers.add(new RepeatedCopier(list.getDataVector(), ValueKind.of(column), column.getMaxDefinitionLevel(),
          list, ownDef, true, null));
    } else if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
      GroupType repeated = group.getType(0).asGroupType();
      MapVector map = (MapVector) vector;
      StructVector entries = (StructVector) map.getDataVector();
      for (int k = 0; k < 2; k++) {
        ColumnDescriptor column = column(schema, group.getName(), repeated.getName(), repeated.getType(k).getName());
        columns.add(column);
        copiers.add(new RepeatedCopier(entries.getChildrenFromFields().get(k), ValueKind.of(column),
            column.getMaxDefinitionLevel(), map, ownDef, k == 0, entries));
      }
    } else {
      StructVector struct = (StructVector) vector;
      for (int k = 0; k < group.getFieldCount(); k++) {
        Type member = group.getType(k);
        if (!member.isPrimitive()) {
          throw new IllegalArgumentException("nested groups inside a struct are not in the benchmark sets: " + type);
        }
        ColumnDescriptor column = column(schema, group.getName(), member.getName());
        columns.add(column);
        copiers.add(new FlatCopier(struct.getChildrenFromFields().get(k), ValueKind.of(column),
            column.getMaxDefinitionLevel(), struct, ownDef));
      }
    }
  }

  private static ColumnDescriptor column(MessageType schema, String... path) {
    return schema.getColumnDescription(path);
  }
}
