package org.parquetarrow.it.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

class RandomTablesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void sameSeedSameTableOtherSeedOtherTable() {
    Table a = RandomTables.generate(7, 200);
    Table b = RandomTables.generate(7, 200);
    Table c = RandomTables.generate(8, 200);
    try (VectorSchemaRoot ra = a.toRoot(memory.allocator());
        VectorSchemaRoot rb = b.toRoot(memory.allocator());
        VectorSchemaRoot rc = c.toRoot(memory.allocator())) {
      assertTrue(ArrowAssertions.compare(Batches.of(ra), Batches.of(rb), CompareOptions.strict()).same());
      long differences = ArrowAssertions.compare(Batches.of(ra), Batches.of(rc), CompareOptions.strict()).differenceCount();
      // every column of every row is random: almost all of the 200 x 41 cells differ
      assertTrue(differences > 200 * 30, "only " + differences + " differences between two seeds");
    }
  }

  @Test
  void requiredFieldsAreNeverNullAndOptionalOnesSometimesAre() {
    Table t = RandomTables.generate(3, 400);
    for (int c = 0; c < t.fields().size(); c++) {
      Field f = t.fields().get(c);
      long nulls = t.columns().get(c).stream().filter(v -> v == null).count();
      if (f.isNullable()) {
        assertTrue(nulls > 0, f.getName() + " never null");
        assertTrue(nulls < 400, f.getName() + " always null");
      } else {
        assertEquals(0, nulls, f.getName());
      }
    }
  }

  /** Nulls and empties at every optional level of the nested shapes. */
  @Test
  void nestedColumnsHaveNullsAndEmptiesAtEveryLevel() {
    Table t = RandomTables.generate(3, 400);
    Counts l = new Counts();
    for (Object v : t.column("ll_str")) {
      l.list(v);
      if (v != null) {
        for (Object inner : (List<?>) v) {
          l.inner(inner);
        }
      }
    }
    assertTrue(l.nullLists > 0 && l.emptyLists > 0 && l.nullInner > 0 && l.emptyInner > 0 && l.nullLeaves > 0, l.toString());

    Counts m = new Counts();
    for (Object v : t.column("m_ls")) {
      m.list(v);
      if (v != null) {
        for (Object e : (List<?>) v) {
          Object value = ((Entry) e).value();
          m.inner(value);
          if (value != null) {
            for (Object s : (List<?>) value) {
              m.struct(s);
            }
          }
        }
      }
    }
    assertTrue(m.nullLists > 0 && m.emptyLists > 0 && m.nullInner > 0 && m.emptyInner > 0 && m.nullLeaves > 0
        && m.nullStructFields > 0, m.toString());

    Counts s = new Counts();
    for (Object v : t.column("l_sm")) {
      s.list(v);
      if (v != null) {
        for (Object e : (List<?>) v) {
          s.struct(e);
          if (e != null) {
            s.inner(((Struct) e).fields().get(1));
          }
        }
      }
    }
    assertTrue(s.nullLists > 0 && s.emptyLists > 0 && s.nullLeaves > 0 && s.nullInner > 0 && s.emptyInner > 0, s.toString());

    boolean requiredListsEmpty = t.column("req_l").stream().anyMatch(v -> ((List<?>) v).isEmpty());
    assertTrue(requiredListsEmpty, "req_l has empty lists");
    assertFalse(t.column("req_l").stream().flatMap(v -> ((List<?>) v).stream()).anyMatch(x -> x == null), "req_l elements are required");
  }

  private static final class Counts {
    int nullLists;
    int emptyLists;
    int nullInner;
    int emptyInner;
    int nullLeaves;
    int nullStructFields;

    void list(Object v) {
      if (v == null) {
        nullLists++;
      } else if (((List<?>) v).isEmpty()) {
        emptyLists++;
      }
    }

    void inner(Object v) {
      if (v == null) {
        nullInner++;
      } else if (v instanceof List<?> l) {
        if (l.isEmpty()) {
          emptyInner++;
        }
        nullLeaves += (int) l.stream().filter(x -> x == null).count();
      }
    }

    void struct(Object v) {
      if (v == null) {
        nullLeaves++;
      } else {
        nullStructFields += (int) ((Struct) v).fields().stream().filter(x -> x == null).count();
      }
    }

    @Override
    public String toString() {
      return "null lists " + nullLists + ", empty lists " + emptyLists + ", null inner " + nullInner
          + ", empty inner " + emptyInner + ", null leaves " + nullLeaves + ", null struct fields " + nullStructFields;
    }
  }

  @Test
  void int96IsNanosOfDayThenJulianDay() {
    // 1970-01-02T00:00:00.000000001 = Julian day 2440589, 1 ns into the day
    byte[] b = ParquetJavaPeer.int96(86_400_000_000_001L);
    assertEquals(1, b[0]);
    assertEquals(0, b[7]);
    int day = (b[8] & 0xFF) | (b[9] & 0xFF) << 8 | (b[10] & 0xFF) << 16 | (b[11] & 0xFF) << 24;
    assertEquals(2_440_589, day);
    // one ns before the epoch: the last nanosecond of Julian day 2440587
    byte[] before = ParquetJavaPeer.int96(-1L);
    int dayBefore = (before[8] & 0xFF) | (before[9] & 0xFF) << 8 | (before[10] & 0xFF) << 16 | (before[11] & 0xFF) << 24;
    assertEquals(2_440_587, dayBefore);
  }

  @Test
  void decimalWidthIsTheSmallestThatHoldsThePrecision() {
    // Parquet spec table: precision 9 -> 4 bytes, 18 -> 8, 38 -> 16; 60 digits need 26 bytes
    assertEquals(4, ParquetJavaPeer.decimalBytes(9));
    assertEquals(8, ParquetJavaPeer.decimalBytes(18));
    assertEquals(16, ParquetJavaPeer.decimalBytes(38));
    assertEquals(26, ParquetJavaPeer.decimalBytes(60));
  }
}
