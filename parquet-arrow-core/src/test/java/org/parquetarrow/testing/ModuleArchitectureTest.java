package org.parquetarrow.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The architecture test of a module built on core: its packages have no cycle, and it uses only
 * core's exported packages ({@link ArchitectureRules}). A module's test names its root package and
 * the uses of core internals that work in progress removes.
 *
 * <pre>{@code
 * class ArchitectureTest extends ModuleArchitectureTest {
 *   ArchitectureTest() {
 *     super("org.parquetarrow.s3", Set.of());
 *   }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ModuleArchitectureTest {
  private final String modulePackage;
  private final Set<String> knownInternalUses;
  private JavaClasses classes;

  /**
   * @param modulePackage the module's root package
   * @param knownInternalUses uses of core internals still allowed, each {@code
   *     "origin.TopLevelClass -> target.Class"}; the list only shrinks
   */
  protected ModuleArchitectureTest(String modulePackage, Set<String> knownInternalUses) {
    this.modulePackage = modulePackage;
    this.knownInternalUses = Set.copyOf(knownInternalUses);
  }

  @BeforeAll
  void importClasses() {
    classes = ArchitectureRules.mainClasses();
  }

  @Test
  void packagesHaveNoCycles() {
    ArchitectureRules.noPackageCycles(modulePackage).check(classes);
  }

  @Test
  void usesOnlyExportedCorePackages() {
    ArchitectureRules.usesOnlyExportedCore(modulePackage, knownInternalUses).check(classes);
  }
}
