package org.parquetarrow.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.Expressions;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.Truth;

/**
 * Takes Spark's column pruning (nested struct fields included) and predicates. A predicate is
 * pushed when it translates whole ({@link PredicateTranslator}) and names only file columns (then
 * the scan prunes row groups and pages by it and returns only matching rows, in whole files and in
 * the row-group runs of large files alike) or only partition
 * columns (then files are left out on the driver; Spark checks it again on the constant
 * columns, which costs nothing, unless every file's non-null partition values decide it, when
 * leaving files out is exact and Spark is not handed it back). Predicates mixing both, or naming a column some file lacks or
 * types differently, stay with Spark.
 *
 * <p>Aggregations ({@code COUNT}, {@code SUM}, {@code AVG}, {@code MIN}, {@code MAX} with {@code
 * GROUP BY}) are taken when no predicate is left to Spark and {@link AggregateTranslator} finds the
 * result exactly Spark's (option {@code aggregatePushdown}): each task then returns partial rows
 * per group and Spark merges them.
 */
final class ParquetArrowScanBuilder
    implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters, SupportsPushDownAggregates {
  private final Dataset dataset;
  /** The table's schema as Spark sees it (the user's spelling). */
  private final StructType fullSchema;
  /** {@link #fullSchema} in the files' spelling, which the scan works in (the same without a user schema). */
  private final StructType fileSchema;
  private final ReadConfig config;
  private final Set<String> partitionColumns = new HashSet<>();
  private StructType requiredSchema;
  private final List<Predicate> pushed = new ArrayList<>();
  private Expression dataFilter;
  private Expression partitionFilter;
  private final boolean splitFiles;
  /** Whether some predicate is evaluated by Spark after the scan (then no aggregate is pushed). */
  private boolean predicatesLeftToSpark;
  private AggregateTranslator.Spec aggregation;
  /** The schema the user gave the read, or null when it is the files' own. */
  private final UserSchema userSchema;

  /**
   * @param fullSchema the table's schema as Spark sees it: the files' own, or {@code userSchema}'s
   * @param userSchema the schema the user gave the read, or {@code null}
   */
  ParquetArrowScanBuilder(Dataset dataset, StructType fullSchema, ReadConfig config, UserSchema userSchema) {
    this.userSchema = userSchema;
    this.dataset = dataset;
    this.fullSchema = fullSchema;
    this.fileSchema = userSchema == null ? fullSchema : userSchema.resolved();
    this.config = config;
    this.requiredSchema = fullSchema;
    this.splitFiles = someFileSplits();
    for (Field f : dataset.partitionSchema().getFields()) {
      partitionColumns.add(f.getName());
    }
  }

  @Override
  public void pruneColumns(StructType required) {
    this.requiredSchema = required;
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    PredicateTranslator data = new PredicateTranslator(pushableDataColumns(), unscaledDecimalBits(), this::filePath);
    Map<List<String>, DataType> partitionPaths = new HashMap<>();
    partitionColumnTypes().forEach((name, type) -> partitionPaths.put(List.of(name), type));
    PredicateTranslator partition = new PredicateTranslator(partitionPaths, Map.of(), this::filePath);
    List<Expression> dataTerms = new ArrayList<>();
    List<Expression> partitionTerms = new ArrayList<>();
    List<Predicate> postScan = new ArrayList<>();
    List<Predicate> partitionPredicates = new ArrayList<>();
    for (Predicate p : predicates) {
      Expression e = null;
      if (namesOnly(p, true)) {
        e = partition.translate(p);
        if (e != null) {
          partitionTerms.add(e);
          partitionPredicates.add(p);
        }
      } else if (namesOnly(p, false)) {
        e = data.translate(p);
        if (e != null) {
          dataTerms.add(e);
        }
      }
      if (e == null) {
        postScan.add(p);
      } else {
        pushed.add(p);
      }
    }
    dataFilter = dataTerms.isEmpty() ? null : Expressions.and(dataTerms.toArray(new Expression[0]));
    partitionFilter = partitionTerms.isEmpty() ? null : Expressions.and(partitionTerms.toArray(new Expression[0]));
    if (partitionFilter != null && !decidedByPartitionValues(partitionFilter)) {
      postScan.addAll(partitionPredicates);
    }
    predicatesLeftToSpark = !postScan.isEmpty();
    return postScan.toArray(new Predicate[0]);
  }

  /**
   * Whether every file's partition values, none of them null, decide {@code filter} (true or false
   * for the whole file): then leaving out the files where it is false is exact, and Spark need not
   * check it again, which lets Spark push an aggregation under a partition filter.
   */
  private boolean decidedByPartitionValues(Expression filter) {
    FilePruner pruner;
    try {
      pruner = new FilePruner(filter, dataset.schema(), config.pruning(), new PruningMetrics());
    } catch (RuntimeException e) {
      return false; // not bound to the schema here: Spark checks it
    }
    for (DatasetFile f : dataset.files()) {
      if (f.partitionValues().containsValue(null) || pruner.partitionTruth(f.partitionValues()) == Truth.MAYBE) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.toArray(new Predicate[0]);
  }

  /**
   * Takes {@code aggregation} when it is computed exactly as Spark would (see {@link
   * AggregateTranslator}) and every predicate was pushed whole: Spark then reads one partial row
   * per group from each task.
   */
  @Override
  public boolean pushAggregation(Aggregation offered) {
    if (config.aggregatePushdown() == ReadConfig.AggregatePushdown.OFF || predicatesLeftToSpark || userSchema != null) {
      return false; // (a user's schema may widen columns or add missing ones: Spark aggregates them)
    }
    SQLConf conf = SQLConf.get();
    aggregation = AggregateTranslator.translate(offered, fullSchema, topLevelDataColumns(), partitionColumnTypes(),
        conf.ansiEnabled(), conf.decimalOperationsAllowPrecisionLoss());
    return aggregation != null;
  }

  /** Never: Spark merges the tasks' partial rows (and so turns {@code AVG} into {@code SUM} and {@code COUNT}). */
  @Override
  public boolean supportCompletePushDown(Aggregation aggregation) {
    return false;
  }

  /**
   * @throws IncompatibleSchemaException when a user schema's column that two file columns match
   *     ignoring case is read (see {@link UserSchema})
   */
  @Override
  public Scan build() {
    StructType read = readSchema();
    if (userSchema != null) {
      userSchema.refuseAmbiguous(requiredSchema);
    }
    return new ParquetArrowScan(dataset, fileSchema, read, userSchema == null ? read : userSchema.toFiles(read),
        partitionColumns, dataFilter, partitionFilter, pushedPredicates(), config, splitFiles, aggregation, userSchema);
  }

  /** A column path as Spark names it (the user's spelling) as the files spell it. */
  private List<String> filePath(List<String> path) {
    return userSchema == null ? path : userSchema.toFiles(path);
  }

  /** The top-level file columns every file has with one Arrow type. */
  private Map<String, ArrowType> topLevelDataColumns() {
    Map<String, ArrowType> common = null;
    for (DatasetFile f : dataset.files()) {
      Map<String, ArrowType> top = new HashMap<>();
      for (Field field : f.mapping().arrowSchema().getFields()) {
        top.put(field.getName(), field.getType());
      }
      if (common == null) {
        common = top;
      } else {
        common.entrySet().removeIf(e -> !e.getValue().equals(top.get(e.getKey())));
      }
    }
    if (common != null) {
      common.keySet().removeAll(partitionColumns);
    }
    return common == null ? Map.of() : common;
  }

  /**
   * Whether some file is larger than the split size, so that the scan cuts it into row-group
   * runs (shown in the scan's description).
   */
  private boolean someFileSplits() {
    long maxSplit = ParquetArrowScan.maxSplitBytes(dataset.files(), config.maxPartitionBytes());
    return dataset.files().stream().anyMatch(f -> ParquetArrowScan.splittable(f, maxSplit));
  }

  private boolean namesOnly(Predicate p, boolean partitions) {
    NamedReference[] refs = p.references();
    if (refs.length == 0) {
      return false;
    }
    for (NamedReference r : refs) {
      if (partitionColumns.contains(filePath(List.of(r.fieldNames())).get(0)) != partitions) {
        return false;
      }
    }
    return true;
  }

  /**
   * What the scan returns: Spark's required schema, except that inside lists and maps fields are
   * not pruned (our projection prunes through structs only), so those come whole.
   */
  private StructType readSchema() {
    return ParquetArrowScan.widen(requiredSchema, fullSchema);
  }

  /**
   * The partition columns in the table's schema (as the directories spell them), in the types their
   * values have in the dataset.
   */
  private Map<String, DataType> partitionColumnTypes() {
    Map<String, DataType> out = new HashMap<>();
    for (StructField f : fileSchema.fields()) {
      if (partitionColumns.contains(f.name()) && (userSchema == null || userSchema.sameType(List.of(f.name())))) {
        out.put(f.name(), f.dataType());
      }
    }
    return out;
  }

  /**
   * The file columns (leaves reached through structs) a pushed filter may name: present in every
   * file with one Arrow type, and of a type our filter compares as Spark does.
   */
  private Map<List<String>, DataType> pushableDataColumns() {
    Map<List<String>, ArrowType> common = null;
    for (DatasetFile f : dataset.files()) {
      Map<List<String>, ArrowType> leaves = new HashMap<>();
      for (Field field : f.mapping().arrowSchema().getFields()) {
        collectLeaves(field, List.of(field.getName()), leaves);
      }
      if (common == null) {
        common = leaves;
      } else {
        common.entrySet().removeIf(e -> !e.getValue().equals(leaves.get(e.getKey())));
      }
    }
    Map<List<String>, DataType> out = new HashMap<>();
    if (common == null) {
      return out;
    }
    for (Map.Entry<List<String>, ArrowType> e : common.entrySet()) {
      if (comparable(e.getValue()) && (userSchema == null || userSchema.sameType(e.getKey()))) {
        DataType t = typeAt(fileSchema, e.getKey());
        if (t != null) {
          out.put(e.getKey(), t);
        }
      }
    }
    return out;
  }

  /** The decimal columns read as unscaled integers, with the integers' width. */
  private Map<List<String>, Integer> unscaledDecimalBits() {
    Map<List<String>, Integer> out = new HashMap<>();
    UnscaledDecimals.leaves(dataset.schema()).forEach((path, f) -> out.put(path, ((ArrowType.Int) f.getType()).getBitWidth()));
    return out;
  }

  private static void collectLeaves(Field f, List<String> path, Map<List<String>, ArrowType> out) {
    if (f.getType() instanceof ArrowType.Struct) {
      for (Field c : f.getChildren()) {
        collectLeaves(c, UnscaledDecimals.child(path, c.getName()), out);
      }
    } else {
      out.put(path, f.getType());
    }
  }

  private static boolean comparable(ArrowType t) {
    return switch (t.getTypeID()) {
      case Bool, Utf8, Date, Timestamp -> true;
      case Int -> ((ArrowType.Int) t).getIsSigned();
      case FloatingPoint -> ((ArrowType.FloatingPoint) t).getPrecision() != FloatingPointPrecision.HALF;
      case Decimal -> ((ArrowType.Decimal) t).getPrecision() <= 38;
      default -> false;
    };
  }

  private static DataType typeAt(StructType schema, List<String> path) {
    DataType t = schema;
    for (String name : path) {
      if (!(t instanceof StructType st) || !List.of(st.fieldNames()).contains(name)) {
        return null;
      }
      t = st.apply(name).dataType();
    }
    return t;
  }
}
