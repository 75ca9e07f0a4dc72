package org.parquetarrow.spark;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.ArchitectureRules;

/** This module's packages have no cycle, and it uses only core's exported packages. */
class ArchitectureTest {
  private static final String MODULE = "org.parquetarrow.spark";
  /** Uses of core internals that work in progress removes; empty when none. */
  private static final Set<String> KNOWN_INTERNAL_USES = Set.of();

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
