package org.parquetarrow.s3;

import java.time.Instant;

/**
 * One object found by {@link S3FileSystem#list}: where it is, its size and version.
 *
 * @param location the object's bucket and key
 * @param size its length in bytes
 * @param etag its ETag as the store gives it (quoted), or {@code null}
 * @param lastModified when it was last written, or {@code null}
 */
public record S3ObjectInfo(S3Location location, long size, String etag, Instant lastModified) {}
