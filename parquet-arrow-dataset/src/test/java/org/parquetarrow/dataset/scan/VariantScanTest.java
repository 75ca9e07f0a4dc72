package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.variant.Variant;
import org.parquetarrow.variant.VariantUnshredder;

/**
 * A dataset of shredded VARIANT files (parquet-testing's shredded_variant cases) plans with the
 * schema the reader hands out — the rebuilt {@code struct<metadata, value>} — and scans to the
 * variants of the corpus sidecars, so discovery and reading agree.
 */
class VariantScanTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  private static final Path DIR = TestData.parquetTesting().resolve("shredded_variant");

  @Test
  void shreddedVariantFilesScanAsRebuiltVariants() throws Exception {
    // case 1: an array of two strings; case 4: boolean true (CATALOG.md), one row each
    List<Path> files = List.of(DIR.resolve("case-001.parquet"), DIR.resolve("case-004.parquet"));
    Dataset ds = DatasetDiscovery.paths(files, DiscoveryOptions.defaults());
    Field var = ds.schema().findField("var");
    assertEquals(VariantUnshredder.EXTENSION_NAME,
        var.getMetadata().get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
    assertEquals(List.of("metadata", "value"), var.getChildren().stream().map(Field::getName).toList());

    List<Variant> scanned = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().columns("var").build(), allocator.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        assertEquals(var, b.getSchema().findField("var"));
        scanned.addAll(variants(b));
      }
    }
    List<Variant> expected = List.of(
        Variant.ofConcatenated(java.nio.file.Files.readAllBytes(DIR.resolve("case-001_row-0.variant.bin"))),
        Variant.ofConcatenated(java.nio.file.Files.readAllBytes(DIR.resolve("case-004_row-0.variant.bin"))));
    assertEquals(expected, scanned);
  }

  @Test
  void discoverySchemaEqualsTheReadersSchema() {
    Path file = DIR.resolve("case-001.parquet");
    Dataset ds = DatasetDiscovery.file(file, DiscoveryOptions.defaults());
    try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.defaults(allocator.allocator()))) {
      assertEquals(reader.arrowSchema().getFields(), ds.schema().getFields());
    }
    assertTrue(ds.schema().findField("var").getChildren().size() == 2);
  }

  private static List<Variant> variants(VectorSchemaRoot root) {
    var struct = (org.apache.arrow.vector.complex.StructVector) root.getVector("var");
    var metadata = (org.apache.arrow.vector.VarBinaryVector) struct.getChild("metadata");
    var value = (org.apache.arrow.vector.VarBinaryVector) struct.getChild("value");
    List<Variant> out = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      out.add(Variant.of(metadata.get(i), value.get(i)));
    }
    return out;
  }
}
