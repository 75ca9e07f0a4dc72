package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.expr.ExpressionParseException;

/**
 * The task-side cache of one-file datasets and parsed filters ({@link TaskSetup}): the same file as
 * listed is discovered once, a file rewritten under the same name (another length or version) is
 * read afresh, and a file whose version is unknown is never served from the cache. Row counts are
 * the corpus files' own (alltypes_plain: 8 rows, alltypes_dictionary: 2, as parquet-testing
 * documents them).
 */
class TaskSetupTest {
  private static final Path CORPUS = Path.of(System.getProperty("parquet.testing.dir"), "data");
  private static final ReadConfig CONFIG = ReadConfig.parse(Map.of(), 128 << 20);

  @TempDir
  Path dir;

  private static FileSlice slice(Path f, String version) throws Exception {
    return FileSlice.whole(f.toString(), Files.size(f), version, new LinkedHashMap<>());
  }

  @Test
  void aRewrittenFileIsReadAgainAndAnUnversionedOneEveryTime() throws Exception {
    Path f = dir.resolve("t.parquet");
    Files.copy(CORPUS.resolve("alltypes_plain.parquet"), f);
    Dataset first = TaskSetup.dataset(slice(f, "v1"), CONFIG);
    assertEquals(8, first.files().get(0).rowCount());
    assertSame(first, TaskSetup.dataset(slice(f, "v1"), CONFIG), "the same listing: discovered once");

    Files.copy(CORPUS.resolve("alltypes_dictionary.parquet"), f, StandardCopyOption.REPLACE_EXISTING);
    Dataset rewritten = TaskSetup.dataset(slice(f, "v2"), CONFIG);
    assertEquals(2, rewritten.files().get(0).rowCount());

    Dataset a = TaskSetup.dataset(slice(f, null), CONFIG);
    assertNotSame(a, TaskSetup.dataset(slice(f, null), CONFIG));
  }

  @Test
  void filtersAreParsedOnceAndABadOneStillFails() {
    assertSame(TaskSetup.filter("a = 1 and b > 'x'"), TaskSetup.filter("a = 1 and b > 'x'"));
    assertThrows(ExpressionParseException.class, () -> TaskSetup.filter("a = = 1"));
    assertThrows(ExpressionParseException.class, () -> TaskSetup.filter("a = = 1"));
  }
}
