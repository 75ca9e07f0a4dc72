package org.parquetarrow.cli;

import org.parquetarrow.write.WriterProperties;
import picocli.CommandLine.IVersionProvider;

/** The version line of {@code parquet-arrow --version}: the writer's created_by string. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {WriterProperties.DEFAULT_CREATED_BY};
  }
}
