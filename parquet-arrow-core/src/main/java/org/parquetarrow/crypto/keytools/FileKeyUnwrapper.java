package org.parquetarrow.crypto.keytools;

import java.net.URI;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.KeyRetriever;

/**
 * Turns the {@code key_metadata} of one file's footer and columns back into data keys: reads the
 * key material (from the metadata, or from the key-material file beside the data file, loaded
 * once), then unwraps the data key in the KMS, or, double wrapped, unwraps the key-encryption key
 * in the KMS (cached by its id across files) and the data key locally with it.
 */
final class FileKeyUnwrapper implements KeyRetriever {
  private static final Pattern URI_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://.*");

  private final PropertiesDrivenCryptoFactory factory;
  private final String fileName;
  private Map<String, String> externalMaterial;
  private String footerKmsInstanceId;
  private String footerKmsInstanceUrl;

  /** @param fileName the data file, or {@code null} before {@link #forFile} binds one */
  FileKeyUnwrapper(PropertiesDrivenCryptoFactory factory, String fileName) {
    this.factory = factory;
    this.fileName = fileName;
  }

  @Override
  public KeyRetriever forFile(String name) {
    return new FileKeyUnwrapper(factory, name);
  }

  @Override
  public byte[] key(byte[] keyMetadata) {
    if (keyMetadata.length == 0) {
      throw new ParquetCryptoException("a key has no key metadata, so the key tools cannot find it"
          + " (was the file written with explicit keys?)");
    }
    KeyMaterial.Metadata metadata = KeyMaterial.parseMetadata(keyMetadata);
    if (metadata.storedInternally()) {
      return unwrap(metadata.internal(), "key metadata");
    }
    String reference = metadata.keyReference();
    String json = external().get(reference);
    if (json == null) {
      throw new ParquetCryptoException("the key material file " + KeyMaterialFile.pathFor(localPath())
          + " has no key '" + reference + "'");
    }
    String where = "key material '" + reference + "' of " + KeyMaterialFile.pathFor(localPath());
    return unwrap(KeyMaterial.parse(json, where), where);
  }

  /** The data key of {@code material}; {@code where} names it in errors. */
  byte[] unwrap(KeyMaterial material, String where) {
    if (material.footerKey()) {
      rememberKmsInstance(material);
    }
    KmsClient kms = factory.kmsClient(instanceId(), instanceUrl());
    String master = material.masterKeyId();
    try {
      if (!material.doubleWrapping()) {
        return kmsUnwrap(kms, material.wrappedDek(), master, "data key");
      }
      byte[] kekId;
      try {
        kekId = Base64.getDecoder().decode(material.kekId());
      } catch (IllegalArgumentException e) {
        throw new ParquetCryptoException("its keyEncryptionKeyID is not base64", e);
      }
      byte[] kek = factory.readKekCache().get(material.kekId(), id -> kmsUnwrap(kms, material.wrappedKek(), master, "key-encryption key"));
      return LocalKeyWrap.unwrap(material.wrappedDek(), kek, kekId);
    } catch (ParquetCryptoException e) {
      throw new ParquetCryptoException("cannot unwrap the " + (material.footerKey() ? "footer" : "column")
          + " key of " + (fileName == null ? "a file" : fileName) + " (" + where + ", master key '" + master + "'): "
          + e.getMessage(), e);
    }
  }

  private static byte[] kmsUnwrap(KmsClient kms, String wrapped, String masterKeyId, String what) {
    byte[] key;
    try {
      key = kms.unwrapKey(wrapped, masterKeyId);
    } catch (ParquetCryptoException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ParquetCryptoException("the KMS failed to unwrap the " + what + ": " + e.getClass().getSimpleName()
          + ": " + e.getMessage(), e);
    }
    if (key == null) {
      throw new ParquetCryptoException("the KMS returned no " + what);
    }
    return key;
  }

  private synchronized void rememberKmsInstance(KeyMaterial footer) {
    footerKmsInstanceId = footer.kmsInstanceId();
    footerKmsInstanceUrl = footer.kmsInstanceUrl();
  }

  private synchronized String instanceId() {
    return firstOf(factory.configuredKmsInstanceId(), footerKmsInstanceId);
  }

  private synchronized String instanceUrl() {
    return firstOf(factory.configuredKmsInstanceUrl(), footerKmsInstanceUrl);
  }

  private static String firstOf(String configured, String fromFile) {
    return configured != null ? configured : fromFile != null ? fromFile : KmsConnection.DEFAULT;
  }

  private synchronized Map<String, String> external() {
    if (externalMaterial == null) {
      externalMaterial = KeyMaterialFile.read(localPath());
    }
    return externalMaterial;
  }

  private Path localPath() {
    if (fileName == null) {
      throw new ParquetCryptoException("the key material is stored beside the data file, but the key"
          + " retriever was not told which file it reads (use FileDecryptionProperties.forFile)");
    }
    if (fileName.startsWith("file:")) {
      return Path.of(URI.create(fileName));
    }
    if (URI_SCHEME.matcher(fileName).matches()) {
      throw new ParquetCryptoException("the key material of " + fileName + " is stored beside it, and external"
          + " key material is read from the local file system only");
    }
    return Path.of(fileName);
  }
}
