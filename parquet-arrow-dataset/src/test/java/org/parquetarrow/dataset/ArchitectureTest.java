package org.parquetarrow.dataset;

import java.util.Set;
import org.parquetarrow.testing.ModuleArchitectureTest;

/** This module's packages have no cycle, and it uses only core's exported packages. */
class ArchitectureTest extends ModuleArchitectureTest {
  /**
   * Uses of core internals that work in progress removes (issue 16 item 1: core's metadata layer
   * reads dictionary pages, offset indexes and modules for prune); the list only shrinks.
   */
  private static final Set<String> KNOWN_INTERNAL_USES = Set.of(
      "org.parquetarrow.dataset.prune.ChunkAccess -> org.parquetarrow.crypto.ModuleType",
      "org.parquetarrow.dataset.prune.FilePruner -> org.parquetarrow.crypto.ModuleType",
      "org.parquetarrow.dataset.prune.FilePruner -> org.parquetarrow.read.page.OffsetIndexReader",
      "org.parquetarrow.dataset.prune.DictionaryValues -> org.parquetarrow.crypto.ModuleType",
      "org.parquetarrow.dataset.prune.DictionaryValues -> org.parquetarrow.read.page.ByteSlice",
      "org.parquetarrow.dataset.prune.DictionaryValues -> org.parquetarrow.read.page.ColumnChunkPageReader",
      "org.parquetarrow.dataset.prune.DictionaryValues -> org.parquetarrow.read.page.PageReaderBuilder",
      "org.parquetarrow.dataset.prune.DictionaryValues -> org.parquetarrow.read.page.DictionaryPage",
      "org.parquetarrow.dataset.prune.DictionaryValues -> org.parquetarrow.read.page.Page");

  ArchitectureTest() {
    super("org.parquetarrow.dataset", KNOWN_INTERNAL_USES);
  }
}
