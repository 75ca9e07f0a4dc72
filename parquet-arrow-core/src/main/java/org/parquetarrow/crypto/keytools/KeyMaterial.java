package org.parquetarrow.crypto.keytools;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.parquetarrow.ParquetCryptoException;

/**
 * One wrapped data key in parquet-java's key-material format ({@code "keyMaterialType":"PKMT1"}):
 * the master key id, the wrapped data key and, with double wrapping, the id and wrapped form of the
 * key-encryption key; the footer key's material also names the KMS instance. Stored in a module's
 * {@code key_metadata} (internal storage, with {@code "internalStorage":true}) or as a string
 * member of the key-material file beside the data file (external storage), in which case the
 * {@code key_metadata} holds only a reference to it.
 */
record KeyMaterial(boolean footerKey, String kmsInstanceId, String kmsInstanceUrl, String masterKeyId,
    boolean doubleWrapping, String kekId, String wrappedKek, String wrappedDek) {

  static final String TYPE = "PKMT1";
  static final String FOOTER_KEY_REFERENCE = "footerKey";
  static final String COLUMN_KEY_REFERENCE_PREFIX = "columnKey";

  private static final String TYPE_FIELD = "keyMaterialType";
  private static final String INTERNAL_FIELD = "internalStorage";
  private static final String REFERENCE_FIELD = "keyReference";
  private static final String FOOTER_FIELD = "isFooterKey";
  private static final String INSTANCE_ID_FIELD = "kmsInstanceID";
  private static final String INSTANCE_URL_FIELD = "kmsInstanceURL";
  private static final String MASTER_KEY_FIELD = "masterKeyID";
  private static final String DOUBLE_FIELD = "doubleWrapping";
  private static final String KEK_ID_FIELD = "keyEncryptionKeyID";
  private static final String WRAPPED_KEK_FIELD = "wrappedKEK";
  private static final String WRAPPED_DEK_FIELD = "wrappedDEK";

  /** What a module's {@code key_metadata} holds: the material itself, or a reference to it. */
  record Metadata(KeyMaterial internal, String keyReference) {
    boolean storedInternally() {
      return internal != null;
    }
  }

  /** The material as JSON; {@code internal} adds {@code "internalStorage":true} for key_metadata. */
  String toJson(boolean internal) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(TYPE_FIELD, TYPE);
    if (internal) {
      m.put(INTERNAL_FIELD, true);
    }
    m.put(FOOTER_FIELD, footerKey);
    if (footerKey) {
      m.put(INSTANCE_ID_FIELD, kmsInstanceId);
      m.put(INSTANCE_URL_FIELD, kmsInstanceUrl);
    }
    m.put(MASTER_KEY_FIELD, masterKeyId);
    m.put(WRAPPED_DEK_FIELD, wrappedDek);
    m.put(DOUBLE_FIELD, doubleWrapping);
    if (doubleWrapping) {
      m.put(KEK_ID_FIELD, kekId);
      m.put(WRAPPED_KEK_FIELD, wrappedKek);
    }
    return FlatJson.write(m);
  }

  /** The {@code key_metadata} of a key whose material is in the key-material file under {@code reference}. */
  static byte[] externalReference(String reference) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(TYPE_FIELD, TYPE);
    m.put(INTERNAL_FIELD, false);
    m.put(REFERENCE_FIELD, reference);
    return FlatJson.write(m).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Parses a module's {@code key_metadata}.
   *
   * @throws ParquetCryptoException if it is not key-tools metadata (e.g. a plain key id)
   */
  static Metadata parseMetadata(byte[] keyMetadata) {
    Map<String, Object> m = parseJson(new String(keyMetadata, StandardCharsets.UTF_8), "key metadata");
    checkType(m, "key metadata");
    // parquet-java: absent means internal
    Object internal = m.get(INTERNAL_FIELD);
    if (internal == null || Boolean.TRUE.equals(internal)) {
      return new Metadata(fromMembers(m, "key metadata"), null);
    }
    return new Metadata(null, requireString(m, REFERENCE_FIELD, "key metadata"));
  }

  /**
   * Parses key material as stored in the key-material file.
   *
   * @param where names it in errors (e.g. the reference and the file)
   */
  static KeyMaterial parse(String json, String where) {
    Map<String, Object> m = parseJson(json, where);
    checkType(m, where);
    return fromMembers(m, where);
  }

  private static KeyMaterial fromMembers(Map<String, Object> m, String where) {
    boolean footer = Boolean.TRUE.equals(m.get(FOOTER_FIELD));
    boolean dbl = Boolean.TRUE.equals(m.get(DOUBLE_FIELD));
    return new KeyMaterial(footer,
        footer ? optionalString(m, INSTANCE_ID_FIELD, where) : null,
        footer ? optionalString(m, INSTANCE_URL_FIELD, where) : null,
        requireString(m, MASTER_KEY_FIELD, where),
        dbl,
        dbl ? requireString(m, KEK_ID_FIELD, where) : null,
        dbl ? requireString(m, WRAPPED_KEK_FIELD, where) : null,
        requireString(m, WRAPPED_DEK_FIELD, where));
  }

  private static Map<String, Object> parseJson(String json, String where) {
    try {
      return FlatJson.parse(json);
    } catch (IllegalArgumentException e) {
      throw new ParquetCryptoException(where + " is not key-tools JSON: " + e.getMessage(), e);
    }
  }

  private static void checkType(Map<String, Object> m, String where) {
    Object type = m.get(TYPE_FIELD);
    if (!TYPE.equals(type)) {
      throw new ParquetCryptoException(where + " has " + TYPE_FIELD + " " + (type == null ? "missing" : "'" + type + "'")
          + "; only " + TYPE + " is known");
    }
  }

  private static String requireString(Map<String, Object> m, String field, String where) {
    String s = optionalString(m, field, where);
    if (s == null) {
      throw new ParquetCryptoException(where + " lacks " + field);
    }
    return s;
  }

  private static String optionalString(Map<String, Object> m, String field, String where) {
    Object v = m.get(field);
    if (v != null && !(v instanceof String)) {
      throw new ParquetCryptoException(where + ": " + field + " is not a string");
    }
    return (String) v;
  }

  @Override
  public String toString() {
    // wrapped keys are ciphertext, but logs need none of them
    return "KeyMaterial[master key " + masterKeyId + (doubleWrapping ? ", double wrapping" : "")
        + (footerKey ? ", footer" : "") + "]";
  }
}
