package org.parquetarrow;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.ArchitectureRules;

/**
 * Core's packages form layers without cycles (exceptions, format, io, crypto, metadata, …, read,
 * write), and the rules themselves fail where they should: on a package cycle and on a use of an
 * internal package, both made on purpose in {@code org.parquetarrow.testing.archfixture}.
 */
class ArchitectureTest {
  private static final String FIXTURE = "org.parquetarrow.testing.archfixture";

  @Test
  void corePackagesHaveNoCycles() {
    JavaClasses core = ArchitectureRules.mainClasses();
    assertTrue(core.containPackage("org.parquetarrow.read.page"), "core's classes were imported");
    ArchitectureRules.noPackageCycles("org.parquetarrow").check(core);
  }

  @Test
  void cycleRuleFailsOnACycleMadeOnPurpose() {
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE + ".cyclic");
    AssertionError e = assertThrows(AssertionError.class,
        () -> ArchitectureRules.noPackageCycles(FIXTURE + ".cyclic").check(fixture));
    assertTrue(e.getMessage().contains("Cycle detected"), e.getMessage());
    assertTrue(e.getMessage().contains("cyclic.a.Ping") && e.getMessage().contains("cyclic.b.Pong"),
        e.getMessage());
  }

  @Test
  void cycleRuleSeesTheRootPackageAsASlice() {
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE + ".rooted");
    AssertionError e = assertThrows(AssertionError.class,
        () -> ArchitectureRules.noPackageCycles(FIXTURE + ".rooted").check(fixture));
    assertTrue(e.getMessage().contains("rooted.Outer") && e.getMessage().contains("rooted.inner.Inner"),
        e.getMessage());
  }

  @Test
  void exportedRuleFailsOnAnInternalPackage() {
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE + ".user");
    AssertionError e = assertThrows(AssertionError.class,
        () -> ArchitectureRules.usesOnlyExportedCore(FIXTURE + ".user", Set.of()).check(fixture));
    assertTrue(e.getMessage().contains("org.parquetarrow.encoding.LevelDecoder"), e.getMessage());
    assertFalse(e.getMessage().contains("org.parquetarrow.io.InputFile"), e.getMessage());
  }

  @Test
  void exportedRuleLetsAKnownViolationPass() {
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE + ".user");
    Set<String> known = Set.of(FIXTURE + ".user.InternalsUser -> org.parquetarrow.encoding.LevelDecoder");
    assertDoesNotThrow(
        () -> ArchitectureRules.usesOnlyExportedCore(FIXTURE + ".user", known).check(fixture));
  }

  @Test
  void internalPackagesAndClassesAreTold() {
    assertTrue(ArchitectureRules.isInternalCore("org.parquetarrow.read.page", "org.parquetarrow.read.page.Page"));
    assertTrue(ArchitectureRules.isInternalCore("org.parquetarrow.crypto", "org.parquetarrow.crypto.ModuleType"));
    assertFalse(ArchitectureRules.isInternalCore("org.parquetarrow.read", "org.parquetarrow.read.ParquetFileReader"));
    assertFalse(ArchitectureRules.isInternalCore("org.parquetarrow.dataset.scan", "org.parquetarrow.dataset.scan.Scanner"));
    assertFalse(ArchitectureRules.isInternalCore("org.apache.arrow.vector", "org.apache.arrow.vector.IntVector"));
  }
}
