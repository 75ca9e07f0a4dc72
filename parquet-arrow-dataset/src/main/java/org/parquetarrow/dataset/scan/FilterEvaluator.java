package org.parquetarrow.dataset.scan;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * Evaluates a bound filter ({@link org.parquetarrow.dataset.expr.ExpressionBinder}) on a decoded
 * batch, column at a time into bitmaps, in SQL's three-valued logic and with DuckDB's
 * comparisons: floating point NaN equals itself and is above every number, {@code -0.0 = 0.0};
 * strings and binaries compare as unsigned bytes; an integer compared with a fraction is compared
 * with the numbers around it.
 *
 * <pre>{@code
 * FilterEvaluator f = new FilterEvaluator(ExpressionBinder.bind(filter, schema));
 * TriBits result = f.evaluate(batch);
 * }</pre>
 */
final class FilterEvaluator {
  private final Expression filter;
  /** Every {@code and} of the filter, as it is run (built once, shared by the scan's threads). */
  private final Map<And, Conjunction> conjunctions = new IdentityHashMap<>();

  /**
   * The filter's top-level steps (the units of its {@code and}, or the whole filter) that test one
   * top-level column found in no other step and are never true on a null, by the column's name:
   * on a dictionary-encoded column such a step can be answered by the reader while it decodes the
   * indices ({@link org.parquetarrow.read.DictionaryRowFilter}).
   */
  private final Map<String, Conjunction.Unit> answerable;
  /**
   * The top-level {@code c is not null} steps of the filter on a column {@code c} of {@link
   * #answerable}, to the column's name: where the reader answers {@code c}'s step they need no
   * evaluation, since that step is false on a null row already (a null has no dictionary index).
   * Spark pushes {@code isnotnull(c)} beside every comparison on {@code c}; counting it as a second
   * step on {@code c} would keep {@code c} from being answered at all.
   */
  private final Map<Conjunction.Unit, String> impliedNotNull = new IdentityHashMap<>();

  FilterEvaluator(Expression boundFilter) {
    this.filter = boundFilter;
    planConjunctions(boundFilter);
    this.answerable = answerable(boundFilter);
  }

  private Map<String, Conjunction.Unit> answerable(Expression root) {
    List<Conjunction.Unit> units = root instanceof And a ? conjunctions.get(a).units() : List.of(new Conjunction.Unit(null, List.of(root)));
    Map<String, Conjunction.Unit> out = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    Set<String> twice = new HashSet<>();
    Map<Conjunction.Unit, String> notNull = new IdentityHashMap<>();
    for (Conjunction.Unit u : units) {
      String notNullOf = units.size() > 1 ? notNullColumn(u) : null;
      if (notNullOf != null) {
        notNull.put(u, notNullOf); // implied by an answered step on the column, if any (below)
        continue;
      }
      Set<List<String>> refs = new HashSet<>();
      boolean nullTest = false;
      for (Expression t : u.terms()) {
        nullTest |= columns(t, refs);
      }
      for (List<String> r : refs) {
        if (!seen.add(r.get(0))) {
          twice.add(r.get(0));
        }
      }
      if (refs.size() == 1 && !nullTest) {
        List<String> path = refs.iterator().next();
        if (path.size() == 1) {
          out.put(path.get(0), u);
        }
      }
    }
    out.keySet().removeAll(twice);
    notNull.forEach((u, column) -> {
      if (out.containsKey(column)) {
        impliedNotNull.put(u, column);
      }
    });
    return out;
  }

  /** The top-level column {@code u} alone tests to be not null ({@code c is not null}, {@code not (c is null)}), or {@code null}. */
  private static String notNullColumn(Conjunction.Unit u) {
    if (u.isRange() || u.terms().size() != 1) {
      return null;
    }
    Expression t = u.terms().get(0);
    NullCheck nc = t instanceof NullCheck n && !n.isNull() ? n
        : t instanceof Not not && not.term() instanceof NullCheck n && n.isNull() ? n : null;
    return nc != null && nc.column().path().size() == 1 ? nc.column().path().get(0) : null;
  }

  /** Adds the columns {@code e} reads to {@code into}; whether it holds a null test (true on a null). */
  private static boolean columns(Expression e, Set<List<String>> into) {
    if (e instanceof And a) {
      boolean n = false;
      for (Expression t : a.terms()) {
        n |= columns(t, into);
      }
      return n;
    }
    if (e instanceof Or o) {
      boolean n = false;
      for (Expression t : o.terms()) {
        n |= columns(t, into);
      }
      return n;
    }
    if (e instanceof Not n) {
      return columns(n.term(), into);
    }
    if (e instanceof Comparison c) {
      into.add(c.column().path());
    } else if (e instanceof Between b) {
      into.add(b.column().path());
    } else if (e instanceof InList in) {
      into.add(in.column().path());
    } else if (e instanceof StartsWith st) {
      into.add(st.column().path());
    } else if (e instanceof NullCheck nc) {
      into.add(nc.column().path());
      return true;
    } else {
      return true; // a term of a kind not known here: never answered early
    }
    return false;
  }

  /** The top-level columns a step of the filter tests alone (see {@link #answerable}). */
  Set<String> answerableColumns() {
    return answerable.keySet();
  }

  /**
   * The step of the filter on {@code column} ({@link #answerableColumns}) on the values {@code
   * entries} (a dictionary's, none null): bit {@code i} set where it is true on entry {@code i}.
   */
  long[] entryAnswers(String column, FieldVector entries) {
    Conjunction.Unit u = answerable.get(column);
    VectorSchemaRoot root = new VectorSchemaRoot(List.of(entries.getField()), List.of(entries), entries.getValueCount());
    Pass p = new Pass(root, Map.of(), null, Set.of());
    TriBits r = u.isRange() ? p.bounds(u.column(), u.terms(), null, u) : p.eval(u.terms().get(0), null);
    return r.isTrue;
  }

  private void planConjunctions(Expression e) {
    if (e instanceof And a) {
      conjunctions.put(a, Conjunction.of(a));
      a.terms().forEach(this::planConjunctions);
    } else if (e instanceof Or o) {
      o.terms().forEach(this::planConjunctions);
    } else if (e instanceof Not n) {
      planConjunctions(n.term());
    }
  }

  /** The filter's value for every row of {@code batch}. */
  TriBits evaluate(VectorSchemaRoot batch) {
    return evaluate(batch, Map.of());
  }

  /**
   * The filter's value for every row of {@code batch}, whose dictionary-encoded columns have
   * their values in {@code dictionaries} (by dictionary id): a predicate on such a column is
   * evaluated once per dictionary value, then looked up by each row's index.
   */
  TriBits evaluate(VectorSchemaRoot batch, Map<Long, FieldVector> dictionaries) {
    return new Pass(batch, dictionaries, null, Set.of()).eval(filter);
  }

  /**
   * As {@link #evaluate(VectorSchemaRoot, Map)}, reusing the per-entry results {@code kept} (of
   * the calling thread's earlier batches) where a batch's dictionary holds the same entries, and
   * keeping the new ones there.
   */
  TriBits evaluate(VectorSchemaRoot batch, Map<Long, FieldVector> dictionaries, DictionaryResults kept) {
    return new Pass(batch, dictionaries, kept, Set.of()).eval(filter);
  }

  /**
   * As {@link #evaluate(VectorSchemaRoot, Map, DictionaryResults)}, where the columns {@code
   * answered} (some of {@link #answerableColumns}) hold their step's answer per row, a {@code Bool}
   * vector the reader made, not their values.
   */
  TriBits evaluate(VectorSchemaRoot batch, Map<Long, FieldVector> dictionaries, DictionaryResults kept, Set<String> answered) {
    Pass p = new Pass(batch, dictionaries, kept, answered);
    if (!answered.isEmpty() && !(filter instanceof And)) {
      return p.answers(answered.iterator().next());
    }
    return p.eval(filter);
  }

  /** One evaluation over one batch, columns extracted once each. */
  private final class Pass {
    private final VectorSchemaRoot batch;
    private final int rows;
    private final Map<Long, FieldVector> dictionaries;
    /** Per-entry results of earlier batches, or {@code null}: none kept. */
    private final DictionaryResults kept;
    private final Map<List<String>, ColumnValues> columns = new HashMap<>();
    /** Columns whose vector is their step's answer per row (see {@link #evaluate(VectorSchemaRoot, Map, DictionaryResults, Set)}). */
    private final Set<String> answered;

    Pass(VectorSchemaRoot batch, Map<Long, FieldVector> dictionaries, DictionaryResults kept, Set<String> answered) {
      this.answered = answered;
      this.batch = batch;
      this.rows = batch.getRowCount();
      this.dictionaries = dictionaries;
      this.kept = kept;
    }

    TriBits eval(Expression e) {
      return eval(e, null);
    }

    /**
     * {@code e} on the rows of the batch; only the rows set in {@code open} (all when null) need
     * the right answer, the others may get any. An {@code and} passes each term the rows its
     * terms so far have not made false, so that a comparison after a selective one looks only at
     * the few rows left (a row false once stays false, whatever the rest says).
     */
    TriBits eval(Expression e, long[] open) {
      if (e instanceof And a) {
        return and(conjunctions.get(a), open);
      }
      if (e instanceof Or o) {
        TriBits out = eval(o.terms().get(0));
        for (int i = 1; i < o.terms().size(); i++) {
          out.or(eval(o.terms().get(i)));
        }
        return out;
      }
      if (e instanceof Not n) {
        TriBits out = eval(n.term());
        out.not();
        return out;
      }
      if (e instanceof Between b) {
        return bounds(b.column(), List.of(b), open, b);
      }
      if (e instanceof NullCheck n) {
        TriBits out = new TriBits(rows);
        long[] valid = validity(n.column());
        long[] whenValid = n.isNull() ? out.isFalse : out.isTrue;
        long[] whenNull = n.isNull() ? out.isTrue : out.isFalse;
        for (int w = 0; w < valid.length; w++) {
          whenValid[w] = valid[w];
          whenNull[w] = ~valid[w] & TriBits.rowsMask(rows, w);
        }
        return out;
      }
      if (e instanceof Comparison c) {
        ColumnValues col = column(c.column());
        // on a dictionary-encoded column the comparison runs over the dictionary, not the rows
        if (col.dictionary != null) {
          return perValue(col, v -> compare(v, c.op(), c.value(), null), open, c);
        }
        return compare(col, c.op(), c.value(), open);
      }
      if (e instanceof InList in) {
        TriBits out = perValue(column(in.column()), v -> in(v, in.values()), null, in);
        if (in.withNull()) {
          // a value the list misses might be the null: unknown, not false
          Arrays.fill(out.isFalse, 0L);
        }
        if (in.negated()) {
          out.not();
        }
        return out;
      }
      StartsWith s = (StartsWith) e;
      byte[] prefix = s.prefix().getBytes(StandardCharsets.UTF_8);
      return perValue(column(s.column()), v -> startsWith(v, prefix), null, s);
    }

    /**
     * The units of {@code conj} in their current order, each on the rows the ones before left
     * open (and only those of {@code open}, all when null), recording what share each kept.
     */
    private TriBits and(Conjunction conj, long[] open) {
      TriBits out = null;
      long[] rowsOpen = open;
      // the rows left open, rewritten after each unit (a unit reads them only while it runs)
      long[] next = null;
      for (int u : conj.order()) {
        Conjunction.Unit unit = conj.units().get(u);
        String name = null;
        if (!answered.isEmpty()) {
          String implier = impliedNotNull.get(unit);
          if (implier != null && answered.contains(implier)) {
            continue; // the column's answered step is false on its nulls already
          }
          name = answeredBy(unit);
        }
        if (name != null && out != null) {
          andAnswers(name, conj, u, out, rowsOpen);
        } else {
          TriBits r = name != null ? answers(name) : unit.isRange() ? bounds(unit.column(), unit.terms(), rowsOpen, unit) : eval(unit.terms().get(0), rowsOpen);
          if (out == null) {
            observe(conj, u, r, rowsOpen);
            out = r;
          } else {
            andObserving(conj, u, out, r, rowsOpen);
          }
        }
        if (next == null) {
          next = new long[out.isFalse.length];
        }
        for (int w = 0; w < next.length; w++) {
          next[w] = ~out.isFalse[w] & TriBits.rowsMask(rows, w) & (open == null ? -1L : open[w]);
        }
        rowsOpen = next;
      }
      return out;
    }

    /**
     * {@code out} and the step's answers in column {@code name} ({@link #answers}) into {@code
     * out}, in one pass over the words, telling {@code conj} what unit {@code u} kept of {@code open}.
     */
    private void andAnswers(String name, Conjunction conj, int u, TriBits out, long[] open) {
      BitVector v = (BitVector) batch.getVector(name);
      if (rows == 0) {
        return;
      }
      int bytes = (rows + 7) >>> 3;
      long d = bitmapAddress(v.getDataBuffer(), bytes);
      long n = bitmapAddress(v.getValidityBuffer(), bytes);
      long[] isTrue = out.isTrue;
      long[] isFalse = out.isFalse;
      int given = 0;
      int kept = 0;
      for (int w = 0; w < isTrue.length; w++) {
        long mask = TriBits.rowsMask(rows, w);
        long t = answerWord(d, n, w, bytes) & mask;
        long o = mask & (open == null ? -1L : open[w]);
        given += Long.bitCount(o);
        kept += Long.bitCount(o & t);
        isTrue[w] &= t;
        isFalse[w] |= ~t & mask;
      }
      conj.observe(u, given, kept);
    }

    /** {@code out} and {@code r} into {@code out}, telling {@code conj} what unit {@code u} kept of {@code open} (as {@link #observe}). */
    private void andObserving(Conjunction conj, int u, TriBits out, TriBits r, long[] open) {
      int given = 0;
      int kept = 0;
      for (int w = 0; w < out.isTrue.length; w++) {
        long o = TriBits.rowsMask(rows, w) & (open == null ? -1L : open[w]);
        given += Long.bitCount(o);
        kept += Long.bitCount(o & ~r.isFalse[w]);
        out.isTrue[w] &= r.isTrue[w];
        out.isFalse[w] |= r.isFalse[w];
      }
      conj.observe(u, given, kept);
    }

    /** The column of {@link #answered} whose step {@code unit} is, or {@code null}. */
    private String answeredBy(Conjunction.Unit unit) {
      for (String name : answered) {
        if (answerable.get(name) == unit) {
          return name;
        }
      }
      return null;
    }

    /**
     * The step's answers in column {@code name}: true where the reader said so; false elsewhere,
     * nulls included (a step that is never true on a null is unknown there, which an {@code and}
     * at the top of the filter treats as false: the row is not kept).
     */
    TriBits answers(String name) {
      BitVector v = (BitVector) batch.getVector(name);
      TriBits out = new TriBits(rows);
      if (rows == 0) {
        return out;
      }
      int bytes = (rows + 7) >>> 3;
      long d = bitmapAddress(v.getDataBuffer(), bytes);
      long n = bitmapAddress(v.getValidityBuffer(), bytes);
      for (int w = 0; w < out.isTrue.length; w++) {
        long mask = TriBits.rowsMask(rows, w);
        long t = answerWord(d, n, w, bytes) & mask;
        out.isTrue[w] = t;
        out.isFalse[w] = ~t & mask;
      }
      return out;
    }

    /** The address of bitmap {@code b}, checked to hold {@code bytes} bytes. */
    private static long bitmapAddress(ArrowBuf b, int bytes) {
      b.checkBytes(0, bytes);
      return b.memoryAddress();
    }

    /**
     * Word {@code w} of the answers whose values and validity bitmaps of {@code bytes} bytes are at
     * {@code d} and {@code n}: true where both bits are set (bits past the last row any). A word at a
     * time by address; the last one, in fewer than 8 bytes of the bitmaps, a byte at a time.
     */
    private static long answerWord(long d, long n, int w, int bytes) {
      long at = 8L * w;
      if (at + 8 <= bytes) {
        return MemoryUtil.getLong(d + at) & MemoryUtil.getLong(n + at);
      }
      long t = 0;
      for (int i = 0; at + i < bytes; i++) {
        t |= ((MemoryUtil.getByte(d + at + i) & MemoryUtil.getByte(n + at + i)) & 0xFFL) << (8 * i);
      }
      return t;
    }

    /** Tells {@code conj} how many of the rows of {@code open} (all when null) unit {@code u} left not false. */
    private void observe(Conjunction conj, int u, TriBits r, long[] open) {
      int given = 0;
      int kept = 0;
      for (int w = 0; w < r.isFalse.length; w++) {
        long o = TriBits.rowsMask(rows, w) & (open == null ? -1L : open[w]);
        given += Long.bitCount(o);
        kept += Long.bitCount(o & ~r.isFalse[w]);
      }
      conj.observe(u, given, kept);
    }

    /**
     * The comparisons and {@code between}s {@code terms} of {@code column}, all of them: on a
     * dictionary-encoded column all of them once per dictionary entry, then one look-up per row;
     * else on the rows ({@link #onValues}). {@code key} names them for {@link DictionaryResults}.
     */
    private TriBits bounds(ColumnRef column, List<Expression> terms, long[] open, Object key) {
      ColumnValues c = column(column);
      if (c.dictionary != null) {
        return perValue(c, d -> onValues(d, terms, null), open, key);
      }
      return onValues(c, terms, open);
    }

    /**
     * The comparisons and {@code between}s {@code terms} on the values of {@code c} (not
     * dictionary-encoded): in the long domain one range test per value ({@link LongRange}), else
     * each in turn on the values the ones before left open.
     */
    private TriBits onValues(ColumnValues c, List<Expression> terms, long[] open) {
      if (c.domain == ColumnValues.Domain.LONG) {
        LongRange r = LongRange.of(c, terms);
        TriBits out = new TriBits(c.rows);
        if (r.empty() || r.all()) {
          constantForValid(c, !r.empty(), out);
        } else {
          inRange(c, r.lo(), r.hi(), out, open);
        }
        return out;
      }
      TriBits out = null;
      for (Expression t : terms) {
        List<Comparison> parts = t instanceof Between b
            ? List.of(new Comparison(b.column(), CompareOp.GE, b.low()), new Comparison(b.column(), CompareOp.LE, b.high()))
            : List.of((Comparison) t);
        for (Comparison p : parts) {
          TriBits r = compare(c, p.op(), p.value(), out == null ? open : notFalse(out, open, c.rows));
          if (out == null) {
            out = r;
          } else {
            out.and(r);
          }
        }
      }
      return out;
    }

    /**
     * {@code predicate} on the rows of {@code c}; on a dictionary-encoded column, evaluated on the
     * dictionary's values and looked up by index (rows whose index or value is null stay unknown).
     * Only the rows of {@code open} (all when null) need the right answer. {@code key} (the
     * expression, or the conjunction's unit, by identity) names the predicate's result on the
     * dictionary's entries in {@link #kept}, reused while the dictionary holds the same entries.
     */
    private TriBits perValue(ColumnValues c, Function<ColumnValues, TriBits> predicate, long[] open, Object key) {
      if (c.dictionary == null) {
        return predicate.apply(c);
      }
      TriBits out = new TriBits(c.rows);
      if (c.dictionary.rows == 0) {
        return out; // an empty dictionary: every row is null
      }
      DictionaryResults.Kept known = kept == null ? null : kept.get(key, c.dictionary);
      TriBits onValues;
      boolean twoValued;
      if (known != null) {
        onValues = known.onEntries();
        twoValued = known.twoValued();
      } else {
        onValues = predicate.apply(c.dictionary);
        // Where the predicate is true or false on every valid entry (it is, on entries that are not
        // null), a valid row is false exactly when it is not true: one look-up a row, not two.
        twoValued = twoValued(onValues, c.dictionary.validWords());
        if (kept != null) {
          kept.put(key, c.dictionary, onValues, twoValued);
        }
      }
      long[] isTrue = onValues.isTrue;
      long[] isFalse = onValues.isFalse;
      long[] valid = c.validWords();
      int size = c.dictionary.rows;
      for (int w = 0; w < valid.length; w++) {
        long o = open == null ? valid[w] : valid[w] & open[w];
        if (o == 0) {
          continue;
        }
        int base = w << 6;
        if (Long.bitCount(o) >= SPARSE_ROWS) {
          // 64 rows into a bitmap word at a time, without a branch a row; a null row's index is
          // looked up too (the reader gives it a valid entry), and the word's indices checked at once
          int n = Math.min(64, c.rows - base);
          long t = 0;
          long f = 0;
          int outside = 0;
          try {
            if (twoValued) {
              for (int b = 0; b < n; b++) {
                int k = c.index(base + b);
                outside |= k | (size - 1 - k);
                t |= ((isTrue[k >>> 6] >>> k) & 1L) << b;
              }
              f = ~t;
            } else {
              for (int b = 0; b < n; b++) {
                int k = c.index(base + b);
                outside |= k | (size - 1 - k);
                t |= ((isTrue[k >>> 6] >>> k) & 1L) << b;
                f |= ((isFalse[k >>> 6] >>> k) & 1L) << b;
              }
            }
          } catch (ArrayIndexOutOfBoundsException e) {
            outside = -1;
          }
          if (outside >= 0) {
            out.isTrue[w] = t & valid[w];
            out.isFalse[w] = f & valid[w];
            continue;
          }
          // an index outside the dictionary: an error if a valid row has it, checked row by row
        }
        // the few rows of a word still open, one by one
        long t = 0;
        long f = 0;
        for (long m = o; m != 0; m &= m - 1) {
          int b = Long.numberOfTrailingZeros(m);
          int k = c.checkedIndex(base + b);
          t |= ((isTrue[k >>> 6] >>> k) & 1L) << b;
          f |= ((isFalse[k >>> 6] >>> k) & 1L) << b;
        }
        out.isTrue[w] = t;
        out.isFalse[w] = f;
      }
      return out;
    }

    /** Whether {@code r} is either true or false (not unknown) on each of the {@code valid} entries. */
    private static boolean twoValued(TriBits r, long[] valid) {
      for (int w = 0; w < valid.length; w++) {
        if (((r.isTrue[w] ^ r.isFalse[w]) & valid[w]) != valid[w]) {
          return false;
        }
      }
      return true;
    }

    /**
     * The validity words of {@code ref} for a null check: a list, map or struct column is null
     * where its own validity (or a parent struct's) says so, as DuckDB's {@code IS NULL}: an empty
     * list or a list of nulls is not null. Such a column has no values to pull out.
     */
    private long[] validity(ColumnRef ref) {
      ColumnValues c = columns.get(ref.path());
      if (c != null) {
        return c.validWords();
      }
      FieldVector v = batch.getVector(ref.path().get(0));
      long[] parentValid = null;
      for (int i = 1; v != null && i < ref.path().size(); i++) {
        StructVector s = (StructVector) v;
        parentValid = ColumnValues.validity(s, parentValid);
        v = (FieldVector) s.getChild(ref.path().get(i));
      }
      if (v != null && v.getField().getDictionary() == null && v.getField().getType().isComplex()) {
        return ColumnValues.validity(v, parentValid);
      }
      return column(ref).validWords();
    }

    private ColumnValues column(ColumnRef ref) {
      ColumnValues c = columns.get(ref.path());
      if (c == null) {
        FieldVector v = batch.getVector(ref.path().get(0));
        if (v == null) {
          throw new IllegalStateException("filter column " + ref.dottedPath() + " missing from the scanned batch");
        }
        long[] parentValid = null;
        for (int i = 1; i < ref.path().size(); i++) {
          StructVector s = (StructVector) v;
          parentValid = ColumnValues.validity(s, parentValid);
          v = (FieldVector) s.getChild(ref.path().get(i));
        }
        DictionaryEncoding enc = v.getField().getDictionary();
        if (enc != null) {
          FieldVector values = dictionaries.get(enc.getId());
          if (values == null) {
            throw new IllegalStateException("no dictionary " + enc.getId() + " for filter column " + ref.dottedPath());
          }
          c = ColumnValues.dictionaryEncoded(v, values, parentValid);
        } else {
          c = new ColumnValues(v, parentValid);
        }
        columns.put(ref.path(), c);
      }
      return c;
    }

    /** The rows of {@code open} (all when null) that {@code so} far is not false on, of {@code n} rows (or dictionary entries). */
    private long[] notFalse(TriBits so, long[] open, int n) {
      long[] out = new long[so.isFalse.length];
      for (int w = 0; w < out.length; w++) {
        out[w] = ~so.isFalse[w] & TriBits.rowsMask(n, w) & (open == null ? -1L : open[w]);
      }
      return out;
    }

    private TriBits compare(ColumnValues c, CompareOp op, Literal lit, long[] open) {
      TriBits out = new TriBits(c.rows);
      switch (c.domain) {
        case LONG -> {
          LongBound b = LongBound.of(c, lit.value());
          if (b.kind() == LongBound.EXACT) {
            compareLongs(c, op, b.value(), out, open);
          } else {
            Boolean constant = b.constantFor(op);
            if (constant != null) {
              constantForValid(c, constant, out);
            } else {
              // A fraction between value and value + 1: < and <= mean <= value, > and >= mean > value.
              compareLongs(c, op == CompareOp.LT || op == CompareOp.LE ? CompareOp.LE : CompareOp.GT, b.value(), out, open);
            }
          }
        }
        case DOUBLE -> {
          double v = ((Number) lit.value()).doubleValue();
          double[] d = c.doubles;
          for (int i = 0; i < c.rows; i++) {
            if (c.valid(i)) {
              out.set(i, holds(op, compareDuckDb(d[i], v)));
            }
          }
        }
        case BYTES -> {
          byte[] v = bytesOf(lit.value());
          BytesAccess a = new BytesAccess(c.vector);
          for (int i = 0; i < c.rows; i++) {
            if (c.valid(i)) {
              out.set(i, holds(op, a.compare(i, v)));
            }
          }
        }
        case WIDE -> {
          WideBound b = WideBound.of(c, lit.value());
          Boolean constant = b.kind() == LongBound.EXACT ? null : LongBound.constantFor(b.kind(), op);
          if (constant != null) {
            constantForValid(c, constant, out);
          } else {
            // A fraction between value and value + 1: < and <= mean <= value, > and >= mean > value.
            CompareOp exactOp = b.kind() == LongBound.EXACT ? op
                : op == CompareOp.LT || op == CompareOp.LE ? CompareOp.LE : CompareOp.GT;
            ArrowBuf data = c.vector.getDataBuffer();
            for (int i = 0; i < c.rows; i++) {
              if (c.valid(i)) {
                out.set(i, holds(exactOp, WideBound.compare(data, i, b.words())));
              }
            }
          }
        }
      }
      return out;
    }

    /**
     * {@code x op v} for 64 rows at a time into bitmap words: branch-free over the whole word, or,
     * when few of its rows are still open, value by value over those only (the others come out
     * false, which an {@code and} that left them out ignores).
     */
    private void compareLongs(ColumnValues c, CompareOp op, long v, TriBits out, long[] open) {
      // 64 values at a time into a small array that stays in cache: no copy of the whole column
      long[] x = new long[64];
      long[] valid = c.validWords();
      for (int w = 0; w < valid.length; w++) {
        int base = w << 6;
        long sparse = open == null ? -1L : open[w] & valid[w];
        if (Long.bitCount(sparse) < SPARSE_ROWS) {
          long bits = 0;
          for (long m = sparse; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            bits |= (holds(op, Long.compare(c.value(base + b), v)) ? 1L : 0L) << b;
          }
          out.isTrue[w] = bits;
          out.isFalse[w] = ~bits & valid[w];
          continue;
        }
        int n = Math.min(64, c.rows - base);
        c.load(base, n, x);
        long bits = 0;
        switch (op) {
          case EQ -> { for (int b = 0; b < n; b++) { bits |= (x[b] == v ? 1L : 0L) << b; } }
          case NE -> { for (int b = 0; b < n; b++) { bits |= (x[b] != v ? 1L : 0L) << b; } }
          case LT -> { for (int b = 0; b < n; b++) { bits |= (x[b] < v ? 1L : 0L) << b; } }
          case LE -> { for (int b = 0; b < n; b++) { bits |= (x[b] <= v ? 1L : 0L) << b; } }
          case GT -> { for (int b = 0; b < n; b++) { bits |= (x[b] > v ? 1L : 0L) << b; } }
          case GE -> { for (int b = 0; b < n; b++) { bits |= (x[b] >= v ? 1L : 0L) << b; } }
        }
        out.isTrue[w] = bits & valid[w];
        out.isFalse[w] = ~bits & valid[w];
      }
    }

    /**
     * {@code lo <= x <= hi} for 64 rows at a time, as one unsigned comparison of {@code x - lo}
     * with {@code hi - lo}; rows few open in a word go one by one, as in {@link #compareLongs}.
     */
    private void inRange(ColumnValues c, long lo, long hi, TriBits out, long[] open) {
      long[] x = new long[64];
      long[] valid = c.validWords();
      // unsigned order as signed order: flip the sign bits of both sides
      long span = (hi - lo) ^ Long.MIN_VALUE;
      for (int w = 0; w < valid.length; w++) {
        int base = w << 6;
        long sparse = open == null ? -1L : open[w] & valid[w];
        if (Long.bitCount(sparse) < SPARSE_ROWS) {
          long bits = 0;
          for (long m = sparse; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            bits |= (((c.value(base + b) - lo) ^ Long.MIN_VALUE) <= span ? 1L : 0L) << b;
          }
          out.isTrue[w] = bits;
          out.isFalse[w] = ~bits & valid[w];
          continue;
        }
        int n = Math.min(64, c.rows - base);
        c.load(base, n, x);
        long bits = 0;
        for (int b = 0; b < n; b++) {
          bits |= (((x[b] - lo) ^ Long.MIN_VALUE) <= span ? 1L : 0L) << b;
        }
        out.isTrue[w] = bits & valid[w];
        out.isFalse[w] = ~bits & valid[w];
      }
    }

    private void constantForValid(ColumnValues c, boolean value, TriBits out) {
      long[] valid = c.validWords();
      System.arraycopy(valid, 0, value ? out.isTrue : out.isFalse, 0, valid.length);
    }

    private TriBits in(ColumnValues c, List<Literal> values) {
      TriBits out = new TriBits(c.rows);
      switch (c.domain) {
        case LONG -> {
          long[] exact = values.stream().map(l -> LongBound.of(c, l.value()))
              .filter(b -> b.kind() == LongBound.EXACT).mapToLong(b -> b.value()).sorted().toArray();
          long[] x = c.longs();
          for (int i = 0; i < c.rows; i++) {
            if (c.valid(i)) {
              out.set(i, Arrays.binarySearch(exact, x[i]) >= 0);
            }
          }
        }
        case DOUBLE -> {
          double[] set = values.stream().mapToDouble(l -> ((Number) l.value()).doubleValue()).toArray();
          for (int i = 0; i < c.rows; i++) {
            if (c.valid(i)) {
              boolean hit = false;
              for (double v : set) {
                hit |= compareDuckDb(c.doubles[i], v) == 0;
              }
              out.set(i, hit);
            }
          }
        }
        case BYTES -> {
          List<byte[]> set = new ArrayList<>();
          values.forEach(l -> set.add(bytesOf(l.value())));
          BytesAccess a = new BytesAccess(c.vector);
          for (int i = 0; i < c.rows; i++) {
            if (c.valid(i)) {
              boolean hit = false;
              for (byte[] v : set) {
                if (a.compare(i, v) == 0) {
                  hit = true;
                  break;
                }
              }
              out.set(i, hit);
            }
          }
        }
        case WIDE -> inWide(c, values, out);
      }
      return out;
    }

    private void inWide(ColumnValues c, List<Literal> values, TriBits out) {
      List<long[]> exact = new ArrayList<>();
      for (Literal l : values) {
        WideBound b = WideBound.of(c, l.value());
        if (b.kind() == LongBound.EXACT) {
          exact.add(b.words());
        }
      }
      ArrowBuf data = c.vector.getDataBuffer();
      for (int i = 0; i < c.rows; i++) {
        if (c.valid(i)) {
          boolean hit = false;
          for (long[] w : exact) {
            if (WideBound.compare(data, i, w) == 0) {
              hit = true;
              break;
            }
          }
          out.set(i, hit);
        }
      }
    }

    private TriBits startsWith(ColumnValues c, byte[] prefix) {
      TriBits out = new TriBits(c.rows);
      BytesAccess a = new BytesAccess(c.vector);
      for (int i = 0; i < c.rows; i++) {
        if (c.valid(i)) {
          out.set(i, a.startsWith(i, prefix));
        }
      }
      return out;
    }
  }

  /** Open rows of a bitmap word below which a comparison goes row by row instead of over the word. */
  private static final int SPARSE_ROWS = 16;

  static boolean holds(CompareOp op, int cmp) {
    return switch (op) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }

  /** DuckDB's order of doubles: NaN equal to itself and above everything, -0.0 equal to 0.0. */
  static int compareDuckDb(double a, double b) {
    if (a < b) {
      return -1;
    }
    if (a > b) {
      return 1;
    }
    if (a == b) {
      return 0;
    }
    boolean na = Double.isNaN(a);
    boolean nb = Double.isNaN(b);
    return na == nb ? 0 : na ? 1 : -1;
  }

  private static byte[] bytesOf(Object v) {
    return v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8);
  }
}
