package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link SyncPolicy}: a file synced as it grows ({@link SyncPolicy#EARLY}, the default) is
 * published with exactly the bytes written, in pieces small and large across several early-sync
 * intervals, as one synced only at commit; one abandoned while a sync runs leaves nothing behind.
 */
class LocalOutputSyncTest {
  @TempDir Path dir;

  /** Bytes across a few intervals, not a multiple of the output's buffer nor of the interval. */
  private static final int SIZE = (int) (2.5 * LocalOutputFile.EARLY_SYNC_BYTES) + 12_345;

  @ParameterizedTest
  @EnumSource(SyncPolicy.class)
  void publishesExactlyTheBytesWritten(SyncPolicy sync) throws IOException {
    byte[] bytes = new byte[SIZE];
    new Random(42).nextBytes(bytes);
    Path file = dir.resolve("out-" + sync + ".bin");
    OutputFile.AtomicOutput out = LocalOutputFile.of(file, sync).create();
    int at = 0;
    int piece = 1;
    while (at < bytes.length) {
      // small pieces (buffered) and large ones (written through), as a writer's headers and pages
      int n = Math.min(bytes.length - at, piece % 7 == 0 ? 3 * 1024 * 1024 : piece * 37);
      out.write(bytes, at, n);
      at += n;
      piece++;
      assertEquals(at, out.position());
    }
    out.commit();
    assertArrayEquals(bytes, Files.readAllBytes(file));
    assertEquals(List.of(file), listing(), "the temporary is renamed, not left");
  }

  @Test
  void anOutputClosedWhileItsEarlySyncRunsLeavesNothing() throws IOException {
    Path file = dir.resolve("abandoned.bin");
    OutputFile.AtomicOutput out = LocalOutputFile.of(file).create();
    byte[] big = new byte[(int) LocalOutputFile.EARLY_SYNC_BYTES + 1];
    out.write(big, 0, big.length); // past the interval: an early sync starts
    out.close();
    assertFalse(Files.exists(file));
    assertEquals(List.of(), listing());
    assertThrows(IOException.class, () -> out.write(big, 0, 1));
  }

  @Test
  void earlyIsTheDefaultAndAPolicyIsRequired() {
    assertEquals(SyncPolicy.EARLY, LocalOutputFile.of(dir.resolve("a")).syncPolicy());
    assertEquals(SyncPolicy.AT_COMMIT, LocalOutputFile.of(dir.resolve("a"), SyncPolicy.AT_COMMIT).syncPolicy());
    assertThrows(NullPointerException.class, () -> LocalOutputFile.of(dir.resolve("a"), null));
  }

  @Test
  void earlySyncsRunOnAtMostTwoSharedThreads() throws IOException {
    for (int i = 0; i < 6; i++) {
      OutputFile.AtomicOutput out = LocalOutputFile.of(dir.resolve("f" + i)).create();
      byte[] big = new byte[(int) LocalOutputFile.EARLY_SYNC_BYTES];
      out.write(big, 0, big.length);
      out.commit();
    }
    long threads = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("parquet-arrow-early-sync-")).count();
    assertTrue(threads <= 2, threads + " sync threads");
  }

  private List<Path> listing() throws IOException {
    try (var s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
}
