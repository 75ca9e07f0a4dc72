package org.parquetarrow.crypto;

import java.nio.ByteBuffer;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.EncryptionAlgorithm;
import org.parquetarrow.format.FileCryptoMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;

/**
 * Opens the footer of an encrypted file. {@code ParquetFooter.read(file, keys)} locates the footer
 * bytes and calls this; readers rarely need it directly.
 *
 * <ul>
 *   <li>Encrypted footer ({@code PARE}): the footer bytes are a {@code FileCryptoMetaData} followed
 *       by the footer module; {@link #decrypt} resolves the footer key, builds the footer AAD
 *       (prefix from the caller or the file) and decrypts and parses the {@code FileMetaData}.
 *   <li>Plaintext footer ({@code PAR1} with {@code encryption_algorithm} set): the footer bytes are
 *       the {@code FileMetaData} and a 28-byte signature (nonce and GCM tag); {@link
 *       #verifyPlaintextFooter} checks the signature with the footer key.
 * </ul>
 *
 * <pre>{@code
 * FooterDecryptor.DecryptedFooter f = FooterDecryptor.decrypt(name, footerBytes, keys, MetadataLimits.DEFAULT);
 * long rows = f.metadata().numRows();
 * }</pre>
 */
public final class FooterDecryptor {
  private FooterDecryptor() {}

  /** A decrypted footer and the decryption state for the rest of the file. */
  public record DecryptedFooter(FileMetaData metadata, FileDecryptor decryptor) {}

  /**
   * Decrypts the footer of a {@code PARE} file; {@code footer} holds, from its position to its
   * limit, the {@code FileCryptoMetaData} and the encrypted footer module.
   *
   * @throws ParquetCryptoException if the footer key or a required AAD prefix is missing, or the
   *     footer does not decrypt (wrong key, wrong AAD prefix, altered bytes)
   */
  public static DecryptedFooter decrypt(String fileName, ByteBuffer footer, FileDecryptionProperties properties,
      MetadataLimits limits) {
    ByteBuffer in = footer.duplicate();
    FileCryptoMetaData crypto = MetadataReader.readFileCryptoMetaData(in, limits);
    EncryptionAlgorithm algorithm = crypto.encryptionAlgorithm();
    byte[] key = properties.resolveFooterKey(crypto.keyMetadata());
    if (key == null) {
      throw new ParquetCryptoException("the footer is encrypted and no footer key was given"
          + (crypto.keyMetadata() == null ? ""
              : " (nor does the key retriever know key metadata " + FileDecryptor.describe(crypto.keyMetadata()) + ")"));
    }
    byte[] fileAad = FileDecryptor.fileAad(algorithm, properties);
    ByteBuffer plain;
    try {
      plain = ModuleCipher.gcm(key).decrypt(in, ModuleAad.footer(fileAad));
    } catch (ParquetCryptoException e) {
      throw new ParquetCryptoException("cannot decrypt the footer: " + e.problem()
          + (e.problem().startsWith("authentication") ? hint(algorithm, properties) : ""), e);
    }
    FileMetaData metadata = MetadataReader.readFileMetaData(plain, limits);
    FileDecryptor decryptor = new FileDecryptor(fileName, ParquetCipher.of(algorithm), fileAad, key, properties, limits);
    return new DecryptedFooter(metadata, decryptor);
  }

  /**
   * Checks the signature of a plaintext footer and returns the file's decryption state.
   * {@code signedFooter} holds, from its position to its limit, the serialized {@code metadata}
   * followed by its 28-byte signature. Without a footer key the signature cannot be checked: that
   * is an error unless the properties turn verification off, in which case only columns with their
   * own keys can be decrypted.
   *
   * @throws ParquetCryptoException if the signature does not verify, or cannot be verified
   */
  public static FileDecryptor verifyPlaintextFooter(String fileName, ByteBuffer signedFooter, FileMetaData metadata,
      FileDecryptionProperties properties, MetadataLimits limits) {
    EncryptionAlgorithm algorithm = metadata.encryptionAlgorithm();
    if (algorithm == null) {
      throw new IllegalArgumentException("the footer names no encryption algorithm: the file is not encrypted");
    }
    byte[] key = properties.resolveFooterKey(metadata.footerSigningKeyMetadata());
    byte[] fileAad = FileDecryptor.fileAad(algorithm, properties);
    if (properties.verifyFooterSignature()) {
      if (key == null) {
        throw new ParquetCryptoException("cannot verify the signature of the plaintext footer: no footer key"
            + " was given (turn verification off with FileDecryptionProperties.Builder"
            + ".verifyFooterSignature(false) to read without it)");
      }
      int length = signedFooter.remaining() - AesGcmModuleCipher.SIGNATURE_BYTES;
      if (length <= 0) {
        throw new ParquetCryptoException("the plaintext footer of " + signedFooter.remaining()
            + " bytes has no room for its " + AesGcmModuleCipher.SIGNATURE_BYTES + "-byte signature");
      }
      ByteBuffer body = signedFooter.duplicate();
      body.limit(body.position() + length);
      byte[] signature = new byte[AesGcmModuleCipher.SIGNATURE_BYTES];
      signedFooter.get(signedFooter.position() + length, signature);
      boolean ok = ((AesGcmModuleCipher) ModuleCipher.gcm(key)).verifySignature(body, signature,
          ModuleAad.footer(fileAad));
      if (!ok) {
        throw new ParquetCryptoException("the signature of the plaintext footer does not verify: the footer"
            + " was altered, or the footer key or AAD prefix is wrong");
      }
    }
    return new FileDecryptor(fileName, ParquetCipher.of(algorithm), fileAad, key, properties, limits);
  }

  private static String hint(EncryptionAlgorithm algorithm, FileDecryptionProperties properties) {
    return properties.aadPrefix() != null && algorithm.aadPrefix() == null
        ? " (is the supplied AAD prefix the right one?)"
        : " (is the footer key the right one?)";
  }
}
