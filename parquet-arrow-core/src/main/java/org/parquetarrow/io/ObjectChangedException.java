package org.parquetarrow.io;

import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetIOException;

/**
 * A remote object (an HTTP resource, an S3 object) changed while it was being read: its ETag,
 * Last-Modified date or length is no longer the one its first response gave. The read stops here
 * rather than mix bytes of two versions; open the object again to read its new version.
 *
 * <pre>{@code
 * try (HttpInputFile in = HttpInputFile.open(uri, RemoteReadOptions.defaults());
 *     ParquetFileReader r = ParquetFileReader.open(in, options)) { ... }
 * catch (ObjectChangedException e) {
 *   log.warn("{} was replaced while reading {}", e.object(), e.range());
 * }
 * }</pre>
 */
public class ObjectChangedException extends ParquetIOException {
  private static final long serialVersionUID = 1L;

  private final String object;
  private final transient FileRange range;

  /**
   * @param object the object's name, without credentials or query parameters
   * @param range the bytes being read when the change showed
   * @param detail how the change showed, e.g. {@code "HTTP 412 Precondition Failed on If-Match: \"abc\""}
   */
  public ObjectChangedException(String object, FileRange range, String detail) {
    super(object + " changed while being read (bytes " + range.offset() + " to " + range.end()
        + "): " + detail + "; open it again to read the new version", (java.io.IOException) null);
    this.object = object;
    this.range = range;
    locate(ErrorLocation.ofFile(object).withOffset(range.offset()));
  }

  /** The object's name, without credentials or query parameters. */
  public String object() {
    return object;
  }

  /** The bytes being read when the change showed. */
  public FileRange range() {
    return range;
  }
}
