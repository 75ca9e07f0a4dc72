package org.parquetarrow.testing;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Walks two batch sequences in step by global row index, so that the same rows cut into
 * different batches compare equal, and feeds each row through the columns' comparison trees.
 */
final class DataComparison {
  private DataComparison() {}

  /** A position in a batch sequence: the loaded batch and the next row in it. */
  private static final class Cursor {
    final Batches batches;
    VectorSchemaRoot root;
    int pos;
    long rows;
    boolean done;

    Cursor(Batches batches) {
      this.batches = batches;
    }

    /** Makes sure a batch with unread rows is loaded, unless the sequence is over. */
    void fill() {
      while (!done && (root == null || pos >= root.getRowCount())) {
        if (batches.next()) {
          root = batches.current();
          pos = 0;
          rows += root.getRowCount();
        } else {
          done = true;
        }
      }
    }

    int remaining() {
      return root.getRowCount() - pos;
    }

    /** Reads the rest of the sequence, only to count its rows. */
    long drain() {
      while (!done) {
        pos = root == null ? 0 : root.getRowCount();
        fill();
      }
      return rows;
    }
  }

  static Comparison run(Batches expected, Batches actual, CompareOptions options, List<String> schemaDifferences) {
    ValueNodes.DifferenceReport report = new ValueNodes.DifferenceReport(options.maxDifferences());
    ValueNodes.Context ctx = new ValueNodes.Context(report);
    Cursor e = new Cursor(expected);
    Cursor a = new Cursor(actual);
    ValueNodes.Node[] nodes = null;
    long row = 0;
    while (true) {
      e.fill();
      a.fill();
      if (e.done || a.done) {
        break;
      }
      if (nodes == null) {
        nodes = buildNodes(e.root, a.root, expected, actual, options, ctx);
      }
      int n = Math.min(e.remaining(), a.remaining());
      int columns = nodes.length;
      FieldVector[] ev = new FieldVector[columns];
      FieldVector[] av = new FieldVector[columns];
      for (int c = 0; c < columns; c++) {
        ev[c] = e.root.getVector(c);
        av[c] = a.root.getVector(c);
      }
      for (int i = 0; i < n; i++) {
        ctx.row = row + i;
        for (int c = 0; c < columns; c++) {
          nodes[c].compare(ev[c], e.pos + i, av[c], a.pos + i, ctx);
        }
      }
      e.pos += n;
      a.pos += n;
      row += n;
    }
    long expectedRows = e.drain();
    long actualRows = a.drain();
    if (expectedRows != actualRows) {
      ctx.row = row;
      report.count++;
      report.kept.add(new Difference(row, "<rows>", "<rows>", expectedRows + " rows", actualRows + " rows"));
    }
    return new Comparison(schemaDifferences, List.copyOf(report.kept), report.count, expectedRows, actualRows);
  }

  private static ValueNodes.Node[] buildNodes(
      VectorSchemaRoot e, VectorSchemaRoot a, Batches expected, Batches actual, CompareOptions options, ValueNodes.Context ctx) {
    List<Field> ef = e.getSchema().getFields();
    List<Field> af = a.getSchema().getFields();
    if (ef.size() != af.size()) {
      ctx.report.count++;
      ctx.report.kept.add(new Difference(0, "<columns>", "<columns>", ef.size() + " columns", af.size() + " columns"));
    }
    ValueNodes.Builder builder = new ValueNodes.Builder(options, expected.dictionaries(), actual.dictionaries());
    ValueNodes.Node[] nodes = new ValueNodes.Node[Math.min(ef.size(), af.size())];
    for (int c = 0; c < nodes.length; c++) {
      nodes[c] = builder.build(ef.get(c), af.get(c));
    }
    return nodes;
  }
}
