package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.read.levels.LevelInfo.Kind;

/** Levels derived by the builder, checked against levels counted by hand from Parquet schemas. */
class LevelPathTest {

  /**
   * message m { optional group a (LIST) { repeated group list { optional group element {
   *   optional group m (MAP) { repeated group key_value { required binary key; optional int32 value; }}}}}}
   * column a.list.element.m.key_value.value: optional a (d1), repeated list (d2 r1), optional
   * element (d3), optional m (d4), repeated key_value (d5 r2), optional value (d6).
   */
  @Test
  void listOfStructsOfMaps() {
    LevelPath p = LevelPath.builder().list(true).struct(true).map(true).leaf(true);
    assertEquals(List.of(
        new LevelInfo(Kind.LIST, 1, 1, 0, true),
        new LevelInfo(Kind.STRUCT, 3, 1, 2, true),
        new LevelInfo(Kind.LIST, 4, 2, 2, true),
        new LevelInfo(Kind.STRUCT, 5, 2, 5, false),
        new LevelInfo(Kind.LEAF, 6, 2, 5, true)), p.nodes());
    assertEquals(6, p.maxDefLevel());
    assertEquals(2, p.maxRepLevel());
    assertEquals(2, p.node(0).elementDefLevel());
    assertEquals(5, p.node(2).elementDefLevel());
    assertEquals(0, p.node(0).slotRepLevel());
    assertEquals(1, p.node(1).slotRepLevel());
    assertEquals(1, p.node(2).slotRepLevel());
  }

  @Test
  void requiredEverything() {
    // message m { required group a { repeated group b { required int32 c; } } }
    LevelPath p = LevelPath.builder().struct(false).list(false).struct(false).leaf(false);
    assertEquals(1, p.maxDefLevel());
    assertEquals(1, p.maxRepLevel());
    assertEquals(new LevelInfo(Kind.LEAF, 1, 1, 1, false), p.leaf());
  }

  @Test
  void misuseIsRefused() {
    LevelPath.Builder b = LevelPath.builder().list(true);
    b.leaf(true);
    assertThrows(IllegalStateException.class, () -> b.leaf(true));
    assertThrows(IllegalStateException.class, () -> b.struct(true));
    assertThrows(IllegalArgumentException.class, () -> new LevelInfo(Kind.LIST, 0, 0, 0, false));
    assertThrows(IllegalArgumentException.class, () -> new LevelInfo(Kind.LEAF, 1, 0, 2, false));
    assertThrows(IllegalArgumentException.class, () -> new LevelInfo(Kind.LEAF, 2, 1, 2, true));
    assertThrows(IllegalStateException.class,
        () -> new LevelInfo(Kind.STRUCT, 1, 0, 0, true).elementDefLevel());
  }
}
