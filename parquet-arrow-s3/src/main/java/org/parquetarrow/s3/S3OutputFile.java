package org.parquetarrow.s3;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.parquetarrow.io.OutputFile;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.AbortMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * A Parquet file written to S3, visible only once complete: S3 publishes an object when its single
 * PUT, or the completion of its multipart upload, succeeds, so a failed or abandoned write leaves
 * no object (and any object already at the key keeps its old bytes). Small files are one PUT;
 * larger ones are uploaded in parts of {@link #DEFAULT_PART_SIZE} as they are written, so memory
 * holds one part, and an output closed without commit aborts its upload (no parts left billed).
 * {@link #pending} stops short of publishing: its commit hands back the uncompleted upload, for a
 * job committer to complete with the job's other files, or abort.
 *
 * <pre>{@code
 * try (S3FileSystem s3 = S3FileSystem.create(options);
 *     ParquetFileWriter w = ParquetFileWriter.open(S3OutputFile.of(s3, S3Location.parse("s3://b/out.parquet")),
 *         schema, WriterProperties.defaults())) {
 *   w.write(root);
 * }   // the object appears here, whole, or not at all
 * }</pre>
 */
public final class S3OutputFile implements OutputFile {
  /** S3's smallest part but the last is 5 MiB; 8 MiB keeps a 10,000-part upload at 78 GiB. */
  public static final int DEFAULT_PART_SIZE = 8 << 20;
  /** S3 refuses parts below 5 MiB, the last one excepted. */
  public static final int MIN_PART_SIZE = 5 << 20;

  private final S3FileSystem fileSystem;
  private final S3Location location;
  private final int partSize;
  /** Takes the upload instead of completing it; {@code null}: the commit completes it. */
  private final Consumer<PendingUpload> onPending;

  private S3OutputFile(S3FileSystem fileSystem, S3Location location, int partSize, Consumer<PendingUpload> onPending) {
    this.fileSystem = fileSystem;
    this.location = location;
    this.partSize = partSize;
    this.onPending = onPending;
  }

  /** The object at {@code location}, written through {@code fileSystem}'s client in 8 MiB parts. */
  public static S3OutputFile of(S3FileSystem fileSystem, S3Location location) {
    return of(fileSystem, location, DEFAULT_PART_SIZE);
  }

  /**
   * As {@link #of(S3FileSystem, S3Location)} with parts of {@code partSize} bytes.
   *
   * @throws IllegalArgumentException if {@code partSize} is below S3's minimum of 5 MiB
   */
  public static S3OutputFile of(S3FileSystem fileSystem, S3Location location, int partSize) {
    return create(fileSystem, location, partSize, null);
  }

  /**
   * The object at {@code location} written as a multipart upload that its commit does not complete:
   * the parts go up as the bytes are written (the last, or only, one at commit), and the commit
   * hands the {@link PendingUpload} to {@code onPending} instead. Nothing is visible at {@code
   * location} until someone calls {@link PendingUpload#complete}; an output closed without commit
   * aborts its upload. Even a small file is an upload (of one part), so a committer can publish
   * every file of a job with the same request. This is how a job commits without renames, as
   * Hadoop S3A's "magic" committer does.
   *
   * <pre>{@code
   * List<PendingUpload> pending = new ArrayList<>();
   * OutputFile out = S3OutputFile.pending(s3, S3Location.parse("s3://b/t/part-0.parquet"), pending::add);
   * try (ParquetFileWriter w = ParquetFileWriter.open(out, schema, props)) {
   *   w.write(root);
   * }
   * for (PendingUpload u : pending) {
   *   u.complete(s3);   // or u.abort(s3)
   * }
   * }</pre>
   */
  public static S3OutputFile pending(S3FileSystem fileSystem, S3Location location, Consumer<PendingUpload> onPending) {
    return pending(fileSystem, location, DEFAULT_PART_SIZE, onPending);
  }

  /** As {@link #pending(S3FileSystem, S3Location, Consumer)} with parts of {@code partSize} bytes. */
  public static S3OutputFile pending(S3FileSystem fileSystem, S3Location location, int partSize,
      Consumer<PendingUpload> onPending) {
    return create(fileSystem, location, partSize, Objects.requireNonNull(onPending, "onPending"));
  }

  private static S3OutputFile create(S3FileSystem fileSystem, S3Location location, int partSize,
      Consumer<PendingUpload> onPending) {
    Objects.requireNonNull(fileSystem, "fileSystem");
    Objects.requireNonNull(location, "location");
    if (partSize < MIN_PART_SIZE) {
      throw new IllegalArgumentException("part size " + partSize + " is below S3's minimum of " + MIN_PART_SIZE);
    }
    if (location.key().isEmpty() || location.key().endsWith("/")) {
      throw new IllegalArgumentException(location + " names no object (its key is empty or ends with /)");
    }
    return new S3OutputFile(fileSystem, location, partSize, onPending);
  }

  @Override
  public String name() {
    return location.toString();
  }

  @Override
  public AtomicOutput create() {
    return new Upload();
  }

  /** One write: a part buffer, and the multipart upload once the bytes outgrow one part. */
  private final class Upload implements AtomicOutput {
    private final S3Client client = fileSystem.client();
    private byte[] part = new byte[Math.min(partSize, 64 << 10)];
    private int filled;
    private long position;
    private String uploadId;
    private final List<CompletedPart> parts = new ArrayList<>();
    private boolean done;

    @Override
    public void write(byte[] src, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, src.length);
      ensureOpen();
      while (len > 0) {
        if (filled == partSize) {
          uploadPart();
        }
        int n = Math.min(len, partSize - filled);
        ensureCapacity(filled + n);
        System.arraycopy(src, off, part, filled, n);
        filled += n;
        off += n;
        len -= n;
        position += n;
      }
    }

    /** The buffer grows to a part as needed: a small file never holds 8 MiB. */
    private void ensureCapacity(int needed) {
      if (needed > part.length) {
        part = java.util.Arrays.copyOf(part, Math.min(partSize, Math.max(needed, part.length * 2)));
      }
    }

    private void uploadPart() throws IOException {
      try {
        if (uploadId == null) {
          // the writer may run in a task that dies before it can abort: the key is the committer's
          // way to find this upload again (see S3FileSystem#listUploads)
          uploadId = client.createMultipartUpload(CreateMultipartUploadRequest.builder()
              .bucket(location.bucket()).key(location.key()).build()).uploadId();
        }
        int number = parts.size() + 1;
        String etag = client.uploadPart(UploadPartRequest.builder()
            .bucket(location.bucket()).key(location.key()).uploadId(uploadId).partNumber(number)
            .contentLength((long) filled).build(), RequestBody.fromBytes(java.util.Arrays.copyOf(part, filled)))
            .eTag();
        parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
        filled = 0;
      } catch (SdkException e) {
        throw failure("cannot upload part " + (parts.size() + 1), e);
      }
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public void commit() throws IOException {
      ensureOpen();
      if (onPending != null) {
        handOver();
        return;
      }
      try {
        if (uploadId == null) {
          client.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(location.key())
              .contentLength((long) filled).build(), RequestBody.fromBytes(java.util.Arrays.copyOf(part, filled)));
        } else {
          if (filled > 0) {
            uploadPart();
          }
          client.completeMultipartUpload(CompleteMultipartUploadRequest.builder()
              .bucket(location.bucket()).key(location.key()).uploadId(uploadId)
              .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build()).build());
        }
        done = true;
      } catch (SdkException e) {
        throw failure("cannot complete the upload", e);
      } finally {
        if (!done) {
          close();
        }
      }
    }

    /** Sends the last part and gives the upload to {@link #onPending}, uncompleted. */
    private void handOver() throws IOException {
      try {
        if (filled > 0 || parts.isEmpty()) {
          uploadPart();
        }
        List<PendingUpload.Part> sent = new ArrayList<>(parts.size());
        for (CompletedPart p : parts) {
          sent.add(new PendingUpload.Part(p.partNumber(), p.eTag()));
        }
        PendingUpload pending = new PendingUpload(new PendingUpload.MultipartUpload(location.bucket(), location.key(),
            uploadId), sent, position);
        onPending.accept(pending);
        done = true;
      } finally {
        if (!done) {
          close();
        }
      }
    }

    /** Aborts the multipart upload, if one was started, unless committed. Idempotent. */
    @Override
    public void close() throws IOException {
      if (done) {
        return;
      }
      done = true;
      part = null;
      if (uploadId != null) {
        try {
          client.abortMultipartUpload(AbortMultipartUploadRequest.builder()
              .bucket(location.bucket()).key(location.key()).uploadId(uploadId).build());
        } catch (SdkException e) {
          // the object was never published; a bucket lifecycle rule reclaims what is left
          throw failure("cannot abort the upload " + uploadId + " (nothing was published)", e);
        }
      }
    }

    private void ensureOpen() throws IOException {
      if (done) {
        throw new IOException("output to " + location + " is closed");
      }
    }

    private IOException failure(String what, SdkException e) {
      return new IOException(what + " of " + location + ": " + S3InputFile.describe(e, fileSystem.options()), e);
    }
  }
}
