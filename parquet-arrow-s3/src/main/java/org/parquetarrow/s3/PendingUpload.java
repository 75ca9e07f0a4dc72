package org.parquetarrow.s3;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.AbortMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchUploadException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * A multipart upload whose parts are all sent but which is not completed: S3 shows no object at
 * its key until {@link #complete} is called, and {@link #abort} discards it. It holds everything
 * needed to finish it later, in another process: so a writer can hand its files to a committer
 * (a Spark task's commit message to the driver) which publishes them all at once, or none. See
 * {@link S3OutputFile#pending}.
 *
 * <pre>{@code
 * List<PendingUpload> done = new ArrayList<>();
 * try (ParquetFileWriter w = ParquetFileWriter.open(
 *     S3OutputFile.pending(s3, S3Location.parse("s3://b/out/part-0.parquet"), done::add), schema, props)) {
 *   w.write(root);
 * }                                   // nothing visible yet; done holds the upload
 * for (PendingUpload u : done) {
 *   u.complete(s3);                     // now the object appears, whole
 * }
 * }</pre>
 *
 * @param upload the upload's key and id
 * @param parts the uploaded parts, numbered from 1, in order
 * @param size the object's size once completed, in bytes
 */
public record PendingUpload(MultipartUpload upload, List<Part> parts, long size) implements Serializable {

  /** One uploaded part: its number and the ETag S3 answered, which the completion must name. */
  public record Part(int number, String eTag) implements Serializable {
    public Part {
      Objects.requireNonNull(eTag, "eTag");
      if (number < 1 || number > 10_000) {
        throw new IllegalArgumentException("part number " + number + " is outside S3's 1 to 10000");
      }
    }
  }

  /**
   * A multipart upload as S3 names it, whether listed ({@link S3FileSystem#listUploads}) or
   * started by a writer.
   *
   * @param bucket the bucket
   * @param key the key of the object the upload would create
   * @param uploadId S3's id of the upload
   */
  public record MultipartUpload(String bucket, String key, String uploadId) implements Serializable {
    public MultipartUpload {
      Objects.requireNonNull(bucket, "bucket");
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(uploadId, "uploadId");
    }

    /** Where the object would appear. */
    public S3Location location() {
      return new S3Location(bucket, key);
    }

    /**
     * Discards the upload and its parts. An upload S3 no longer knows (aborted already, or
     * completed: its object then stays) is not an error, so aborting twice is harmless.
     *
     * @throws IOException if S3 refuses or cannot be reached
     */
    public void abort(S3FileSystem fileSystem) throws IOException {
      try {
        fileSystem.client().abortMultipartUpload(AbortMultipartUploadRequest.builder()
            .bucket(bucket).key(key).uploadId(uploadId).build());
      } catch (NoSuchUploadException e) {
        // gone already: aborted, or completed
      } catch (S3Exception e) {
        if (e.statusCode() != 404) {
          throw failure("cannot abort the upload " + uploadId, e, fileSystem);
        }
      } catch (SdkException e) {
        throw failure("cannot abort the upload " + uploadId, e, fileSystem);
      }
    }

    IOException failure(String what, SdkException e, S3FileSystem fileSystem) {
      return new IOException(what + " of " + location() + ": " + S3InputFile.describe(e, fileSystem.options()), e);
    }
  }

  public PendingUpload {
    Objects.requireNonNull(upload, "upload");
    parts = List.copyOf(parts);
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("an upload to complete needs at least one part: " + upload.location());
    }
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i).number() != i + 1) {
        throw new IllegalArgumentException("parts must be numbered 1, 2, ... in order; part " + (i + 1) + " is "
            + parts.get(i).number());
      }
    }
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size);
    }
  }

  /** Where the object appears once completed. */
  public S3Location location() {
    return upload.location();
  }

  /**
   * Completes the upload: the object appears at {@link #location()}, whole, replacing any object
   * there. Completing it again after success fails (S3 no longer knows the upload).
   *
   * @throws IOException if S3 refuses (the upload was aborted, a part is missing) or cannot be reached
   */
  public void complete(S3FileSystem fileSystem) throws IOException {
    try {
      fileSystem.client().completeMultipartUpload(CompleteMultipartUploadRequest.builder()
          .bucket(upload.bucket()).key(upload.key()).uploadId(upload.uploadId())
          .multipartUpload(CompletedMultipartUpload.builder().parts(parts.stream()
              .map(p -> CompletedPart.builder().partNumber(p.number()).eTag(p.eTag()).build()).toList()).build())
          .build());
    } catch (SdkException e) {
      throw upload.failure("cannot complete the upload " + upload.uploadId(), e, fileSystem);
    }
  }

  /** Discards the upload (see {@link MultipartUpload#abort}). */
  public void abort(S3FileSystem fileSystem) throws IOException {
    upload.abort(fileSystem);
  }
}
