package org.parquetarrow.dataset.prune;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.index.ColumnIndexReader;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Prunes one filter over the files of a dataset: whole files by their hive partition values, row
 * groups by statistics and bloom filters, and rows within row groups by the column index (as a
 * {@link RowSelection} through the offset index). Every decision is sound: a skipped partition,
 * row group or page holds no row the filter is true for. Every step is counted in {@link
 * PruningMetrics}.
 *
 * <pre>{@code
 * FilePruner pruner = new FilePruner(ExpressionParser.parse("x > 5"), datasetSchema, PruningOptions.ALL, metrics);
 * if (pruner.partitionMayMatch(Map.of("year", 2024L))) {
 *   List<RowGroupScan> scans = pruner.prune(file, footer.metadata(), ArrowSchemaConverter.toArrow(footer.metadata()), Map.of("year", 2024L));
 * }
 * }</pre>
 */
public final class FilePruner {
  private final Expression filter;
  private final Schema schema;
  private final PruningOptions options;
  private final PruningMetrics metrics;
  private final Set<ColumnRef> columns = new LinkedHashSet<>();
  /** Where each decision is explained, or {@code null} when nobody asked. */
  private final PlanRecorder recorder;

  /**
   * @param filter the filter, bound or not (it is bound to {@code datasetSchema} here), or {@code null} to read everything
   * @param datasetSchema the dataset's schema, partition columns included
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if the filter does not fit it
   */
  public FilePruner(Expression filter, Schema datasetSchema, PruningOptions options, PruningMetrics metrics) {
    this(filter, datasetSchema, options, metrics, null);
  }

  /**
   * A pruner that also records every decision, with its reason and evidence, in {@code recorder}
   * ({@code null}: none).
   */
  public FilePruner(Expression filter, Schema datasetSchema, PruningOptions options, PruningMetrics metrics,
      PlanRecorder recorder) {
    this.recorder = recorder;
    this.schema = datasetSchema;
    // No filter: nothing to prune, every row group read whole.
    this.filter = filter == null ? null : NegationPushdown.apply(ExpressionBinder.bind(filter, datasetSchema));
    this.options = options;
    this.metrics = metrics;
    if (this.filter != null) {
      collectColumns(this.filter);
    }
  }

  private void collectColumns(Expression e) {
    if (e instanceof Comparison c) {
      columns.add(c.column());
    } else if (e instanceof InList in) {
      columns.add(in.column());
    } else if (e instanceof NullCheck n) {
      columns.add(n.column());
    } else if (e instanceof StartsWith s) {
      columns.add(s.column());
    } else if (e instanceof Not n) {
      collectColumns(n.term());
    } else if (e instanceof And a) {
      a.terms().forEach(this::collectColumns);
    } else if (e instanceof Or o) {
      o.terms().forEach(this::collectColumns);
    }
  }

  /**
   * Whether a file with these hive partition values may hold matching rows; counts the file, and
   * counts it pruned when not.
   *
   * @param partitionValues top-level partition column name to its value, canonical for the
   *     column's type in the dataset schema as {@link Literal} describes, or {@code null} for a
   *     null partition
   */
  public boolean partitionMayMatch(Map<String, Object> partitionValues) {
    metrics.files.increment();
    if (filter == null) {
      return true;
    }
    Truth t = new BoundsEvaluator(ref -> partitionBounds(ref, partitionValues, 1)).evaluate(filter);
    if (t == Truth.NEVER) {
      metrics.filesPruned.increment();
      if (recorder != null) {
        StringBuilder values = new StringBuilder();
        partitionValues.forEach((k, v) -> values.append(values.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        recorder.partitionPruned("the filter is false for " + values);
      }
      return false;
    }
    return true;
  }

  private ColumnBounds partitionBounds(ColumnRef ref, Map<String, Object> partitionValues, long rows) {
    if (ref.path().size() != 1 || !partitionValues.containsKey(ref.path().get(0))) {
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

  /**
   * The row groups of one file that may hold matching rows, each with the rows the column index
   * could not rule out.
   *
   * @param file the file, for reading bloom filters and page indexes
   * @param metadata its footer
   * @param mapping its Arrow schema mapping
   * @param partitionValues as for {@link #partitionMayMatch}
   * @throws CorruptFileException if a bloom filter or page index is corrupt
   */
  public List<RowGroupScan> prune(
      InputFile file, FileMetaData metadata, SchemaMapping mapping, Map<String, Object> partitionValues) {
    return prune(file, metadata, mapping, partitionValues, null);
  }

  /**
   * As {@link #prune(InputFile, FileMetaData, SchemaMapping, Map)}, for a file opened with keys:
   * encrypted chunks whose key {@code decryptor} knows are pruned by their statistics (from
   * {@code metadata}, which must have their column metadata decrypted, see {@link
   * FileDecryptor#decryptColumnMetaData}), column and offset index, bloom filter and dictionary,
   * each module decrypted with the column's key; encrypted chunks without a key are not pruned.
   *
   * @param decryptor the file's decryption state ({@link org.parquetarrow.metadata.ParquetFooter#decryptor()}),
   *     {@code null} for a plaintext file or one read without keys
   * @throws org.parquetarrow.ParquetCryptoException if a module of a chunk with a known key does
   *     not authenticate
   */
  public List<RowGroupScan> prune(InputFile file, FileMetaData metadata, SchemaMapping mapping,
      Map<String, Object> partitionValues, FileDecryptor decryptor) {
    return prune(file, metadata, mapping, partitionValues, decryptor, 0, metadata.rowGroups().size());
  }

  /**
   * As {@link #prune(InputFile, FileMetaData, SchemaMapping, Map, FileDecryptor)}, for the row
   * groups {@code from} (inclusive) to {@code to} (exclusive) only: a split of a large file read in
   * parts prunes and counts its own row groups, never another split's.
   *
   * @throws IllegalArgumentException unless {@code 0 <= from <= to <= } the file's row group count
   */
  public List<RowGroupScan> prune(InputFile file, FileMetaData metadata, SchemaMapping mapping,
      Map<String, Object> partitionValues, FileDecryptor decryptor, int from, int to) {
    List<RowGroup> groups = metadata.rowGroups();
    if (from < 0 || from > to || to > groups.size()) {
      throw new IllegalArgumentException("row groups " + from + " to " + to + " are not within the "
          + groups.size() + " row groups of " + (file == null ? "the file" : file.name()));
    }
    Map<ColumnRef, FileColumn> resolved = new HashMap<>();
    for (ColumnRef ref : columns) {
      if (!(ref.path().size() == 1 && partitionValues.containsKey(ref.path().get(0)))) {
        ArrowType type = ExpressionBinder.resolve(ref, schema).getType();
        resolved.put(ref, FileColumn.resolve(ref, mapping, metadata, type));
      }
    }
    List<RowGroupScan> out = new ArrayList<>();
    metrics.rowGroups.add(to - from);
    if (filter == null) {
      List<RowGroupScan> all = new ArrayList<>();
      for (int i = from; i < to; i++) {
        long n = groups.get(i).numRows();
        if (n > 0) {
          all.add(new RowGroupScan(i, org.parquetarrow.selection.RowSelection.all(n), true));
        }
        record(i, n, n, n > 0 ? PlanExplanation.Verdict.KEPT : PlanExplanation.Verdict.PRUNED,
            n > 0 ? PlanExplanation.Reason.NO_FILTER : PlanExplanation.Reason.EMPTY, null, List.of());
      }
      return all;
    }
    for (int i = from; i < to; i++) {
      RowGroup rg = groups.get(i);
      ErrorLocation where = ErrorLocation.ofFile(file.name()).withRowGroup(i);
      Function<ColumnRef, ColumnBounds> chunkBounds = ref -> {
        ColumnBounds p = partitionBounds(ref, partitionValues, rg.numRows());
        if (p != null || partitionValues.containsKey(ref.path().get(0)) && ref.path().size() == 1) {
          return p;
        }
        FileColumn c = resolved.get(ref);
        if (c.absent()) {
          return ColumnBounds.allNull(ValueDomain.of(ExpressionBinder.resolve(ref, schema).getType()), rg.numRows());
        }
        if (!options.statistics() || c.statistics() == null) {
          return null;
        }
        ColumnChunk chunk = chunk(rg, c, where);
        return chunk.metaData() == null ? null : c.statistics().chunk(chunk.metaData().statistics(), rg.numRows());
      };
      Truth truth = rg.numRows() == 0 ? Truth.NEVER : new BoundsEvaluator(chunkBounds).evaluate(filter);
      if (truth == Truth.NEVER) {
        metrics.rowGroupsPrunedByStatistics.increment();
        if (rg.numRows() == 0) {
          record(i, 0, 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.EMPTY, null, List.of());
        } else {
          record(i, rg.numRows(), 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.STATISTICS,
              statisticsDetail(chunkBounds, partitionValues), List.of());
        }
        continue;
      }
      int index = i;
      Function<FileColumn, ChunkAccess> access =
          c -> ChunkAccess.of(decryptor, metadata, index, c.descriptor().ordinal());
      if (truth != Truth.ALWAYS && options.bloomFilters()) {
        BloomCache blooms = new BloomCache(file, rg, resolved, access, where);
        if (blooms.ruledOut(filter)) {
          metrics.rowGroupsPrunedByBloomFilter.increment();
          record(i, rg.numRows(), 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.BLOOM_FILTER,
              "the bloom filter holds no value of " + String.join(", ", blooms.hits), List.of());
          continue;
        }
      }
      if (truth != Truth.ALWAYS && options.dictionaries()) {
        DictionaryCache dictionaries = new DictionaryCache(file, metadata, rg, resolved, access, where);
        if (dictionaries.ruledOut(filter)) {
          metrics.rowGroupsPrunedByDictionary.increment();
          record(i, rg.numRows(), 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.DICTIONARY,
              String.join("; ", dictionaries.hits), List.of());
          continue;
        }
      }
      RowSelection rows = RowSelection.all(rg.numRows());
      List<PlanExplanation.PageRun> runs = List.of();
      if (truth != Truth.ALWAYS && options.pageIndex()) {
        PageIndexPruning pageIndex = new PageIndexPruning(file, rg, resolved, access, chunkBounds, where);
        rows = pageIndex.select(filter);
        if (recorder != null) {
          runs = pageIndex.runs(rows);
        }
        if (rows.isEmpty()) {
          metrics.rowGroupsPrunedByPageIndex.increment();
          record(i, rg.numRows(), 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.PAGE_INDEX,
              "the column index rules out every page", runs);
          continue;
        }
      }
      out.add(new RowGroupScan(i, rows, truth == Truth.ALWAYS));
      if (recorder != null) {
        boolean whole = rows.rowCount() == rg.numRows();
        PlanExplanation.Reason reason = truth == Truth.ALWAYS ? PlanExplanation.Reason.STATISTICS
            : whole ? PlanExplanation.Reason.MAY_MATCH : PlanExplanation.Reason.PAGE_INDEX;
        record(i, rg.numRows(), rows.rowCount(), whole ? PlanExplanation.Verdict.KEPT : PlanExplanation.Verdict.PARTIAL,
            reason, statisticsDetail(chunkBounds, partitionValues), runs);
      }
    }
    return out;
  }

  private void record(int rowGroup, long rows, long selected, PlanExplanation.Verdict verdict,
      PlanExplanation.Reason reason, String detail, List<PlanExplanation.PageRun> pages) {
    if (recorder != null) {
      recorder.rowGroup(new PlanExplanation.RowGroupEntry(rowGroup, rows, selected, verdict, reason, detail, pages));
    }
  }

  /** The bounds of each filter column in one row group, as the evidence of a statistics verdict. */
  private String statisticsDetail(Function<ColumnRef, ColumnBounds> chunkBounds, Map<String, Object> partitionValues) {
    if (recorder == null) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (ColumnRef ref : columns) {
      if (ref.path().size() == 1 && partitionValues.containsKey(ref.path().get(0))) {
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

  private static ColumnChunk chunk(RowGroup rg, FileColumn c, ErrorLocation where) {
    int ordinal = c.descriptor().ordinal();
    if (ordinal >= rg.columns().size()) {
      throw new CorruptFileException(
          "row group has " + rg.columns().size() + " column chunks, the schema needs column " + ordinal,
          where.withColumn(c.descriptor().dottedPath()), null);
    }
    return rg.columns().get(ordinal);
  }

  /** Bloom filters of one row group, read on first use. */
  private final class BloomCache {
    private final InputFile file;
    private final RowGroup rg;
    private final Map<ColumnRef, FileColumn> resolved;
    private final Function<FileColumn, ChunkAccess> access;
    private final ErrorLocation where;
    private final Map<ColumnRef, BloomFilterProbe> probes = new HashMap<>();
    /** The terms the bloom filters ruled out, as SQL. */
    final List<String> hits = new ArrayList<>();

    BloomCache(InputFile file, RowGroup rg, Map<ColumnRef, FileColumn> resolved, Function<FileColumn, ChunkAccess> access,
        ErrorLocation where) {
      this.file = file;
      this.rg = rg;
      this.resolved = resolved;
      this.access = access;
      this.where = where;
    }

    /** Whether bloom filters prove no row matches {@code e}. */
    boolean ruledOut(Expression e) {
      if (e instanceof And a) {
        return a.terms().stream().anyMatch(this::ruledOut);
      }
      if (e instanceof Or o) {
        return o.terms().stream().allMatch(this::ruledOut);
      }
      if (e instanceof Comparison c && c.op() == CompareOp.EQ) {
        BloomFilterProbe p = probe(c.column());
        boolean out = p != null && !p.mightContain(c.value().value());
        if (out) {
          hits.add(c.toSql());
        }
        return out;
      }
      if (e instanceof InList in && !in.negated()) {
        BloomFilterProbe p = probe(in.column());
        if (p == null) {
          return false;
        }
        p.prepare(in.values().stream().map(v -> v.value()).toList());
        boolean out = in.values().stream().noneMatch(v -> p.mightContain(v.value()));
        if (out) {
          hits.add(in.toSql());
        }
        return out;
      }
      return false;
    }

    private BloomFilterProbe probe(ColumnRef ref) {
      FileColumn c = resolved.get(ref);
      if (c == null || c.descriptor() == null) {
        return null;
      }
      // The literal is bound to the dataset's type; its value is the file's only if the types
      // agree (any integer width agrees: the value is the same number).
      ArrowType datasetType = ExpressionBinder.resolve(ref, schema).getType();
      boolean sameValue = datasetType.equals(c.fileType())
          || datasetType instanceof ArrowType.Int && c.fileType() instanceof ArrowType.Int;
      if (!sameValue) {
        return null;
      }
      return probes.computeIfAbsent(ref, r -> {
        ColumnChunk chunk = chunk(rg, c, where);
        ChunkAccess a = chunk.metaData() == null ? ChunkAccess.NO_KEY : access.apply(c);
        if (!a.readable()) {
          return null;
        }
        return BloomFilterProbe.read(file, chunk.metaData(), c.descriptor().node(), a, metrics.bytesRead::add);
      });
    }
  }

  /** Dictionaries of one row group, read on first use. */
  private final class DictionaryCache {
    private final InputFile file;
    private final FileMetaData metadata;
    private final RowGroup rg;
    private final Map<ColumnRef, FileColumn> resolved;
    private final Function<FileColumn, ChunkAccess> access;
    private final ErrorLocation where;
    private final Map<ColumnRef, Optional<List<Object>>> values = new HashMap<>();
    /** What each dictionary that ruled a term out lacked. */
    final List<String> hits = new ArrayList<>();

    DictionaryCache(InputFile file, FileMetaData metadata, RowGroup rg, Map<ColumnRef, FileColumn> resolved,
        Function<FileColumn, ChunkAccess> access, ErrorLocation where) {
      this.file = file;
      this.metadata = metadata;
      this.rg = rg;
      this.resolved = resolved;
      this.access = access;
      this.where = where;
    }

    /** Whether no dictionary value satisfies {@code e}, so no row can. */
    boolean ruledOut(Expression e) {
      ColumnRef only = singleColumn(e);
      if (only != null && !(e instanceof NullCheck)) {
        // The whole subtree is about one column: test it on each dictionary value at once, so
        // that "x like '1%' and x != '1'" sees that no single value satisfies both.
        return noValueSatisfies(only, e);
      }
      if (e instanceof And a) {
        return a.terms().stream().anyMatch(this::ruledOut);
      }
      if (e instanceof Or o) {
        return o.terms().stream().allMatch(this::ruledOut);
      }
      if (e instanceof NullCheck) {
        return false; // nulls are not in the dictionary
      }
      ColumnRef ref = leafColumnOf(e);
      return ref != null && noValueSatisfies(ref, e);
    }

    private boolean noValueSatisfies(ColumnRef ref, Expression e) {
      List<Object> dict = dictionary(ref);
      if (dict == null) {
        return false;
      }
      FileColumn c = resolved.get(ref);
      ValueDomain domain = ValueDomain.of(ExpressionBinder.resolve(ref, schema).getType());
      for (Object v : dict) {
        if (v == null) {
          return false; // a value without bounds (NaN) might match
        }
        ColumnBounds one = ColumnBounds.constant(domain, v, 1);
        if (new BoundsEvaluator(r -> r.equals(ref) ? one : null).evaluate(e) != Truth.NEVER) {
          return false;
        }
      }
      hits.add("no value of the dictionary of " + ref.dottedPath() + " (" + dict.size() + " values) satisfies " + e.toSql());
      return true;
    }

    private List<Object> dictionary(ColumnRef ref) {
      FileColumn c = resolved.get(ref);
      if (c == null || c.descriptor() == null || c.statistics() == null) {
        return null;
      }
      return values.computeIfAbsent(ref, r -> {
        long[] read = new long[1];
        ColumnChunk chunk = chunk(rg, c, where);
        ChunkAccess a = access.apply(c);
        if (!a.readable()) {
          return Optional.empty();
        }
        List<Object> dict = DictionaryValues.read(file, chunk, c.descriptor(), c.decoder(),
            WriterVersion.parse(metadata.createdBy()), where.withColumn(c.descriptor().dottedPath()), a, read);
        metrics.bytesRead.add(read[0]);
        return Optional.ofNullable(dict);
      }).orElse(null);
    }
  }

  /** The one column every leaf of {@code e} names and no leaf is a null check, else {@code null}. */
  private static ColumnRef singleColumn(Expression e) {
    if (e instanceof And || e instanceof Or) {
      List<Expression> terms = e instanceof And a ? a.terms() : ((Or) e).terms();
      ColumnRef first = null;
      for (Expression t : terms) {
        ColumnRef c = singleColumn(t);
        if (c == null || (first != null && !first.equals(c))) {
          return null;
        }
        first = c;
      }
      return first;
    }
    return leafColumnOf(e);
  }

  private static ColumnRef leafColumnOf(Expression e) {
    if (e instanceof Comparison c) {
      return c.column();
    }
    if (e instanceof InList in) {
      return in.column();
    }
    if (e instanceof StartsWith s) {
      return s.column();
    }
    return e instanceof Not n ? leafColumnOf(n.term()) : null;
  }

  /** The column index of one row group turned into the rows that may match. */
  private final class PageIndexPruning {
    private final InputFile file;
    private final RowGroup rg;
    private final Map<ColumnRef, FileColumn> resolved;
    private final Function<FileColumn, ChunkAccess> access;
    private final Function<ColumnRef, ColumnBounds> chunkBounds;
    private final ErrorLocation where;
    private final Map<ColumnRef, PageBounds> pages = new java.util.LinkedHashMap<>();

    PageIndexPruning(InputFile file, RowGroup rg, Map<ColumnRef, FileColumn> resolved,
        Function<FileColumn, ChunkAccess> access, Function<ColumnRef, ColumnBounds> chunkBounds, ErrorLocation where) {
      this.file = file;
      this.rg = rg;
      this.resolved = resolved;
      this.access = access;
      this.chunkBounds = chunkBounds;
      this.where = where;
    }

    RowSelection select(Expression e) {
      RowSelection rows = selection(e);
      for (PageBounds p : pages.values()) {
        if (p != null) {
          metrics.pages.add(p.count());
          metrics.pagesSkipped.add(p.countUnselected(rows));
        }
      }
      return rows;
    }

    private RowSelection selection(Expression e) {
      if (e instanceof And a) {
        RowSelection r = RowSelection.all(rg.numRows());
        for (Expression t : a.terms()) {
          r = r.intersect(selection(t));
        }
        return r;
      }
      if (e instanceof Or o) {
        RowSelection r = RowSelection.none();
        for (Expression t : o.terms()) {
          r = r.union(selection(t));
        }
        return r;
      }
      ColumnRef ref = leafColumn(e);
      PageBounds p = ref == null ? null : pages.computeIfAbsent(ref, this::load);
      if (p == null) {
        Truth t = new BoundsEvaluator(chunkBounds).evaluate(e);
        return t == Truth.NEVER ? RowSelection.none() : RowSelection.all(rg.numRows());
      }
      RowSelection.Builder b = RowSelection.builder();
      for (int i = 0; i < p.count(); i++) {
        ColumnBounds bounds = p.bounds(i);
        Truth t = new BoundsEvaluator(r -> r.equals(ref) ? bounds : null).evaluate(e);
        if (t != Truth.NEVER) {
          b.add(p.firstRow(i), p.endRow(i));
        }
      }
      return b.build();
    }

    /** The pages of each column consulted, in runs of the same verdict under {@code rows}. */
    List<PlanExplanation.PageRun> runs(RowSelection rows) {
      List<PlanExplanation.PageRun> out = new ArrayList<>();
      for (Map.Entry<ColumnRef, PageBounds> e : pages.entrySet()) {
        PageBounds p = e.getValue();
        if (p == null) {
          continue;
        }
        int start = 0;
        for (int i = 1; i <= p.count(); i++) {
          if (i == p.count() || rows.selects(p.firstRow(i), p.endRow(i)) != rows.selects(p.firstRow(start), p.endRow(start))) {
            out.add(new PlanExplanation.PageRun(e.getKey().dottedPath(), start, i - 1, p.firstRow(start), p.endRow(i - 1),
                rows.selects(p.firstRow(start), p.endRow(start))));
            start = i;
          }
        }
      }
      return out;
    }

    private ColumnRef leafColumn(Expression e) {
      if (e instanceof Comparison c) {
        return c.column();
      }
      if (e instanceof InList in) {
        return in.column();
      }
      if (e instanceof NullCheck n) {
        return n.column();
      }
      if (e instanceof StartsWith s) {
        return s.column();
      }
      return e instanceof Not n ? leafColumn(n.term()) : null;
    }

    private PageBounds load(ColumnRef ref) {
      FileColumn c = resolved.get(ref);
      if (c == null || c.statistics() == null) {
        return null;
      }
      ColumnChunk chunk = chunk(rg, c, where);
      if (chunk.columnIndexOffset() == null || chunk.columnIndexLength() == null
          || chunk.offsetIndexOffset() == null || chunk.offsetIndexLength() == null) {
        return null;
      }
      ChunkAccess a = access.apply(c);
      if (!a.readable()) {
        return null;
      }
      ErrorLocation at = where.withColumn(c.descriptor().dottedPath());
      OffsetIndex offsets = OffsetIndexReader.read(file, chunk, MetadataLimits.DEFAULT, a.decryptor());
      ColumnIndex index = ColumnIndexReader.read(file, chunk, a.decryptor(), at);
      metrics.bytesRead.add((long) chunk.offsetIndexLength() + chunk.columnIndexLength());
      return PageBounds.of(index, offsets, rg.numRows(), c.statistics(), at);
    }
  }
}
