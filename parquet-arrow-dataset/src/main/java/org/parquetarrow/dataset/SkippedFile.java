package org.parquetarrow.dataset;

import java.nio.file.Path;

/**
 * A file discovery skipped because it could not be read, when asked to skip rather than fail.
 *
 * @param path the file
 * @param error why
 */
public record SkippedFile(Path path, Exception error) {}
