package org.parquetarrow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.crypto.FileDecryptionProperties;
import picocli.CommandLine.Option;

/**
 * The keys of an encrypted file, for commands that read one. Keys are ASCII text, {@code hex:…}
 * or {@code base64:…}; or, instead of keys, {@code --crypto-properties} names parquet-java
 * key-tools properties whose KMS unwraps the keys each file stores.
 */
final class DecryptionOptions {
  @Option(names = "--footer-key", paramLabel = "KEY",
      description = "Key of the footer (encrypted or signed), also used for columns encrypted with it.")
  String footerKey;

  @Option(names = "--column-key", paramLabel = "PATH:KEY",
      description = "Key of one column, by dotted path (repeatable).")
  List<String> columnKeys = new ArrayList<>();

  @Option(names = "--aad-prefix", paramLabel = "PREFIX",
      description = "AAD prefix the writer did not store in the file.")
  String aadPrefix;

  @Option(names = CryptoPropertiesFile.OPTION, paramLabel = "FILE",
      description = "Key-tools properties (parquet-java's names: parquet.encryption.kms.client.class, its settings"
          + " such as parquet.encryption.key.list): keys unwrapped through the KMS, external key material read"
          + " beside each file.")
  Path cryptoProperties;

  /** The decryption properties, or {@code null} when no key was given. */
  FileDecryptionProperties properties() {
    if (cryptoProperties != null) {
      if (footerKey != null || !columnKeys.isEmpty() || aadPrefix != null) {
        throw new UserInputException(CryptoPropertiesFile.OPTION + " replaces --footer-key, --column-key and --aad-prefix");
      }
      return CryptoPropertiesFile.load(cryptoProperties).decryptionProperties();
    }
    if (footerKey == null && columnKeys.isEmpty() && aadPrefix == null) {
      return null;
    }
    FileDecryptionProperties.Builder b = FileDecryptionProperties.builder();
    if (footerKey != null) {
      b.footerKey(KeyText.parse(footerKey, "--footer-key"));
    }
    for (String ck : columnKeys) {
      int colon = ck.indexOf(':');
      if (colon <= 0) {
        throw new UserInputException("--column-key wants PATH:KEY, got '" + ck + "'");
      }
      b.columnKey(ck.substring(0, colon), KeyText.parse(ck.substring(colon + 1), "--column-key " + ck.substring(0, colon)));
    }
    if (aadPrefix != null) {
      b.aadPrefix(KeyText.parse(aadPrefix, "--aad-prefix"));
    }
    try {
      return b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new UserInputException("bad decryption keys: " + e.getMessage(), e);
    }
  }
}
