package org.parquetarrow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.crypto.ParquetCipher;
import picocli.CommandLine.Option;

/**
 * The encryption options of a command that writes: {@code --footer-key} alone encrypts every
 * column with it; with {@code --column-key}s only those columns are encrypted, each with its own
 * key. Keys are ASCII text, {@code hex:…} or {@code base64:…} (16, 24 or 32 bytes). Instead,
 * {@code --crypto-properties} has parquet-java's key tools generate the keys and wrap them with
 * master keys in a KMS.
 */
final class EncryptionMixin {
  /** The algorithms, as the option spells them. */
  enum Algorithm {
    gcm(ParquetCipher.AES_GCM_V1),
    ctr(ParquetCipher.AES_GCM_CTR_V1);

    final ParquetCipher cipher;

    Algorithm(ParquetCipher cipher) {
      this.cipher = cipher;
    }
  }

  @Option(names = "--footer-key", paramLabel = "KEY",
      description = "Encrypt (or, with --plaintext-footer, sign) the footer with KEY; alone, it encrypts every column.")
  String footerKey;

  @Option(names = "--column-key", paramLabel = "PATH:KEY",
      description = "Encrypt the column of this dotted path with its own KEY (repeatable); the others stay plaintext.")
  List<String> columnKeys = new ArrayList<>();

  @Option(names = "--aad-prefix", paramLabel = "PREFIX", description = "AAD prefix naming the file, stored in it.")
  String aadPrefix;

  @Option(names = "--encryption-algorithm", paramLabel = "gcm|ctr", defaultValue = "gcm",
      description = "AES_GCM_V1 (gcm, default) or AES_GCM_CTR_V1 (ctr: pages in AES-CTR).")
  Algorithm algorithm;

  @Option(names = "--plaintext-footer",
      description = "Leave the footer readable (signed with the footer key), so the plaintext columns read without keys.")
  boolean plaintextFooter;

  @Option(names = CryptoPropertiesFile.OPTION, paramLabel = "FILE",
      description = "Key-tools properties (parquet-java's names: parquet.encryption.footer.key, .column.keys,"
          + " .algorithm, .plaintext.footer, .double.wrapping, .key.material.store.internally, the KMS client):"
          + " fresh data keys wrapped by master keys in the KMS.")
  Path cryptoProperties;

  /**
   * The encryption asked for the file written at {@code out}, or {@code null} for a plaintext
   * file. With {@code --crypto-properties} and external key material, the key-material file is
   * written beside {@code out} now.
   */
  FileEncryptionProperties properties(Path out) {
    if (cryptoProperties != null) {
      if (footerKey != null || !columnKeys.isEmpty() || aadPrefix != null || plaintextFooter) {
        throw new UserInputException(CryptoPropertiesFile.OPTION + " replaces --footer-key, --column-key, --aad-prefix"
            + " and --plaintext-footer (set parquet.encryption.* in the file)");
      }
      var factory = CryptoPropertiesFile.load(cryptoProperties);
      if (!factory.encryptsFiles()) {
        throw new UserInputException(CryptoPropertiesFile.OPTION + " " + cryptoProperties + " names no master key to"
            + " encrypt with (parquet.encryption.footer.key with .column.keys, or .uniform.key)");
      }
      return factory.encryptionProperties(out.toAbsolutePath());
    }
    if (footerKey == null) {
      if (!columnKeys.isEmpty() || aadPrefix != null || plaintextFooter) {
        throw new UserInputException("encryption needs --footer-key (--column-key, --aad-prefix and"
            + " --plaintext-footer only say how to encrypt)");
      }
      return null;
    }
    try {
      FileEncryptionProperties.Builder b = FileEncryptionProperties.builder(KeyText.parse(footerKey, "--footer-key"))
          .algorithm(algorithm.cipher)
          .plaintextFooter(plaintextFooter);
      for (String ck : columnKeys) {
        int colon = ck.indexOf(':');
        if (colon <= 0) {
          throw new UserInputException("--column-key wants PATH:KEY, got '" + ck + "'");
        }
        String path = ck.substring(0, colon);
        b.columnKey(path, KeyText.parse(ck.substring(colon + 1), "--column-key " + path), null);
      }
      if (aadPrefix != null) {
        b.aadPrefix(KeyText.parse(aadPrefix, "--aad-prefix"));
      }
      return b.build();
    } catch (ParquetCryptoException | IllegalArgumentException | IllegalStateException e) {
      throw new UserInputException("bad encryption keys: " + e.getMessage(), e);
    }
  }
}
