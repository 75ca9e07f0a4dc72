package org.parquetarrow.bench.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BeforeAfterOptionsTest {
  @Test
  void parsesEveryOption() {
    BeforeAfter.Options o = BeforeAfter.Options.parse(new String[] {"--before", "a.jar", "--after", "b.jar",
        "--data", "/d", "--scale", "0.5", "--rounds", "7", "--warmups", "1", "--sets", "nested,lineitem", "--no-write",
        "--cpu"});
    assertEquals(Path.of("a.jar"), o.before());
    assertEquals(Path.of("b.jar"), o.after());
    assertEquals(Path.of("/d"), o.data());
    assertEquals(0.5, o.scale());
    assertEquals(7, o.rounds());
    assertEquals(1, o.warmups());
    assertEquals(List.of("NESTED", "LINEITEM"), o.sets());
    assertEquals(false, o.write());
    assertEquals(true, o.cpu());
    assertEquals(false, BeforeAfter.Options.parse(new String[] {"--before", "a", "--after", "b"}).cpu(),
        "wall time unless --cpu is given");
  }

  @Test
  void refusesAMissingBuildAnUnknownOptionAndOneRound() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BeforeAfter.Options.parse(new String[] {"--after", "b.jar"}));
    assertTrue(e.getMessage().contains("--before"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> BeforeAfter.Options.parse(new String[] {"--before", "a", "--after", "b", "--round", "3"}));
    assertTrue(e.getMessage().contains("unknown option --round"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> BeforeAfter.Options.parse(new String[] {"--before", "a", "--after", "b", "--rounds", "1"}));
    e = assertThrows(IllegalArgumentException.class,
        () -> BeforeAfter.Options.parse(new String[] {"--before", "a", "--after"}));
    assertTrue(e.getMessage().contains("--after needs a value"), e.getMessage());
  }

  @Test
  void studentTQuantilesMatchThePublishedTable() {
    // two-sided 95% critical values of Student's t (any statistics table)
    assertEquals(12.706, BeforeAfter.tQuantile975(1), 1e-9);
    assertEquals(2.262, BeforeAfter.tQuantile975(9), 1e-9);
    assertEquals(2.042, BeforeAfter.tQuantile975(30), 1e-9);
    assertEquals(1.96, BeforeAfter.tQuantile975(200), 1e-9);
  }
}
