package org.parquetarrow.variant;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;

/**
 * Variant bytes that break the encoding rules of {@code VariantEncoding.md}, or a shredded variant
 * that breaks those of {@code VariantShredding.md}: a length or offset beyond the bytes, an unknown
 * type, conflicting {@code value} and {@code typed_value}. A {@link CorruptFileException}, so a
 * reader reports it like any other damaged data.
 */
public class VariantFormatException extends CorruptFileException {
  private static final long serialVersionUID = 1L;

  public VariantFormatException(String problem) {
    super(problem);
  }

  public VariantFormatException(String problem, ErrorLocation location, Throwable cause) {
    super(problem, location, cause);
  }
}
