package org.parquetarrow.testing;

import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A sequence of record batches for {@link ArrowAssertions}: in-memory roots or an {@link
 * ArrowReader} (read once, as the comparison goes). Closing is left to the caller, who owns the
 * roots or the reader.
 *
 * <pre>{@code
 * Batches expected = Batches.of(List.of(root1, root2));
 * Batches actual = Batches.of(arrowReader);
 * }</pre>
 */
public abstract class Batches {
  private Batches() {}

  /** Loads the next batch; false at the end. The first call loads the first batch. */
  abstract boolean next();

  /** The current batch (after a successful {@link #next()}). */
  abstract VectorSchemaRoot current();

  /** The schema, available before the first batch. */
  abstract Schema schema();

  /** Where dictionary-encoded fields find their dictionaries (may be empty). */
  abstract DictionaryProvider dictionaries();

  public static Batches of(VectorSchemaRoot... roots) {
    return of(List.of(roots));
  }

  public static Batches of(List<VectorSchemaRoot> roots) {
    return of(roots, new DictionaryProvider.MapDictionaryProvider());
  }

  /** Roots whose dictionary-encoded fields look their dictionaries up in {@code dictionaries}. */
  public static Batches of(List<VectorSchemaRoot> roots, DictionaryProvider dictionaries) {
    if (roots.isEmpty()) {
      throw new IllegalArgumentException("no batches: use of(schema, List.of()) for empty data");
    }
    return of(roots.get(0).getSchema(), roots, dictionaries);
  }

  /** Roots of {@code schema}; the list may be empty. */
  public static Batches of(Schema schema, List<VectorSchemaRoot> roots, DictionaryProvider dictionaries) {
    return new Batches() {
      private int next;

      @Override
      boolean next() {
        if (next >= roots.size()) {
          return false;
        }
        next++;
        return true;
      }

      @Override
      VectorSchemaRoot current() {
        return roots.get(next - 1);
      }

      @Override
      Schema schema() {
        return schema;
      }

      @Override
      DictionaryProvider dictionaries() {
        return dictionaries;
      }
    };
  }

  /** The batches of {@code reader}, which is consumed but not closed. */
  public static Batches of(ArrowReader reader) {
    return new Batches() {
      @Override
      boolean next() {
        try {
          return reader.loadNextBatch();
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }

      @Override
      VectorSchemaRoot current() {
        return root();
      }

      @Override
      Schema schema() {
        return root().getSchema();
      }

      private VectorSchemaRoot root() {
        try {
          return reader.getVectorSchemaRoot();
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }

      @Override
      DictionaryProvider dictionaries() {
        return reader;
      }
    };
  }
}
