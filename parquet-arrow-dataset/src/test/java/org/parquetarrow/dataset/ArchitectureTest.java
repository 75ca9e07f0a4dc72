package org.parquetarrow.dataset;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.ArchitectureRules;

/** This module's packages have no cycle, and it uses only core's exported packages. */
class ArchitectureTest {
  private static final String MODULE = "org.parquetarrow.dataset";
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

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = ArchitectureRules.mainClasses();
  }

  @Test
  void packagesHaveNoCycles() {
    ArchitectureRules.noPackageCycles(MODULE).check(classes);
  }

  @Test
  void usesOnlyExportedCorePackages() {
    ArchitectureRules.usesOnlyExportedCore(MODULE, KNOWN_INTERNAL_USES).check(classes);
  }
}
