package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.MissingFileException;

/**
 * A directory with nothing to read is told apart from one that is not there: an engine given a
 * schema by its user reads the first as an empty table and reports the second as a wrong path.
 */
class EmptyDatasetTest {
  @TempDir Path dir;

  @Test
  void anEmptyDirectoryIsAnEmptyDataset() {
    EmptyDatasetException e = assertThrows(EmptyDatasetException.class,
        () -> DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()));
    assertTrue(e.getMessage().contains("no Parquet files found below " + dir), e.getMessage());
  }

  @Test
  void markerAndHiddenFilesDoNotCount() throws Exception {
    Files.writeString(dir.resolve("_SUCCESS"), "");
    Files.writeString(dir.resolve(".part-0.parquet.crc"), "x");
    Files.createDirectories(dir.resolve("year=2024"));
    assertThrows(EmptyDatasetException.class, () -> DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()));
  }

  @Test
  void aMissingDirectoryIsNotAnEmptyOne() {
    Path missing = dir.resolve("nope");
    assertThrows(MissingFileException.class, () -> DatasetDiscovery.directory(missing, DiscoveryOptions.defaults()));
    assertThrows(MissingFileException.class, () -> DatasetDiscovery.paths(List.of(missing), DiscoveryOptions.defaults()));
  }
}
