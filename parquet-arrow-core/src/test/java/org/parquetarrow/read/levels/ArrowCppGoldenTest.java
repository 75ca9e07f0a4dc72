package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.read.levels.LevelInfo.Kind;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * A peer comparison: for nested corpus files written by parquet-mr, parquet-cpp, parquet-rs and
 * Impala, the levels of every leaf column (decoded from the file) are assembled and compared node
 * by node with what Arrow C++ 18.3 made of the same file (the {@code expected/*.arrow} goldens):
 * lengths, validity and list offsets. The level path of each leaf is read off the golden's Arrow
 * schema (its kinds and nullability), and must give the same maximum levels as the Parquet schema.
 */
class ArrowCppGoldenTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** One Arrow node on a leaf's path, and the golden vector holding it. */
  private record Node(FieldVector vector, Kind kind) {}

  @ParameterizedTest
  @ValueSource(strings = {
      "nullable.impala.parquet",
      "nonnullable.impala.parquet",
      "nested_lists.snappy.parquet",
      "nested_maps.snappy.parquet",
      "list_columns.parquet",
      "null_list.parquet",
      "old_list_structure.parquet",
      "repeated_no_annotation.parquet",
      "repeated_primitive_no_list.parquet",
      "map_no_value.parquet",
      "nulls.snappy.parquet",
      "datapage_v2.snappy.parquet",
      "nested_structs.rust.parquet"})
  void matchesArrowCpp(String name) throws IOException {
    Path corpus = TestData.parquetTesting();
    byte[] file = CorpusLevels.read(corpus.resolve("data").resolve(name));
    FileMetaData meta = CorpusLevels.footer(file);
    List<CorpusLevels.Leaf> leaves = CorpusLevels.leaves(meta);
    Path golden = corpus.resolve("expected").resolve("data__" + name + ".arrow");
    try (SeekableByteChannel channel = Files.newByteChannel(golden);
        ArrowFileReader reader = new ArrowFileReader(channel, memory.allocator())) {
      assertEquals(1, reader.getRecordBlocks().size(), "the goldens used here hold one batch");
      reader.loadNextBatch();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<List<Node>> arrowLeaves = new ArrayList<>();
      for (FieldVector top : root.getFieldVectors()) {
        collect(top, new ArrayList<>(), arrowLeaves);
      }
      assertEquals(leaves.size(), arrowLeaves.size(), name + ": leaf columns");
      for (int c = 0; c < leaves.size(); c++) {
        compareColumn(file, meta, c, leaves.get(c), arrowLeaves.get(c), name);
      }
    }
  }

  private void compareColumn(byte[] file, FileMetaData meta, int column, CorpusLevels.Leaf leaf,
      List<Node> nodes, String name) {
    String what = name + " " + leaf.path();
    LevelPath path = pathOf(nodes);
    assertEquals(leaf.maxDef(), path.maxDefLevel(), what + ": max def of " + path);
    assertEquals(leaf.maxRep(), path.maxRepLevel(), what + ": max rep of " + path);
    // a batch is the whole file: row groups end on record boundaries, so their levels concatenate
    int[] def = new int[0];
    int[] rep = new int[0];
    for (RowGroup group : meta.rowGroups()) {
      CorpusLevels.Levels l = CorpusLevels.levels(file, group.columns().get(column).metaData(), leaf);
      def = concat(def, l.def());
      rep = concat(rep, l.rep());
    }
    try (AssembledPath a = PathAssembler.assemble(memory.allocator(), path, def,
        path.maxRepLevel() == 0 ? null : rep, 0, def.length, OffsetWidth.INT32)) {
      for (int k = 0; k < nodes.size(); k++) {
        FieldVector v = nodes.get(k).vector();
        AssembledNode got = a.node(k);
        String at = what + " node " + k + " (" + v.getField().getName() + ")";
        assertEquals(v.getValueCount(), got.slotCount(), at + ": length");
        StringBuilder validity = new StringBuilder();
        for (int i = 0; i < v.getValueCount(); i++) {
          validity.append(v.isNull(i) ? '0' : '1');
        }
        assertEquals(validity.toString(), Buffers.bits(got.validity(), 0, got.slotCount()),
            at + ": validity");
        assertEquals(v.getNullCount(), got.nullCount(), at + ": null count");
        if (nodes.get(k).kind() == Kind.LIST) {
          // an empty list vector may come without an offsets buffer: its one offset is 0
          int[] want = v.getValueCount() == 0 && ((ListVector) v).getOffsetBuffer().capacity() == 0
              ? new int[] {0}
              : Buffers.int32(((ListVector) v).getOffsetBuffer(), 0, v.getValueCount() + 1);
          assertEquals(java.util.Arrays.toString(want),
              java.util.Arrays.toString(Buffers.int32(got.offsets(), 0, got.slotCount() + 1)),
              at + ": offsets");
        }
      }
    }
  }

  /** Depth first, as the Parquet leaves are ordered: one node list per Arrow leaf. */
  private static void collect(FieldVector v, List<Node> above, List<List<Node>> out) {
    List<Node> path = new ArrayList<>(above);
    if (v instanceof StructVector) {
      path.add(new Node(v, Kind.STRUCT));
      for (FieldVector child : ((StructVector) v).getChildrenFromFields()) {
        collect(child, path, out);
      }
    } else if (v instanceof ListVector list) { // also MapVector
      path.add(new Node(v, Kind.LIST));
      collect(list.getDataVector(), path, out);
    } else if (v instanceof LargeListVector) {
      throw new AssertionError("no large lists expected in Arrow C++'s default mapping");
    } else {
      path.add(new Node(v, Kind.LEAF));
      out.add(path);
    }
  }

  private static LevelPath pathOf(List<Node> nodes) {
    LevelPath.Builder b = LevelPath.builder();
    for (int k = 0; k < nodes.size() - 1; k++) {
      boolean nullable = nodes.get(k).vector().getField().isNullable();
      if (nodes.get(k).kind() == Kind.LIST) {
        b.list(nullable);
      } else {
        b.struct(nullable);
      }
    }
    return b.leaf(nodes.get(nodes.size() - 1).vector().getField().isNullable());
  }

  private static int[] concat(int[] a, int[] b) {
    int[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
