package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resolving locations to storages, and the local storage's listing. */
class StorageTest {
  @TempDir Path dir;

  @Test
  void locationsResolveByScheme() {
    StorageOptions o = StorageOptions.defaults();
    assertInstanceOf(LocalStorage.class, Storage.forLocation("data/x.parquet", o));
    assertInstanceOf(LocalStorage.class, Storage.forLocation("file:///tmp/x.parquet", o));
    // a colon in a file name is no scheme
    assertInstanceOf(LocalStorage.class, Storage.forLocation("notes:2024.parquet", o));
    try (Storage web = Storage.forLocation("HTTPS://example.com/x.parquet", o)) {
      assertInstanceOf(HttpStorage.class, web);
    }
    // the core alone has no S3 provider: the message says which module brings it
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Storage.forLocation("s3://bucket/key", o));
    assertTrue(e.getMessage().contains("\"s3\"") && e.getMessage().contains("parquet-arrow-s3"), e.getMessage());
  }

  @Test
  void localListingIsRecursiveSortedWithSizesAndVersions() throws Exception {
    Files.createDirectories(dir.resolve("a=1"));
    Files.write(dir.resolve("a=1/x.bin"), new byte[3]);
    Files.write(dir.resolve("b.bin"), new byte[5]);
    List<StorageEntry> entries = LocalStorage.instance().list(dir.toString());
    assertEquals(List.of(dir + "/a=1/x.bin", dir + "/b.bin"), entries.stream().map(StorageEntry::location).toList());
    assertEquals(List.of(3L, 5L), entries.stream().map(StorageEntry::size).toList());
    assertTrue(entries.stream().allMatch(x -> x.version() != null));
    // a file lists as itself, a file: URI as well
    assertEquals(List.of(5L), LocalStorage.instance().list(dir.resolve("b.bin").toUri().toString()).stream()
        .map(StorageEntry::size).toList());
    assertThrows(NoSuchFileException.class, () -> LocalStorage.instance().list(dir.resolve("nothing").toString()));
  }

  @Test
  void aLocalFileOpensAsListedOrNotAtAll() throws Exception {
    Path f = dir.resolve("f.bin");
    Files.write(f, new byte[] {1, 2, 3, 4, 5});
    java.nio.file.attribute.FileTime listedAt = java.nio.file.attribute.FileTime.fromMillis(1_700_000_000_000L);
    Files.setLastModifiedTime(f, listedAt);
    StorageEntry listed = LocalStorage.instance().list(f.toString()).get(0);
    try (InputFile in = LocalStorage.instance().open(listed, new IoStatistics())) {
      assertEquals(5, in.length());
    }
    // rewritten in place, another length
    Files.write(f, new byte[] {9, 9, 9});
    ObjectChangedException longer = assertThrows(ObjectChangedException.class,
        () -> LocalStorage.instance().open(listed, new IoStatistics()));
    assertTrue(longer.getMessage().contains(f.toString()) && longer.getMessage().contains("3 bytes")
        && longer.getMessage().contains("listed as 5 bytes"), longer.getMessage());
    // the same length again, but written since it was listed
    Files.write(f, new byte[] {5, 4, 3, 2, 1});
    Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(1_700_000_001_000L));
    assertThrows(ObjectChangedException.class, () -> LocalStorage.instance().open(listed, new IoStatistics()));
    // an entry without a listed version or size is opened as it is
    try (InputFile in = LocalStorage.instance().open(new StorageEntry(f.toString(), -1, null), new IoStatistics())) {
      assertEquals(5, in.length());
    }
    Files.setLastModifiedTime(f, listedAt);
    try (InputFile in = LocalStorage.instance().open(listed, new IoStatistics())) {
      assertEquals(5, in.length(), "the listed size and time: opened, whatever the bytes");
    }
  }

  @Test
  void httpRefusesToListADirectory() {
    try (HttpStorage web = new HttpStorage(RemoteReadOptions.defaults())) {
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> web.list("https://example.com/data/"));
      assertTrue(e.getMessage().contains("https://example.com/data/"), e.getMessage());
    }
  }

  @Test
  void storageOptionsArePathStyleWithAnEndpointAndCheckTheirArguments() {
    assertTrue(StorageOptions.builder().s3Endpoint(java.net.URI.create("http://127.0.0.1:9000")).build().s3PathStyle());
    assertEquals(false, StorageOptions.defaults().s3PathStyle());
    assertThrows(IllegalArgumentException.class, () -> StorageOptions.builder().s3Endpoint(java.net.URI.create("ftp://x")));
    assertThrows(IllegalArgumentException.class, () -> StorageOptions.builder().listPageSize(0));
    String shown = StorageOptions.builder().staticCredentials("AKIA", "very-secret").build().toString();
    assertTrue(!shown.contains("very-secret"), shown);
  }
}
