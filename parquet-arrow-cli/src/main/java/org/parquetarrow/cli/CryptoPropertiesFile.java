package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.parquetarrow.crypto.keytools.PropertiesDrivenCryptoFactory;

/**
 * The {@code --crypto-properties FILE} of reading and writing commands: parquet-java's key-tools
 * properties in a Java properties file, loaded into a {@link PropertiesDrivenCryptoFactory}.
 */
final class CryptoPropertiesFile {
  static final String OPTION = "--crypto-properties";

  private CryptoPropertiesFile() {}

  /** The factory the file configures; unreadable files and bad properties are the user's to fix. */
  static PropertiesDrivenCryptoFactory load(Path file) {
    try {
      return PropertiesDrivenCryptoFactory.load(file);
    } catch (IOException e) {
      throw new UserInputException("cannot read " + OPTION + " " + file + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new UserInputException(OPTION + " " + file + ": " + e.getMessage(), e);
    }
  }
}
