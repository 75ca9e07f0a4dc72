package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FetchOptionsTest {

  @Test
  void localAndRemoteFilesHaveTheirOwnDefaults() {
    FetchOptions d = FetchOptions.defaults();
    // Arrow C++ CacheOptions::Defaults() for local disks, arrow-rs object_store's 1 MiB for remote
    assertEquals(new RangeCoalescer(8 * 1024, 32L << 20), d.coalescerFor(InputFile.Locality.LOCAL));
    assertEquals(1L << 20, d.coalescerFor(InputFile.Locality.REMOTE).maxGap());
    assertEquals(1, d.prefetchRowGroups());
  }

  @Test
  void settingsReachTheCoalescerOfTheirLocality() {
    FetchOptions o = FetchOptions.builder().localGap(0).remoteGap(4096).remoteMaxRequest(1 << 20).build();
    assertEquals(new RangeCoalescer(0, 32L << 20), o.coalescerFor(InputFile.Locality.LOCAL));
    assertEquals(new RangeCoalescer(4096, 1 << 20), o.coalescerFor(InputFile.Locality.REMOTE));
    assertEquals(o.toString(), o.toBuilder().build().toString());
  }

  @Test
  void negativeSettingsAreRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FetchOptions.builder().remoteGap(-1));
    assertTrue(e.getMessage().contains("remoteGap"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> FetchOptions.builder().prefetchRowGroups(-1));
    assertThrows(IllegalArgumentException.class, () -> FetchOptions.builder().prefetchMemory(-1));
  }
}
