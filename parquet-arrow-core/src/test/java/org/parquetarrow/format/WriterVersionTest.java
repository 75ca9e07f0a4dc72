package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Expected parts are read off the strings by hand, following parquet-java's VersionParser shape.
 */
class WriterVersionTest {

  @Test
  void parquetMrWithPreReleaseAndBuild() {
    WriterVersion v =
        WriterVersion.parse(
            "parquet-mr version 1.12.0-SNAPSHOT (build 6901a2040848c6f37fa61f4b0a76246445f396db)");
    assertEquals(
        new WriterVersion(
            "parquet-mr", 1, 12, 0, "", "SNAPSHOT", "", "6901a2040848c6f37fa61f4b0a76246445f396db"),
        v);
  }

  @Test
  void everyPartOfTheVersionFormat() {
    // the example of parquet-java's VersionParser / Arrow C++'s ApplicationVersion
    WriterVersion v = WriterVersion.parse("parquet-cpp version 1.5.0ab-xyz5.5.0+cd (build abcd)");
    assertEquals(new WriterVersion("parquet-cpp", 1, 5, 0, "ab", "xyz5.5.0", "cd", "abcd"), v);
  }

  @Test
  void corpusWriters() {
    assertEquals(
        new WriterVersion("parquet-cpp-arrow", 14, 0, 2, "", "", "", ""),
        WriterVersion.parse("parquet-cpp-arrow version 14.0.2"));
    assertEquals(
        new WriterVersion(
            "parquet-mr",
            1,
            12,
            0,
            "",
            "201812210311360288-a86293f",
            "",
            "cec1a483e9dcd545e09170ae787d3dcb13744433"),
        WriterVersion.parse(
            "parquet-mr version 1.12.0-201812210311360288-a86293f"
                + " (build cec1a483e9dcd545e09170ae787d3dcb13744433)"));
    assertEquals(
        new WriterVersion(
            "impala", 1, 3, 0, "", "INTERNAL", "", "8a48ddb1eff84592b3fc06bc6f51ec120e1fffc9"),
        WriterVersion.parse(
            "impala version 1.3.0-INTERNAL (build 8a48ddb1eff84592b3fc06bc6f51ec120e1fffc9)"));
    // no version at all (nation.dict-malformed.parquet, Polars)
    assertEquals(
        new WriterVersion("parquet-mr", 0, 0, 0, "", "", "", ""),
        WriterVersion.parse("parquet-mr"));
    assertEquals("Polars", WriterVersion.parse("Polars").application());
    // a version that is not a number (overflow_i16_page_cnt.parquet)
    WriterVersion odd =
        WriterVersion.parse(
            "cpp version BuildInfo:GitBranch:master,GitVersion:7def947,BuildTime:1672903249");
    assertEquals("cpp", odd.application());
    assertEquals(0, odd.major());
  }

  @Test
  void partialVersionsKeepWhatParsed() {
    assertEquals(
        new WriterVersion("x", 1, 0, 0, "", "", "", ""), WriterVersion.parse("x version 1"));
    assertEquals(
        new WriterVersion("x", 1, 5, 0, "", "", "", ""), WriterVersion.parse("x version 1.5"));
    assertEquals(
        new WriterVersion("x", 1, 5, 0, "", "", "", ""), WriterVersion.parse("x version 1.5.x"));
    assertEquals(
        new WriterVersion("x", 2, 0, 0, "", "", "", ""), WriterVersion.parse("x version 2-rc1"));
    assertEquals(
        new WriterVersion("x", 1, 2, 3, "", "", "", ""),
        WriterVersion.parse("  x  version  1.2.3  "));
  }

  @Test
  void hugeNumbersSaturate() {
    assertEquals(
        Integer.MAX_VALUE, WriterVersion.parse("x version 99999999999999999999.1.2").major());
  }

  @Test
  void missingCreatedByIsUnknown() {
    assertSame(WriterVersion.UNKNOWN, WriterVersion.parse(null));
    assertFalse(WriterVersion.UNKNOWN.isBefore("parquet-mr", 1, 2, 9));
  }

  @Test
  void isBeforeComparesOnlyTheSameApplication() {
    WriterVersion v = WriterVersion.parse("parquet-mr version 1.2.8");
    assertTrue(v.isBefore("parquet-mr", 1, 2, 9));
    assertTrue(v.isBefore("parquet-mr", 1, 3, 0));
    assertTrue(v.isBefore("parquet-mr", 2, 0, 0));
    assertFalse(v.isBefore("parquet-mr", 1, 2, 8));
    assertFalse(v.isBefore("parquet-mr", 1, 2, 7));
    assertFalse(v.isBefore("parquet-mr", 1, 1, 9));
    assertFalse(v.isBefore("parquet-mr", 0, 9, 9));
    assertFalse(v.isBefore("parquet-cpp", 9, 9, 9));
    // pre-release text is ignored, as Arrow C++ does
    assertFalse(
        WriterVersion.parse("parquet-mr version 1.2.9-SNAPSHOT").isBefore("parquet-mr", 1, 2, 9));
  }

  @Test
  void arrow10353Writers() {
    // parquet-cpp 1.5.1 (pyarrow < 3) mislabels compressed v2 pages; parquet-cpp-arrow does not
    assertTrue(
        WriterVersion.parse("parquet-cpp version 1.5.1-SNAPSHOT").isBefore("parquet-cpp", 2, 0, 0));
    assertFalse(
        WriterVersion.parse("parquet-cpp-arrow version 2.0.0").isBefore("parquet-cpp", 2, 0, 0));
  }
}
