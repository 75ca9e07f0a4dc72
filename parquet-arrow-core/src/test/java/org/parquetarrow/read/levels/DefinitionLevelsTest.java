package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** The flat path: a leaf under nullable structs, no list. */
class DefinitionLevelsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /**
   * optional group a { required group b { optional group c { optional int32 d; } } }: def 0 = a
   * null, 1 = c null (b is required), 2 = d null, 3 = value.
   */
  @Test
  void leafUnderNullableStructs() {
    LevelPath path = LevelPath.builder().struct(true).struct(false).struct(true).leaf(true);
    assertEquals(3, path.maxDefLevel());
    assertEquals(0, path.maxRepLevel());
    int[] def = {3, 0, 1, 2, 3, 3, 1};
    try (AssembledPath a = PathAssembler.assemble(memory.allocator(), path, def, null, 0, 7,
        OffsetWidth.INT32)) {
      Expect.slots(a.node(0), "1011111");
      Expect.slots(a.node(1), "1111111"); // required b: never null, even where a is
      Expect.slots(a.node(2), "1001110");
      Expect.slots(a.node(3), "1000110");
      assertEquals(3, a.leafValueCount());
    }
  }

  @Test
  void unalignedOffsetsKeepTheNeighbouringBits() {
    Random random = new Random(3);
    for (int round = 0; round < 300; round++) {
      int n = random.nextInt(300);
      int offset = random.nextInt(70);
      int threshold = random.nextInt(4);
      int[] def = new int[n + 4];
      StringBuilder want = new StringBuilder();
      for (int i = 0; i < def.length; i++) {
        def[i] = random.nextInt(4);
      }
      for (int i = 2; i < n + 2; i++) {
        want.append(def[i] >= threshold ? '1' : '0');
      }
      ArrowBuf bits = Buffers.filled(memory.allocator(), (offset + n + 7) / 8 + 2, 0xa5);
      try (bits) {
        String before = Buffers.bits(bits, 0, offset);
        String after = Buffers.bits(bits, offset + n, 16);
        int valid = DefinitionLevels.toValidity(def, 2, n, threshold, bits, offset);
        assertEquals(want.toString(), Buffers.bits(bits, offset, n));
        assertEquals(want.chars().filter(c -> c == '1').count(), valid);
        assertEquals(before, Buffers.bits(bits, 0, offset));
        assertEquals(after, Buffers.bits(bits, offset + n, 16));
      }
    }
  }
}
