package org.parquetarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * The unshredder fed damaged bytes: the shredded struct of a real file is read as stored, then
 * bytes of its {@code metadata} and {@code value} columns are flipped before rebuilding. Each
 * rebuild either succeeds or fails with a {@link VariantFormatException}; nothing leaks.
 */
class DamagedShreddedVariantTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @ParameterizedTest
  @ValueSource(strings = {"case-134.parquet", "case-083.parquet", "case-045.parquet", "case-126.parquet"})
  void flippedVariantBytesRebuildOrFailTyped(String name) {
    Path file = TestData.parquetTesting().resolve("shredded_variant").resolve(name);
    ReadOptions keep = ReadOptions.builder(memory.allocator())
        .variantShredding(ReadOptions.VariantShredding.KEEP).build();
    long seed = name.hashCode();
    Random random = new Random(seed);
    int failures = 0;
    int rebuilt = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file, keep)) {
      FieldMapping var = reader.schemaMapping().fields().stream().filter(FieldMapping::isVariant).findFirst()
          .orElseThrow();
      VariantUnshredder unshredder = VariantUnshredder.of(var, true);
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          StructVector stored = (StructVector) batch.getVector(var.name());
          try (StructVector clean = unshredder.unshred(stored, memory.allocator(), r -> ErrorLocation.UNKNOWN)) {
            assertEquals(stored.getValueCount(), clean.getValueCount());
          }
          for (int trial = 0; trial < 300; trial++) {
            String column = random.nextInt(3) == 0 ? "metadata" : "value";
            VarBinaryVector target = (VarBinaryVector) stored.getChild(column);
            if (target == null) {
              continue;
            }
            ArrowBuf data = target.getDataBuffer();
            long size = target.getEndOffset(target.getValueCount() - 1);
            if (size == 0) {
              continue;
            }
            long at = (long) (random.nextDouble() * size);
            byte original = data.getByte(at);
            data.setByte(at, original ^ (1 + random.nextInt(255)));
            try (StructVector out = unshredder.unshred(stored, memory.allocator(), r -> ErrorLocation.UNKNOWN)) {
              rebuilt++;
              VarBinaryVector metadata = (VarBinaryVector) out.getChild("metadata");
              VarBinaryVector value = (VarBinaryVector) out.getChild("value");
              for (int i = 0; i < out.getValueCount(); i++) {
                if (!out.isNull(i)) {
                  try {
                    Variant.of(metadata.get(i), value.get(i)).toJson();
                  } catch (VariantFormatException expected) {
                    // a damaged unshredded value is passed through as stored; decoding it fails typed
                  }
                }
              }
            } catch (VariantFormatException expected) {
              failures++;
            } catch (RuntimeException e) {
              fail("seed " + seed + ", trial " + trial + ", " + column + " byte " + at + ": " + e, e);
            } finally {
              data.setByte(at, original);
            }
          }
        }
      }
    }
    assertTrue(rebuilt + failures > 0, "no trial ran");
  }
}
