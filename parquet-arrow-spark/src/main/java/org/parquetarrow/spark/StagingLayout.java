package org.parquetarrow.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where one write job stages its files, and how they are published: each task attempt writes under
 * {@code <destination>/_temporary/<jobId>/<attempt>/}, which readers skip (Spark's and ours leave
 * names starting with {@code _} out), and only the job commit moves the committed attempts' files
 * to {@code <destination>/<partition dirs>/<file>}, one atomic rename each, as Spark's
 * {@code FileOutputCommitter} (algorithm version 1) does. Hadoop's committer is not used: it would
 * bring Hadoop's file system layer into a module that reads and writes through our own I/O.
 */
record StagingLayout(String destination, String jobId) implements Serializable {
  /** The staging root Spark's file committers use too, so tools that know it skip it. */
  static final String TEMPORARY = "_temporary";
  /** The marker of a committed job, as Hadoop's committer writes it. */
  static final String SUCCESS = "_SUCCESS";

  Path destinationDir() {
    return Path.of(destination);
  }

  Path temporaryDir() {
    return destinationDir().resolve(TEMPORARY);
  }

  Path jobDir() {
    return temporaryDir().resolve(jobId);
  }

  /** The private directory of one attempt of one task: attempts never share files. */
  Path attemptDir(int partitionId, long taskId) {
    return jobDir().resolve(String.format("attempt-%05d-%d", partitionId, taskId));
  }

  /** Spark's file name: {@code part-<partition>-<job>-c<counter><codec>.parquet}. */
  String fileName(int partitionId, int counter, String codecInfix) {
    return String.format("part-%05d-%s-c%03d%s.parquet", partitionId, jobId, counter, codecInfix);
  }

  /** Moves one committed file from its attempt directory to its place under the destination. */
  void publish(Path attemptDir, String relativePath) throws IOException {
    Path target = destinationDir().resolve(relativePath);
    Files.createDirectories(target.getParent());
    try {
      Files.move(attemptDir.resolve(relativePath), target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot publish " + target + ": the file system cannot rename atomically", e);
    }
  }

  /**
   * Writes the {@code _SUCCESS} marker (empty, replacing an older one), creating the destination
   * if no task wrote anything.
   */
  void markSuccess() throws IOException {
    Files.createDirectories(destinationDir());
    Files.write(destinationDir().resolve(SUCCESS), new byte[0]);
  }

  /** Deletes this job's staging directory, and {@code _temporary} itself once no other job uses it. */
  void deleteStaging() throws IOException {
    deleteRecursively(jobDir());
    deleteIfEmpty(temporaryDir());
  }

  /**
   * Deletes what the destination held before an overwrite: everything but the staging area, where
   * the new files still wait.
   */
  void deleteExistingData() throws IOException {
    if (!Files.isDirectory(destinationDir())) {
      return;
    }
    List<Path> entries;
    try (Stream<Path> s = Files.list(destinationDir())) {
      entries = s.filter(p -> !p.getFileName().toString().equals(TEMPORARY)).toList();
    }
    for (Path p : entries) {
      deleteRecursively(p);
    }
  }

  static void deleteIfEmpty(Path dir) throws IOException {
    try {
      Files.deleteIfExists(dir);
    } catch (DirectoryNotEmptyException e) {
      // another job still stages there
    }
  }

  static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        try {
          Files.deleteIfExists(p);
        } catch (NoSuchFileException e) {
          // gone already
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
