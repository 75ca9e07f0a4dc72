package org.parquetarrow.dataset.prune;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Where a filter column lives in one file: a usable leaf (with the statistics reader for the
 * dataset column's domain), absent from the file (so all null there), or present in a shape
 * metadata cannot speak for (repeated, or of a type without statistics).
 *
 * @param descriptor the leaf, or {@code null} when absent or unusable
 * @param fileType the leaf's Arrow type in this file
 * @param statistics reads its chunk and page statistics, or {@code null} when unusable
 * @param decoder decodes its PLAIN values into the dataset domain, or {@code null} when unusable
 * @param absent whether the file has no such column
 */
record FileColumn(
    ColumnDescriptor descriptor, ArrowType fileType, ColumnStatistics statistics, StatisticsDecoder decoder, boolean absent) {

  static final FileColumn ABSENT = new FileColumn(null, null, null, null, true);
  static final FileColumn OPAQUE = new FileColumn(null, null, null, null, false);

  static FileColumn resolve(ColumnRef ref, SchemaMapping mapping, FileMetaData md, ArrowType datasetType) {
    List<FieldMapping> level = mapping.fields();
    FieldMapping found = null;
    for (int i = 0; i < ref.path().size(); i++) {
      String name = ref.path().get(i);
      found = level.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
      if (found == null) {
        return ABSENT;
      }
      if (i < ref.path().size() - 1) {
        if (found.kind() != FieldMapping.Kind.STRUCT) {
          return OPAQUE;
        }
        level = found.children();
      }
    }
    if (found.kind() == FieldMapping.Kind.NULL && found.column() != null) {
      return ABSENT; // a column of the null type holds only nulls
    }
    if (found.kind() != FieldMapping.Kind.PRIMITIVE || found.column() == null || found.column().maxRepetitionLevel() > 0) {
      return OPAQUE;
    }
    ColumnDescriptor col = found.column();
    ArrowType fileType = found.storageType() != null ? found.storageType() : found.type();
    // a column the file's Arrow schema retypes after decoding (seconds stored as milliseconds):
    // its statistics are in the stored unit, not the one the dataset's literals are bound to
    boolean retyped = !fileType.equals(found.type())
        && (found.type() instanceof ArrowType.Timestamp || found.type() instanceof ArrowType.Time
            || found.type() instanceof ArrowType.Date);
    StatisticsDecoder decoder = retyped ? null : StatisticsDecoder.of(col.node(), fileType, ValueDomain.of(datasetType));
    if (decoder == null) {
      return new FileColumn(col, fileType, null, null, false);
    }
    List<ColumnOrder> orders = md.columnOrders();
    ColumnOrder order = orders != null && col.ordinal() < orders.size() ? orders.get(col.ordinal()) : null;
    ColumnStatistics stats =
        new ColumnStatistics(decoder, col.node(), order, md.createdBy());
    return new FileColumn(col, fileType, stats, decoder, false);
  }
}
