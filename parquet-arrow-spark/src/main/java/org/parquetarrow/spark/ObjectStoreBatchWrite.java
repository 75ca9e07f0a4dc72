package org.parquetarrow.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.ArrowUtils;
import org.parquetarrow.s3.PendingUpload;
import org.parquetarrow.s3.S3FileSystem;
import org.parquetarrow.s3.S3Location;
import org.parquetarrow.s3.S3ObjectInfo;
import org.parquetarrow.s3.S3OutputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The driver's side of Spark's commit protocol for a write to S3, without renames (S3 has none),
 * as Hadoop S3A's "magic" committer does it. Each task attempt writes each file as a multipart
 * upload to its final key that it does not complete (see {@link S3OutputFile#pending}); its commit
 * message carries the uploads. The job commit aborts the uploads of this job that no committed
 * message names (a failed, speculative or retried attempt's, found by listing the prefix's uploads
 * for the job id every file name carries), then for an overwrite deletes the objects it replaces,
 * completes the committed uploads (in parallel, at most {@link #PARALLEL_REQUESTS} at a time) and
 * writes {@code _SUCCESS}. A job abort aborts every upload of the job, committed or stray: nothing
 * was visible, and nothing is left.
 *
 * <p>What a reader sees: nothing of the job until its commit; during the commit, for an overwrite,
 * first fewer old objects, then none and some of the new ones, then all the new ones; for an
 * append, the old objects and a growing part of the new ones. {@code _SUCCESS} is written last.
 */
final class ObjectStoreBatchWrite implements BatchWrite {
  private static final Logger LOG = LoggerFactory.getLogger(ObjectStoreBatchWrite.class);
  /** Completions and deletions in flight at once: enough to hide the round trips, few enough not to be throttled. */
  static final int PARALLEL_REQUESTS = 8;

  private final WriteJob job;
  private final boolean truncate;

  ObjectStoreBatchWrite(WriteJob job, boolean truncate) {
    this.job = job;
    this.truncate = truncate;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new ParquetArrowDataWriterFactory(job);
  }

  @Override
  public boolean useCommitCoordinator() {
    return true;
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    ObjectStoreTarget target = job.objectStore();
    S3FileSystem s3 = target.fileSystem();
    try {
      List<PendingUpload> committed = new ArrayList<>();
      long rows = 0;
      for (WriterCommitMessage m : messages) {
        WrittenFiles w = (WrittenFiles) m;
        committed.addAll(w.uploads());
        rows += w.rows();
      }
      Set<String> keep = new HashSet<>();
      for (PendingUpload u : committed) {
        keep.add(u.upload().uploadId());
      }
      abortStrays(s3, keep);
      if (truncate) {
        deleteReplaced(s3, committed);
      }
      parallel(committed, u -> u.complete(s3));
      if (committed.isEmpty() && job.partitions().isEmpty()) {
        writeSchemaOnlyFile(s3);
      }
      S3Location success = target.file(StagingLayout.SUCCESS);
      s3.client().putObject(b -> b.bucket(success.bucket()).key(success.key()).contentLength(0L),
          RequestBody.empty());
      LOG.debug("write {} committed: {} files, {} rows in {}", job.layout().jobId(), committed.size(), rows,
          target.location());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot commit the write to " + target.location(), e);
    } catch (SdkException e) {
      throw new UncheckedIOException("cannot commit the write to " + target.location(), new IOException(e));
    }
  }

  /**
   * Aborts the uploads under the destination that carry this job's id and are not among {@code
   * keep}: those of attempts that failed, lost the commit race or ran on an executor that died.
   */
  private void abortStrays(S3FileSystem s3, Set<String> keep) throws IOException {
    List<PendingUpload.MultipartUpload> strays = new ArrayList<>();
    for (PendingUpload.MultipartUpload u : s3.listUploads(job.objectStore().prefix())) {
      if (isOfThisJob(u.key()) && !keep.contains(u.uploadId())) {
        strays.add(u);
      }
    }
    if (!strays.isEmpty()) {
      LOG.info("write {}: aborting {} uploads of attempts that did not commit", job.layout().jobId(), strays.size());
    }
    parallel(strays, u -> u.abort(s3));
  }

  /** The file names of {@link StagingLayout#fileName} carry the job id between dashes. */
  private boolean isOfThisJob(String key) {
    String name = key.substring(key.lastIndexOf('/') + 1);
    return name.contains("-" + job.layout().jobId() + "-");
  }

  /**
   * Deletes what an overwrite replaces: every object under the destination, or with dynamic
   * partition overwrite those under the partition directories that receive files.
   */
  private void deleteReplaced(S3FileSystem s3, List<PendingUpload> committed) throws IOException {
    S3Location prefix = job.objectStore().prefix();
    List<S3Location> prefixes = new ArrayList<>();
    if (job.partitions().isEmpty() || job.config().partitionOverwrite() == WriteConfig.PartitionOverwrite.STATIC) {
      prefixes.add(prefix);
    } else {
      Set<String> dirs = new TreeSet<>();
      for (PendingUpload u : committed) {
        String key = u.location().key();
        dirs.add(key.substring(0, key.lastIndexOf('/') + 1));
      }
      for (String d : dirs) {
        prefixes.add(prefix.withKey(d));
      }
    }
    List<String> keys = new ArrayList<>();
    for (S3Location p : prefixes) {
      for (S3ObjectInfo o : s3.list(p)) {
        keys.add(o.location().key());
      }
    }
    List<List<String>> batches = new ArrayList<>();
    for (int i = 0; i < keys.size(); i += 1000) {
      batches.add(keys.subList(i, Math.min(keys.size(), i + 1000)));
    }
    parallel(batches, batch -> deleteBatch(s3, prefix.bucket(), batch));
  }

  /**
   * One DeleteObjects request for up to 1000 keys; a server that does not implement it (S3Proxy
   * refuses the checksum header the SDK must send with it) gets one DeleteObject per key.
   */
  private static void deleteBatch(S3FileSystem s3, String bucket, List<String> keys) throws IOException {
    DeleteObjectsResponse r;
    try {
      r = s3.client().deleteObjects(b -> b.bucket(bucket).delete(Delete.builder()
          .objects(keys.stream().map(k -> ObjectIdentifier.builder().key(k).build()).toList()).quiet(true).build()));
    } catch (S3Exception e) {
      if (e.statusCode() != 501) {
        throw new IOException("cannot delete the objects the overwrite replaces under s3://" + bucket + "/"
            + keys.get(0) + "...: " + e.getMessage(), e);
      }
      for (String k : keys) {
        try {
          s3.client().deleteObject(b -> b.bucket(bucket).key(k));
        } catch (SdkException x) {
          throw new IOException("cannot delete s3://" + bucket + "/" + k + ", which the overwrite replaces: "
              + x.getMessage(), x);
        }
      }
      return;
    } catch (SdkException e) {
      throw new IOException("cannot delete the objects the overwrite replaces under s3://" + bucket + "/"
          + keys.get(0) + "...: " + e.getMessage(), e);
    }
    if (r.hasErrors() && !r.errors().isEmpty()) {
      throw new IOException("cannot delete " + r.errors().size() + " objects the overwrite replaces, the first s3://"
          + bucket + "/" + r.errors().get(0).key() + ": " + r.errors().get(0).code() + " " + r.errors().get(0).message());
    }
  }

  /** An empty result still leaves one file, holding the schema and no rows, as Spark's own writer does. */
  private void writeSchemaOnlyFile(S3FileSystem s3) {
    S3Location file = job.objectStore().file(job.layout().fileName(0, 0, job.config().codec().fileInfix));
    Schema schema = ArrowUtils.toArrowSchema(job.fileSchema(), "UTC", true, false);
    ParquetFileWriter.open(S3OutputFile.of(s3, file), schema, job.config().properties(job.fileSchema().json())).close();
  }

  /**
   * Aborts every upload of the job: the committed messages' (Spark calls this when the commit
   * fails too: the uploads completed by then stay, the others are discarded) and any other under
   * the destination with the job's id.
   */
  @Override
  public void abort(WriterCommitMessage[] messages) {
    ObjectStoreTarget target = job.objectStore();
    S3FileSystem s3 = target.fileSystem();
    try {
      List<PendingUpload> known = new ArrayList<>();
      for (WriterCommitMessage m : messages) {
        if (m instanceof WrittenFiles w) {
          known.addAll(w.uploads());
        }
      }
      parallel(known, u -> u.abort(s3));
      abortStrays(s3, Set.of());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot abort the uploads of the failed write to " + target.location()
          + " (nothing of it is visible; a bucket lifecycle rule for incomplete multipart uploads reclaims them)", e);
    }
  }

  private interface Action<T> {
    void run(T item) throws IOException;
  }

  /** Runs {@code action} on every item, {@link #PARALLEL_REQUESTS} at a time; the first failure is thrown. */
  private static <T> void parallel(List<T> items, Action<T> action) throws IOException {
    if (items.isEmpty()) {
      return;
    }
    if (items.size() == 1) {
      action.run(items.get(0));
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(PARALLEL_REQUESTS, items.size()), r -> {
      Thread t = new Thread(r, "parquet-arrow-s3-commit");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (T item : items) {
        futures.add(pool.submit(() -> {
          action.run(item);
          return null;
        }));
      }
      IOException first = null;
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          IOException x = e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
          if (first == null) {
            first = x;
          } else {
            first.addSuppressed(x);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
      if (first != null) {
        throw first;
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
