package org.parquetarrow.dataset.prune;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.format.ColumnChunk;

/**
 * The bounds of each filter column known without reading anything but the footer: a hive
 * partition value (one value for the whole file), absence from the file (all null), or the chunk's
 * statistics; and the text that shows them as the evidence of a verdict.
 */
final class StatisticsPruning {
  private final Schema schema;
  private final Set<ColumnRef> columns;
  private final PruningOptions options;

  /**
   * @param schema the dataset's schema, which the filter is bound to
   * @param columns the filter's columns, in the order the evidence lists them
   */
  StatisticsPruning(Schema schema, Set<ColumnRef> columns, PruningOptions options) {
    this.schema = schema;
    this.columns = columns;
    this.options = options;
  }

  /** Whether {@code ref} is a top-level column whose value the file's partition gives. */
  static boolean isPartitionColumn(ColumnRef ref, Map<String, Object> partitionValues) {
    return ref.path().size() == 1 && partitionValues.containsKey(ref.path().get(0));
  }

  /** The bounds of {@code ref} over {@code rows} rows of a partition, or {@code null} if it is not a partition column. */
  ColumnBounds partition(ColumnRef ref, Map<String, Object> partitionValues, long rows) {
    if (!isPartitionColumn(ref, partitionValues)) {
      return null;
    }
    ValueDomain domain = ValueDomain.of(ExpressionBinder.resolve(ref, schema).getType());
    Object v = partitionValues.get(ref.path().get(0));
    if (v == null) {
      return ColumnBounds.allNull(domain, rows);
    }
    Object d = domain == null ? null : domain.convert(v);
    return d == null ? null : ColumnBounds.constant(domain, d, rows);
  }

  /** The bounds of each filter column in one row group ({@code null}: unknown). */
  Function<ColumnRef, ColumnBounds> chunk(RowGroupContext group, Map<String, Object> partitionValues) {
    return ref -> {
      if (isPartitionColumn(ref, partitionValues)) {
        return partition(ref, partitionValues, group.numRows());
      }
      FileColumn c = group.columns().get(ref);
      if (c.absent()) {
        return ColumnBounds.allNull(ValueDomain.of(group.datasetType(ref)), group.numRows());
      }
      if (!options.statistics() || c.statistics() == null) {
        return null;
      }
      ColumnChunk chunk = group.chunk(c);
      return chunk.metaData() == null ? null : c.statistics().chunk(chunk.metaData().statistics(), group.numRows());
    };
  }

  /** The bounds of each filter column in one row group, as the evidence of a statistics verdict. */
  String detail(Function<ColumnRef, ColumnBounds> chunkBounds, Map<String, Object> partitionValues) {
    StringBuilder sb = new StringBuilder();
    for (ColumnRef ref : columns) {
      if (isPartitionColumn(ref, partitionValues)) {
        continue; // the file's verdict already tells about its partition values
      }
      ColumnBounds b = chunkBounds.apply(ref);
      sb.append(sb.length() == 0 ? "" : "; ").append(ref.dottedPath()).append(": ");
      if (b == null) {
        sb.append("no usable statistics");
        continue;
      }
      if (b.allNulls()) {
        sb.append("all ").append(b.rowCount()).append(" null");
        continue;
      }
      sb.append(b.min() == null ? "no min" : "min " + valueText(b.min()))
          .append(", ").append(b.max() == null ? "no max" : "max " + valueText(b.max()));
      sb.append(", ").append(b.nullCount() < 0 ? "nulls unknown" : b.nullCount() + " nulls");
    }
    return sb.toString();
  }

  private static String valueText(Object v) {
    if (v instanceof byte[] bytes) {
      return "'" + new String(bytes, StandardCharsets.UTF_8) + "'";
    }
    return String.valueOf(v);
  }
}
