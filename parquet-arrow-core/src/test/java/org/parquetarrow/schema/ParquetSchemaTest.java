package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.format.Repetition.OPTIONAL;
import static org.parquetarrow.format.Repetition.REPEATED;
import static org.parquetarrow.format.Repetition.REQUIRED;
import static org.parquetarrow.schema.El.group;
import static org.parquetarrow.schema.El.leaf;
import static org.parquetarrow.schema.El.root;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.format.TimeUnit;

class ParquetSchemaTest {

  /**
   * The Document schema of the Dremel paper, which the format's nested encoding follows. Its levels:
   * the definition level counts the non-required fields on the path, the repetition level the
   * repeated ones.
   */
  private static List<SchemaElement> document() {
    return El.list(
        root("Document", 3),
        leaf("DocId", REQUIRED, PhysicalType.INT64),
        group("Links", OPTIONAL, 2),
        leaf("Backward", REPEATED, PhysicalType.INT64),
        leaf("Forward", REPEATED, PhysicalType.INT64),
        group("Name", REPEATED, 2),
        group("Language", REPEATED, 2),
        leaf("Code", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("Country", OPTIONAL, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("Url", OPTIONAL, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8));
  }

  @Test
  void buildsTheTreeAndTheColumnsOfTheDremelDocument() {
    ParquetSchema schema = ParquetSchema.fromElements(document());

    assertEquals("Document", schema.root().name());
    assertEquals(3, schema.root().children().size());
    GroupNode name = assertInstanceOf(GroupNode.class, schema.root().children().get(2));
    assertEquals(REPEATED, name.repetition());
    assertEquals(List.of("Language", "Url"), name.children().stream().map(SchemaNode::name).toList());

    assertEquals(6, schema.columnCount());
    // expected (path, max def, max rep) straight from the counting rule
    Object[][] expected = {
        {"DocId", 0, 0},
        {"Links.Backward", 2, 1},
        {"Links.Forward", 2, 1},
        {"Name.Language.Code", 2, 2},
        {"Name.Language.Country", 3, 2},
        {"Name.Url", 2, 1},
    };
    for (int i = 0; i < expected.length; i++) {
      ColumnDescriptor c = schema.column(i);
      assertEquals(i, c.ordinal());
      assertEquals(expected[i][0], c.dottedPath());
      assertEquals(expected[i][1], c.maxDefinitionLevel(), c.dottedPath());
      assertEquals(expected[i][2], c.maxRepetitionLevel(), c.dottedPath());
    }
    assertEquals(List.of("Name", "Language", "Country"), schema.column(4).path());
    assertEquals(PhysicalType.BYTE_ARRAY, schema.column(4).physicalType());
    assertEquals(ConvertedType.UTF8, schema.column(4).node().convertedType());
  }

  @Test
  void findsColumnsByPathAndByDottedPath() {
    ParquetSchema schema = ParquetSchema.fromElements(document());
    ColumnDescriptor url = schema.findColumn(List.of("Name", "Url")).orElseThrow();
    assertEquals(5, url.ordinal());
    assertSame(url, schema.findColumn("Name.Url").orElseThrow());
    assertFalse(schema.findColumn("Name").isPresent(), "a group is not a column");
    assertFalse(schema.findColumn(List.of("Url")).isPresent());
  }

  @Test
  void toElementsGivesBackTheFooterList() {
    List<SchemaElement> elements = document();
    assertEquals(elements, ParquetSchema.fromElements(elements).toElements());
  }

  @Test
  void roundTripKeepsEveryAnnotationFieldIdAndRootRepetition() {
    List<SchemaElement> elements = El.list(
        new SchemaElement(null, null, REQUIRED, "schema", 2, null, null, null, null, null, null),
        El.withFieldId(El.withDecimal(
            new SchemaElement(PhysicalType.FIXED_LEN_BYTE_ARRAY, 9, OPTIONAL, "price", null, ConvertedType.DECIMAL,
                null, null, null, new LogicalType.DecimalType(2, 20), null), 2, 20), 7),
        El.withFieldId(group("tags", OPTIONAL, 1, LogicalType.LIST), 8),
        group("list", REPEATED, 1),
        new SchemaElement(PhysicalType.INT64, null, REQUIRED, "element", null, ConvertedType.TIMESTAMP_MICROS,
            null, null, null, new LogicalType.TimestampType(false, TimeUnit.MICROS), null));
    ParquetSchema schema = ParquetSchema.fromElements(elements);
    assertEquals(REQUIRED, schema.root().repetition());
    assertEquals(7, schema.column(0).node().fieldId());
    assertEquals(20, schema.column(0).node().precision());
    assertEquals(elements, schema.toElements());
  }

  @Test
  void effectiveLogicalTypeComesFromTheConvertedTypeWhenTheLogicalTypeIsAbsent() {
    ParquetSchema schema = El.schema(
        root("s", 4),
        leaf("ts", OPTIONAL, PhysicalType.INT64, ConvertedType.TIMESTAMP_MILLIS),
        El.withDecimal(leaf("d", OPTIONAL, PhysicalType.INT32, ConvertedType.DECIMAL), 2, 9),
        leaf("local", OPTIONAL, PhysicalType.INT64,
            new LogicalType.TimestampType(false, TimeUnit.MILLIS)),
        leaf("plain", OPTIONAL, PhysicalType.INT64));
    // the legacy annotation is defined as UTC-normalised (LogicalTypes.md, backward compatibility)
    assertEquals(new LogicalType.TimestampType(true, TimeUnit.MILLIS),
        schema.column(0).node().effectiveLogicalType());
    assertEquals(new LogicalType.DecimalType(2, 9), schema.column(1).node().effectiveLogicalType());
    assertEquals(new LogicalType.TimestampType(false, TimeUnit.MILLIS),
        schema.column(2).node().effectiveLogicalType());
    assertNull(schema.column(3).node().effectiveLogicalType());
  }

  @Test
  void anEmptyRootIsASchemaWithoutColumns() {
    ParquetSchema schema = El.schema(root("empty", 0));
    assertEquals(0, schema.columnCount());
    assertTrue(schema.root().children().isEmpty());
  }

  @Test
  void treesBuiltInCodeAreValidatedAndFlattenedLikeFileSchemas() {
    GroupNode root = GroupNode.of("m", null,
        PrimitiveNode.of("id", REQUIRED, PhysicalType.INT64).withFieldId(1),
        GroupNode.of("names", OPTIONAL,
            GroupNode.of("list", REPEATED,
                PrimitiveNode.of("element", OPTIONAL, PhysicalType.BYTE_ARRAY).withLogicalType(LogicalType.STRING)))
            .withLogicalType(LogicalType.LIST));
    ParquetSchema schema = ParquetSchema.of(root);
    assertEquals(root, schema.root());
    List<SchemaElement> elements = schema.toElements();
    assertEquals(5, elements.size());
    // writers must add the legacy converted type beside the logical type
    assertEquals(ConvertedType.LIST, elements.get(2).convertedType());
    assertEquals(ConvertedType.UTF8, elements.get(4).convertedType());
    assertEquals(LogicalType.STRING, elements.get(4).logicalType());
    assertEquals(3, schema.column(1).maxDefinitionLevel(), "optional list + repeated + optional element");
    assertEquals(1, schema.column(1).maxRepetitionLevel());
  }

  @Test
  void vectorRepetitionAddsNoLevelsFollowingTheDraft() {
    ParquetSchema schema = El.schema(
        root("s", 1),
        El.withVector(leaf("embedding", Repetition.VECTOR, PhysicalType.FLOAT), 4));
    assertEquals(4, schema.column(0).node().vectorLength());
    assertEquals(0, schema.column(0).maxDefinitionLevel());
    assertEquals(0, schema.column(0).maxRepetitionLevel());
  }

  @Test
  void printsTheSchemaInParquetToolsForm() {
    ParquetSchema schema = El.schema(
        root("m", 2),
        leaf("a", OPTIONAL, PhysicalType.INT32),
        group("b", REQUIRED, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        El.flba("element", REQUIRED, 16));
    assertEquals("""
        message m {
          optional int32 a;
          required group b (LIST) {
            repeated group list {
              required fixed_len_byte_array(16) element;
            }
          }
        }""", schema.toString());
  }
}
