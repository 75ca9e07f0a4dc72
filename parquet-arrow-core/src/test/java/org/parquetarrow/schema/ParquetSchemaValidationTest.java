package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.parquetarrow.format.Repetition.OPTIONAL;
import static org.parquetarrow.format.Repetition.REQUIRED;
import static org.parquetarrow.schema.El.group;
import static org.parquetarrow.schema.El.leaf;
import static org.parquetarrow.schema.El.root;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/** Malformed element lists: each must give a CorruptFileException whose message names the element. */
class ParquetSchemaValidationTest {

  private static String fails(SchemaElement... elements) {
    return fails(El.list(elements));
  }

  private static String fails(List<SchemaElement> elements) {
    return assertThrows(CorruptFileException.class, () -> ParquetSchema.fromElements(elements)).getMessage();
  }

  @Test
  void noElementsAtAll() {
    assertEquals("invalid schema: no elements (a root group is required)", fails(List.of()));
    assertEquals("invalid schema: no elements (a root group is required)", fails((List<SchemaElement>) null));
  }

  @Test
  void rootWithoutNumChildren() {
    assertEquals("invalid schema: element 0 ('m') is the root but has no num_children",
        fails(new SchemaElement(null, null, null, "m", null, null, null, null, null, null, null)));
  }

  @Test
  void rootWithAPhysicalType() {
    assertEquals("invalid schema: element 0 ('m') is the root but has physical type INT32 (the root must be a group)",
        fails(new SchemaElement(PhysicalType.INT32, null, null, "m", 1, null, null, null, null, null, null),
            leaf("a", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void childWithoutRepetition() {
    assertEquals("invalid schema: element 2 ('b') has no repetition_type",
        fails(root("m", 2), leaf("a", REQUIRED, PhysicalType.INT32), leaf("b", null, PhysicalType.INT32)));
  }

  @Test
  void elementWithoutName() {
    assertEquals("invalid schema: element 1 (unnamed) has no name",
        fails(root("m", 1), leaf(null, REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void missingElement() {
    assertEquals("invalid schema: element 1 is missing", fails(El.list(root("m", 1), null)));
  }

  @Test
  void childrenRunningPastTheEndOfTheList() {
    assertEquals("invalid schema: element 0 ('m') declares 3 children but only 2 element(s) follow",
        fails(root("m", 3), leaf("a", REQUIRED, PhysicalType.INT32), leaf("b", REQUIRED, PhysicalType.INT32)));
    // enough elements follow the root, but its last child's group eats them
    assertEquals("invalid schema: element 0 ('m') declares 2 children but the schema ends after 1 of them",
        fails(root("m", 2), group("g", OPTIONAL, 1), leaf("a", REQUIRED, PhysicalType.INT32)));
    assertEquals("invalid schema: element 1 ('g') declares 2 children but only 1 element(s) follow",
        fails(root("m", 1), group("g", OPTIONAL, 2), leaf("a", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void hugeChildCountsAreRejectedBeforeAnythingIsAllocated() {
    assertEquals("invalid schema: element 0 ('m') declares 2147483647 children but only 1 element(s) follow",
        fails(root("m", Integer.MAX_VALUE), leaf("a", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void negativeChildCounts() {
    assertEquals("invalid schema: element 0 ('m') declares -1 children", fails(root("m", -1)));
    assertEquals("invalid schema: element 1 ('g') declares -5 children",
        fails(root("m", 1), group("g", OPTIONAL, -5)));
  }

  @Test
  void trailingElements() {
    assertEquals("invalid schema: element 2 ('b') follows the complete schema tree: 1 trailing element(s)",
        fails(root("m", 1), leaf("a", REQUIRED, PhysicalType.INT32), leaf("b", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void leafWithoutPhysicalType() {
    assertEquals("invalid schema: element 1 ('a') has neither a physical type nor children",
        fails(root("m", 1), leaf("a", REQUIRED, null)));
  }

  @Test
  void groupWithNoChildren() {
    assertEquals("invalid schema: element 1 ('g') is a group with no children",
        fails(root("m", 1), group("g", OPTIONAL, 0)));
  }

  @Test
  void fixedLenByteArrayNeedsAPositiveLength() {
    assertEquals("invalid schema: element 1 ('f') is FIXED_LEN_BYTE_ARRAY but type_length is missing (must be positive)",
        fails(root("m", 1), leaf("f", REQUIRED, PhysicalType.FIXED_LEN_BYTE_ARRAY)));
    assertEquals("invalid schema: element 1 ('f') is FIXED_LEN_BYTE_ARRAY but type_length is 0 (must be positive)",
        fails(root("m", 1), El.flba("f", REQUIRED, 0)));
    assertEquals("invalid schema: element 1 ('f') is FIXED_LEN_BYTE_ARRAY but type_length is -3 (must be positive)",
        fails(root("m", 1), El.flba("f", REQUIRED, -3)));
  }

  @Test
  void vectorLengthGoesWithVectorRepetitionOnly() {
    assertEquals("invalid schema: element 1 ('v') has VECTOR repetition but vector_length is missing (must be positive)",
        fails(root("m", 1), leaf("v", Repetition.VECTOR, PhysicalType.FLOAT)));
    assertEquals("invalid schema: element 1 ('v') has VECTOR repetition but vector_length is 0 (must be positive)",
        fails(root("m", 1), El.withVector(leaf("v", Repetition.VECTOR, PhysicalType.FLOAT), 0)));
    assertEquals("invalid schema: element 1 ('v') sets vector_length 3 without VECTOR repetition",
        fails(root("m", 1), El.withVector(leaf("v", REQUIRED, PhysicalType.FLOAT), 3)));
  }

  @Test
  void nestingDeeperThanTheLimit() {
    int depth = ParquetSchema.MAX_DEPTH + 1;
    List<SchemaElement> elements = new ArrayList<>();
    elements.add(root("m", 1));
    for (int i = 1; i < depth; i++) {
      elements.add(group("g" + i, OPTIONAL, 1));
    }
    elements.add(leaf("leaf", OPTIONAL, PhysicalType.INT32));
    assertEquals("invalid schema: element 129 ('leaf') is nested 129 levels deep; the limit is 128", fails(elements));

    // one level less is fine
    elements.remove(1);
    elements.set(0, root("m", 1));
    assertEquals(ParquetSchema.MAX_DEPTH, ParquetSchema.fromElements(elements).column(0).maxDefinitionLevel());
  }

  @Test
  void aMillionNestedGroupsFailFastWithoutDeepRecursion() {
    List<SchemaElement> elements = new ArrayList<>();
    elements.add(root("m", 1));
    for (int i = 1; i < 1_000_000; i++) {
      elements.add(group("g", OPTIONAL, 1));
    }
    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
      String message = fails(elements);
      assertEquals("invalid schema: element 129 ('g') is nested 129 levels deep; the limit is 128", message);
    });
  }
}
