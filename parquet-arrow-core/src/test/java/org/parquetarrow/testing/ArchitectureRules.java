package org.parquetarrow.testing;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import java.util.Set;

/**
 * The architecture every module keeps, as ArchUnit rules: no package cycles, and modules other
 * than core use only the core packages that are exported API (the rest are internals that may
 * change between releases). Core's {@code module-info} exports the same packages (checked by
 * {@code ModulePathTest}); these rules keep the split on the class path, where the other modules
 * and every test run, and for {@link #INTERNAL_CORE_CLASSES}, which a {@code module-info} cannot hide.
 *
 * <pre>{@code
 * JavaClasses classes = ArchitectureRules.mainClasses();
 * ArchitectureRules.noPackageCycles("org.parquetarrow.dataset").check(classes);
 * ArchitectureRules.usesOnlyExportedCore("org.parquetarrow.dataset", Set.of()).check(classes);
 * }</pre>
 */
public final class ArchitectureRules {
  /**
   * The core packages that are API: a package added to core is internal until it is listed here.
   */
  public static final List<String> EXPORTED_CORE_PACKAGES = List.of(
      "org.parquetarrow",
      "org.parquetarrow.io",
      "org.parquetarrow.format",
      "org.parquetarrow.metadata",
      "org.parquetarrow.selection",
      "org.parquetarrow.crypto",
      "org.parquetarrow.crypto.keytools",
      "org.parquetarrow.schema",
      "org.parquetarrow.variant",
      "org.parquetarrow.stats",
      "org.parquetarrow.bloom",
      "org.parquetarrow.index",
      "org.parquetarrow.read",
      "org.parquetarrow.write");

  /**
   * Public classes of exported packages that are still internals (public only because another
   * core package uses them); other modules must not use them either.
   */
  public static final Set<String> INTERNAL_CORE_CLASSES = Set.of("org.parquetarrow.crypto.ModuleType");

  /** The root packages of the modules built on core; every other {@code org.parquetarrow} package is core. */
  private static final List<String> MODULE_ROOTS = List.of(
      "org.parquetarrow.dataset",
      "org.parquetarrow.flight",
      "org.parquetarrow.cli",
      "org.parquetarrow.s3",
      "org.parquetarrow.spark");

  private ArchitectureRules() {}

  /**
   * The main (non-test) classes of every module on the class path, the module under test included.
   * Test classes and test jars are left out: the rules are about what ships.
   */
  public static JavaClasses mainClasses() {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ArchitectureRules::isNotTestJar)
        .importPackages("org.parquetarrow");
  }

  private static boolean isNotTestJar(Location location) {
    return !location.contains("-tests.jar");
  }

  /**
   * No cycle between the packages under {@code root}, {@code root} itself included: each package
   * is one slice, so {@code a -> a.b -> a} is a cycle although {@code a.b} lies inside {@code a}.
   */
  public static ArchRule noPackageCycles(String root) {
    return slices()
        .assignedFrom(eachPackageUnder(root))
        .should()
        .beFreeOfCycles()
        .because("packages form layers; a cycle means two packages are one");
  }

  private static SliceAssignment eachPackageUnder(String root) {
    return new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        return isUnder(c.getPackageName(), root)
            ? SliceIdentifier.of(c.getPackageName())
            : SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "each package under " + root;
      }
    };
  }

  /**
   * Classes under {@code modulePackage} depend on no internal core package or class, except the
   * {@code known} violations, each written {@code "origin.TopLevelClass -> target.Class"}, that
   * work in progress removes (the list only shrinks).
   */
  public static ArchRule usesOnlyExportedCore(String modulePackage, Set<String> known) {
    return ArchRuleDefinition.classes()
        .that()
        .resideInAPackage(modulePackage + "..")
        .should(useOnlyExportedCore(modulePackage, known))
        .because("core's internal packages are not API and change without notice");
  }

  private static ArchCondition<JavaClass> useOnlyExportedCore(String modulePackage, Set<String> known) {
    return new ArchCondition<>("use only exported core packages " + EXPORTED_CORE_PACKAGES) {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        String originName = topLevelName(origin.getName());
        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
          JavaClass target = d.getTargetClass().getBaseComponentType();
          String targetName = topLevelName(target.getName());
          if (!isUnder(target.getPackageName(), modulePackage)
              && isInternalCore(target.getPackageName(), targetName)
              && !known.contains(originName + " -> " + targetName)) {
            String key = originName + " -> " + targetName;
            events.add(SimpleConditionEvent.violated(d, "[" + key + "] " + d.getDescription()));
          }
        }
      }
    };
  }

  /** Whether a class of that package and top-level name is a core internal. */
  public static boolean isInternalCore(String packageName, String topLevelClassName) {
    if (!isUnder(packageName, "org.parquetarrow")) {
      return false;
    }
    for (String root : MODULE_ROOTS) {
      if (isUnder(packageName, root)) {
        return false;
      }
    }
    return !EXPORTED_CORE_PACKAGES.contains(packageName)
        || INTERNAL_CORE_CLASSES.contains(topLevelClassName);
  }

  private static boolean isUnder(String packageName, String root) {
    return packageName.equals(root) || packageName.startsWith(root + ".");
  }

  private static String topLevelName(String className) {
    int nested = className.indexOf('$');
    return nested < 0 ? className : className.substring(0, nested);
  }
}
