package org.parquetarrow.encoding.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The generated sources checked in under core's main tree are exactly what their generator writes
 * today, so a hand edit (or a generator change without regenerating) fails here, naming the first
 * line that differs.
 */
class GeneratedSourcesUpToDateTest {

  @Test
  void checkedInBitUnpackersAreWhatTheGeneratorWrites() throws IOException {
    Path dir = repositoryRoot().resolve(BitUnpackerGenerator.TARGET_DIR);
    List<String> stale = new ArrayList<>();
    for (Map.Entry<String, String> file : BitUnpackerGenerator.sources().entrySet()) {
      String checkedIn = Files.readString(dir.resolve(file.getKey()), StandardCharsets.US_ASCII);
      firstDifference(file.getKey(), checkedIn, file.getValue()).ifPresent(stale::add);
    }
    assertTrue(stale.isEmpty(), () -> String.join("\n", stale) + "\nregenerate with bin/generate-unpackers");
  }

  @Test
  void bothUnpackersAreGenerated() {
    assertEquals(
        List.of("IntBitUnpacker.java", "LongBitUnpacker.java"),
        List.copyOf(BitUnpackerGenerator.sources().keySet()));
  }

  /** The check itself: a one-character hand edit on line 120 is reported as line 120, both sides. */
  @Test
  void aHandEditIsReportedAtItsLine() {
    String generated = BitUnpackerGenerator.source(BitUnpackerGenerator.Flavor.INT);
    List<String> lines = new ArrayList<>(List.of(generated.split("\n", -1)));
    String original = lines.get(119);
    String edited = original.replace("& 0x3", "& 0x7");
    lines.set(119, edited);

    Optional<String> report = firstDifference("IntBitUnpacker.java", String.join("\n", lines), generated);

    assertTrue(report.isPresent(), "an edited line must be found");
    assertEquals(
        "IntBitUnpacker.java differs from what BitUnpackerGenerator writes, first at line 120:\n"
            + "  checked in: " + edited + "\n"
            + "  generated:  " + original,
        report.get());
  }

  @Test
  void aTruncatedFileIsReportedAtItsEnd() {
    String generated = BitUnpackerGenerator.source(BitUnpackerGenerator.Flavor.LONG);
    int lineCount = generated.split("\n", -1).length;
    String truncated = generated.substring(0, generated.lastIndexOf("  }\n") - 1);

    Optional<String> report = firstDifference("LongBitUnpacker.java", truncated, generated);

    assertTrue(report.isPresent(), "a truncated file must be found");
    assertTrue(
        report.get().contains("first at line " + (lineCount - 2) + ":\n  checked in: <end of file>\n"),
        report.get());
  }

  @Test
  void identicalTextIsNoDifference() {
    String generated = BitUnpackerGenerator.source(BitUnpackerGenerator.Flavor.INT);
    assertEquals(Optional.empty(), firstDifference("IntBitUnpacker.java", generated, generated));
  }

  /** The first line (1-based) where {@code checkedIn} and {@code generated} differ, as a message. */
  static Optional<String> firstDifference(String fileName, String checkedIn, String generated) {
    String[] have = checkedIn.split("\n", -1);
    String[] want = generated.split("\n", -1);
    for (int i = 0; i < Math.max(have.length, want.length); i++) {
      String a = i < have.length ? have[i] : "<end of file>";
      String b = i < want.length ? want[i] : "<end of file>";
      if (!a.equals(b)) {
        return Optional.of(fileName + " differs from what BitUnpackerGenerator writes, first at line "
            + (i + 1) + ":\n  checked in: " + a + "\n  generated:  " + b);
      }
    }
    return Optional.empty();
  }

  /**
   * The repository root: surefire passes it as {@code project.root}; else the working directory,
   * or its parent when that is the core module's folder (where an IDE runs a module's tests).
   */
  private static Path repositoryRoot() {
    Path dir = Path.of(System.getProperty("project.root", System.getProperty("user.dir")))
        .toAbsolutePath();
    boolean inModule =
        !Files.isDirectory(dir.resolve(BitUnpackerGenerator.TARGET_DIR)) && dir.getParent() != null;
    return inModule ? dir.getParent() : dir;
  }
}
