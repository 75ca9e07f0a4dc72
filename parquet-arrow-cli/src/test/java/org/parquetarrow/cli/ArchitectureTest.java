package org.parquetarrow.cli;

import java.util.Set;
import org.parquetarrow.testing.ModuleArchitectureTest;

/** This module's packages have no cycle, and it uses only core's exported packages. */
class ArchitectureTest extends ModuleArchitectureTest {
  /** No use of core internals is allowed; a new one fails here. */
  private static final Set<String> KNOWN_INTERNAL_USES = Set.of();

  ArchitectureTest() {
    super("org.parquetarrow.cli", KNOWN_INTERNAL_USES);
  }
}
