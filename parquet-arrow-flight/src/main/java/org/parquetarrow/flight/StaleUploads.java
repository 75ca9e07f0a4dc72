package org.parquetarrow.flight;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import org.parquetarrow.io.LocalOutputFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes, when a server starts, the staging files (and partitioned uploads' staging directories)
 * a previous server left in a served directory when it was killed mid-upload: only names of {@link UploadWriter}'s own pattern, at the top of the
 * directory (where uploads land), and only when no writer is at them (see {@link
 * LocalOutputFile#deleteIfStale}; a written staging file not published for {@link #STALE_AFTER}).
 */
final class StaleUploads {
  private static final Logger LOG = LoggerFactory.getLogger(StaleUploads.class);

  /** {@code .upload-<uuid>.parquet}: a staged upload, written and not (yet) published. */
  private static final Pattern STAGED = Pattern.compile(Pattern.quote(UploadWriter.STAGING_PREFIX)
      + "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.parquet");

  /** {@code .upload-<uuid>.d}: the staging directory of a partitioned upload. */
  private static final Pattern STAGED_DIR = Pattern.compile(Pattern.quote(UploadWriter.STAGING_PREFIX)
      + "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" + Pattern.quote(UploadWriter.STAGING_DIR_SUFFIX));

  /** Time a staged upload takes to be checked and published, with a wide margin. */
  static final Duration STALE_AFTER = Duration.ofMinutes(10);

  private StaleUploads() {}

  /** Removes the stale staging files at the top of {@code dir}; returns how many. */
  static int remove(Path dir) {
    int removed = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, StaleUploads::ours)) {
      for (Path p : entries) {
        String name = p.getFileName().toString();
        boolean gone = STAGED_DIR.matcher(name).matches() ? deleteTreeIfOld(p)
            : STAGED.matcher(name).matches() ? deleteIfOld(p) : LocalOutputFile.deleteIfStale(p);
        if (gone) {
          removed++;
        }
      }
    } catch (IOException | java.nio.file.DirectoryIteratorException e) {
      LOG.warn("cannot look for stale uploads in dataset directory {}: {}", dir.getFileName(), e.toString());
    }
    if (removed > 0) {
      LOG.info("removed {} staging file(s) of unfinished uploads from {}", removed, dir);
    }
    return removed;
  }

  /** A staged upload, or a writer's temporary of one. */
  private static boolean ours(Path p) {
    String name = p.getFileName().toString();
    String destination = LocalOutputFile.temporaryDestination(name);
    return STAGED.matcher(name).matches() || STAGED_DIR.matcher(name).matches()
        || (destination != null && STAGED.matcher(destination).matches());
  }

  /** A partitioned upload's staging directory, with what is in it, when nothing in it changed for a while. */
  private static boolean deleteTreeIfOld(Path dir) {
    Instant cutoff = Instant.now().minus(STALE_AFTER);
    try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
      List<Path> entries = all.sorted(java.util.Comparator.reverseOrder()).toList();
      for (Path p : entries) {
        if (Files.getLastModifiedTime(p).toInstant().isAfter(cutoff)) {
          return false;
        }
      }
      for (Path p : entries) {
        Files.deleteIfExists(p);
      }
      return true;
    } catch (IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  private static boolean deleteIfOld(Path staged) {
    try {
      if (Files.getLastModifiedTime(staged).toInstant().isAfter(Instant.now().minus(STALE_AFTER))) {
        return false;
      }
      return Files.deleteIfExists(staged);
    } catch (IOException e) {
      return false;
    }
  }
}
