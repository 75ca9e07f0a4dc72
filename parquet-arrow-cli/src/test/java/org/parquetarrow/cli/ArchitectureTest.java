package org.parquetarrow.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.ArchitectureRules;

/** This module's packages have no cycle, and it uses only core's exported packages. */
class ArchitectureTest {
  private static final String MODULE = "org.parquetarrow.cli";
  /**
   * Uses of core internals that work in progress removes (issue 16 item 1: core's module reader
   * replaces the CLI's hand-framed modules); the list only shrinks.
   */
  private static final Set<String> KNOWN_INTERNAL_USES = Set.of(
      "org.parquetarrow.cli.PageHeaderWalker -> org.parquetarrow.crypto.ModuleType");

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
