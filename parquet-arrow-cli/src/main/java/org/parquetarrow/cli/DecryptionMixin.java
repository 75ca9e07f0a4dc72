package org.parquetarrow.cli;

import org.parquetarrow.crypto.FileDecryptionProperties;
import picocli.CommandLine.ArgGroup;

/** Adds the key options of {@link DecryptionOptions} to a command, under their own heading. */
final class DecryptionMixin {
  @ArgGroup(exclusive = false, heading = "Decryption keys (ASCII, hex:… or base64:…):%n")
  DecryptionOptions options;

  /** The keys given, or {@code null} for none. */
  FileDecryptionProperties properties() {
    return options == null ? null : options.properties();
  }
}
