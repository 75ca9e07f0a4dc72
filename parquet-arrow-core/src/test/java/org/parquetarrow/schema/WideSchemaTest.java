package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * Wide footers (tens of thousands of columns) convert each way and back unchanged. The bound is a
 * guard against a conversion that does not end (or is far worse than linear), not a timing: it
 * failed once at 10 s on a 2-core machine at load 20, so it is wide; speed is the benchmarks' job.
 */
class WideSchemaTest {

  @Test
  void twentyThousandColumnsEachWay() {
    int structs = 5_000;
    List<SchemaElement> elements = new ArrayList<>();
    elements.add(El.root("wide", structs));
    for (int i = 0; i < structs; i++) {
      // per struct: an int, a string and a list of doubles: 3 columns, 6 elements
      elements.add(El.group("s" + i, Repetition.OPTIONAL, 3));
      elements.add(El.leaf("id", Repetition.REQUIRED, PhysicalType.INT64));
      elements.add(new SchemaElement(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, "name", null,
          ConvertedType.UTF8, null, null, null, LogicalType.STRING, null));
      elements.add(El.group("values", Repetition.OPTIONAL, 1, LogicalType.LIST));
      elements.add(El.group("list", Repetition.REPEATED, 1));
      elements.add(El.leaf("element", Repetition.OPTIONAL, PhysicalType.DOUBLE));
    }
    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
      ParquetSchema schema = ParquetSchema.fromElements(elements);
      assertEquals(3 * structs, schema.columnCount());
      SchemaMapping mapping = ArrowSchemaConverter.toArrow(schema, null, ArrowReadOptions.defaults());
      assertEquals(structs, mapping.arrowSchema().getFields().size());
      SchemaMapping few = mapping.project(1, 4_000, 14_999);
      assertArrayEquals(new int[] {1, 4_000, 14_999}, few.leafColumns());
      Schema arrow = mapping.arrowSchema();
      ParquetWriteSchema back = ArrowSchemaConverter.toParquet(arrow);
      List<SchemaElement> written = back.parquetSchema().toElements();
      assertEquals(elements.size(), written.size());
      for (int i = 1; i < elements.size(); i++) {
        assertEquals(elements.get(i), written.get(i), "element " + i);
      }
      assertEquals(arrow, ArrowSchemaConverter.toArrow(back.parquetSchema(), back.keyValueMetadata(),
          ArrowReadOptions.defaults()).arrowSchema());
    });
  }
}
