package org.parquetarrow.spark;

import java.util.Set;
import org.parquetarrow.testing.ModuleArchitectureTest;

/** This module's packages have no cycle, and it uses only core's exported packages. */
class ArchitectureTest extends ModuleArchitectureTest {
  /** Uses of core internals that work in progress removes; empty when none. */
  private static final Set<String> KNOWN_INTERNAL_USES = Set.of();

  ArchitectureTest() {
    super("org.parquetarrow.spark", KNOWN_INTERNAL_USES);
  }
}
