package org.parquetarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.CorpusCatalog.Expect;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The shredded_variant cases of parquet-testing (written by Iceberg's Java implementation): every
 * readable case rebuilds, row by row, a variant semantically equal to its {@code .variant.bin}
 * sidecar; the cases the spec rejects fail with a typed error naming the file and the reason the
 * case names; the spec-invalid ones read to the sidecar's value or fail typed.
 */
class ShreddedVariantCorpusTest {
  private static final String DIR = "shredded_variant/";
  private static final Pattern REJECTED = Pattern.compile("must be rejected: \"([^\":]+)");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<CorpusCatalog.Entry> cases(Expect expect) {
    return CorpusCatalog.load().withExpect(expect).stream()
        .filter(e -> e.relativePath().startsWith(DIR) && e.isParquet());
  }

  static Stream<CorpusCatalog.Entry> readable() {
    return cases(Expect.READS);
  }

  static Stream<CorpusCatalog.Entry> rejected() {
    return cases(Expect.MUST_FAIL);
  }

  static Stream<CorpusCatalog.Entry> invalid() {
    return cases(Expect.READS_OR_FAILS);
  }

  @Test
  void theCorpusHasTheCatalogedCases() {
    assertTrue(readable().count() >= 120, "readable cases");
    assertEquals(6, rejected().count(), "rejected cases");
    assertEquals(3, invalid().count(), "spec-invalid cases");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readable")
  void readableCasesEqualTheirSidecars(CorpusCatalog.Entry file) throws IOException {
    List<Variant> rows = readVariants(file.path(), 2);
    assertSidecars(file.path(), rows);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejected")
  void rejectedCasesFailTypedWithTheSpecsReason(CorpusCatalog.Entry file) {
    ParquetException e = assertThrows(ParquetException.class, () -> readVariants(file.path(), 2));
    assertInstanceOf(CorruptFileException.class, e, e.getMessage());
    assertNotNull(e.location().file(), e.getMessage());
    assertTrue(e.location().file().endsWith(file.path().getFileName().toString()), e.getMessage());
    assertNotNull(e.location().column(), e.getMessage());
    Matcher m = REJECTED.matcher(file.purpose());
    assertTrue(m.find(), file.purpose());
    assertTrue(e.getMessage().contains(m.group(1)), "expected \"" + m.group(1) + "\" in: " + e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void specInvalidCasesReadToTheirSidecarsOrFailTyped(CorpusCatalog.Entry file) throws IOException {
    List<Variant> rows;
    try {
      rows = readVariants(file.path(), 2);
    } catch (ParquetException e) {
      assertNotNull(e.location().file(), e.getMessage());
      return;
    }
    assertSidecars(file.path(), rows);
  }

  @Test
  void keepReadsTheStoredShreddedStruct() throws IOException {
    Path file = CorpusCatalog.load().entry(DIR + "case-044.parquet").path();
    ReadOptions keep = ReadOptions.builder(memory.allocator())
        .variantShredding(ReadOptions.VariantShredding.KEEP).build();
    try (ParquetFileReader reader = ParquetFileReader.open(file, keep)) {
      Field var = reader.arrowSchema().findField("var");
      assertNotNull(var.getChildren().stream().filter(c -> c.getName().equals("typed_value")).findFirst()
          .orElse(null));
      assertNull(var.getMetadata().get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
    }
    ReadOptions unshred = ReadOptions.defaults(memory.allocator());
    try (ParquetFileReader reader = ParquetFileReader.open(file, unshred)) {
      Field var = reader.arrowSchema().findField("var");
      assertEquals(VariantUnshredder.EXTENSION_NAME,
          var.getMetadata().get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
      assertEquals(List.of("metadata", "value"), var.getChildren().stream().map(Field::getName).toList());
      assertTrue(!var.getChildren().get(0).isNullable() && var.getChildren().get(1).isNullable());
    }
  }

  @Test
  void projectingTheVariantColumnAloneStillRebuildsIt() throws IOException {
    Path file = CorpusCatalog.load().entry(DIR + "case-083.parquet").path();
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("var").build();
    List<Variant> rows = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      assertEquals(1, reader.arrowSchema().getFields().size());
      collect(reader, rows);
    }
    assertSidecars(file, rows);
  }

  @Test
  void aPartialProjectionOfAVariantReadsTheChosenColumnsAsStored() throws IOException {
    Path file = CorpusCatalog.load().entry(DIR + "case-134.parquet").path();
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("var.typed_value.b").build();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      Field var = reader.arrowSchema().findField("var");
      assertNull(var.getMetadata().get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
      assertEquals(List.of("typed_value"), var.getChildren().stream().map(Field::getName).toList());
      try (VectorSchemaRoot batch = reader.readNextBatch()) {
        StructVector typed = (StructVector) ((StructVector) batch.getVector("var")).getChild("typed_value");
        StructVector b = (StructVector) typed.getChild("b");
        // the catalog: {a: null, b: "iceberg", d: 2024-01-30}, b shredded as a string
        assertEquals("iceberg", b.getChild("typed_value").getObject(0).toString());
      }
    }
  }

  @Test
  void aDictionaryVariantColumnCannotBeRebuiltButCanBeKept() {
    Path file = CorpusCatalog.load().entry(DIR + "case-075.parquet").path();
    ReadOptions dictionary = ReadOptions.builder(memory.allocator()).dictionaryColumns("var.value").build();
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
        () -> ParquetFileReader.open(file, dictionary).close());
    assertNotNull(e.location().file(), e.getMessage());
    ReadOptions keep = ReadOptions.builder(memory.allocator()).dictionaryColumns("var.value")
        .variantShredding(ReadOptions.VariantShredding.KEEP).build();
    try (ParquetFileReader reader = ParquetFileReader.open(file, keep);
        VectorSchemaRoot batch = reader.readNextBatch()) {
      assertEquals(1, batch.getRowCount());
    }
  }

  @Test
  void theArrowReaderCarriesTheRebuiltVariants() throws IOException {
    Path file = CorpusCatalog.load().entry(DIR + "case-126.parquet").path();
    List<Variant> rows = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()));
        org.apache.arrow.vector.ipc.ArrowReader arrow = reader.toArrowReader()) {
      VectorSchemaRoot root = arrow.getVectorSchemaRoot();
      assertEquals(VariantUnshredder.EXTENSION_NAME, root.getSchema().findField("var").getMetadata()
          .get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
      while (arrow.loadNextBatch()) {
        StructVector var = (StructVector) root.getVector("var");
        for (int i = 0; i < root.getRowCount(); i++) {
          rows.add(Variant.of(((VarBinaryVector) var.getChild("metadata")).get(i),
              ((VarBinaryVector) var.getChild("value")).get(i)));
        }
      }
    }
    assertEquals(2, rows.size());
    assertSidecars(file, rows);
  }

  private void assertSidecars(Path file, List<Variant> rows) throws IOException {
    String base = file.getFileName().toString().replace(".parquet", "");
    int sidecars = 0;
    for (int row = 0; row < rows.size(); row++) {
      Path expected = file.resolveSibling(base + "_row-" + row + ".variant.bin");
      if (Files.exists(expected)) {
        sidecars++;
        Variant want = Variant.ofConcatenated(Files.readAllBytes(expected));
        assertEquals(want, rows.get(row), "row " + row + ": expected " + want + ", read " + rows.get(row));
      } else {
        assertNull(rows.get(row), "row " + row + " has no sidecar, so the variant is null");
      }
    }
    assertTrue(sidecars > 0, "no sidecar compared for " + file);
  }

  private List<Variant> readVariants(Path file, int batchSize) {
    List<Variant> rows = new ArrayList<>();
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(batchSize).build();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      collect(reader, rows);
    }
    return rows;
  }

  private static void collect(ParquetFileReader reader, List<Variant> rows) {
    for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
      try (VectorSchemaRoot b = next) {
        StructVector var = (StructVector) b.getVector("var");
        VarBinaryVector metadata = (VarBinaryVector) var.getChild("metadata");
        VarBinaryVector value = (VarBinaryVector) var.getChild("value");
        for (int i = 0; i < b.getRowCount(); i++) {
          rows.add(var.isNull(i) ? null : Variant.of(metadata.get(i), value.get(i)));
        }
      }
    }
  }
}
