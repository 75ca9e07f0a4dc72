package org.parquetarrow.crypto.keytools;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.crypto.ParquetCipher;

/**
 * Encryption and decryption driven by parquet-java's key-tools properties: data keys generated
 * per file and column, wrapped by master keys in a KMS ({@link KmsClient}), the wrapped keys kept
 * in each module's key metadata or in a key-material file beside the data file — files that
 * parquet-java (Spark, Hive, Trino) writes with {@code PropertiesDrivenCryptoFactory} open here and
 * the other way round. The property names and defaults are parquet-java's:
 *
 * <table>
 *   <caption>Properties</caption>
 *   <tr><td>{@code parquet.encryption.column.keys}</td><td>{@code masterKeyId:col,col;masterKeyId:col} — columns
 *       encrypted, each with its own data key; the others stay plaintext</td></tr>
 *   <tr><td>{@code parquet.encryption.footer.key}</td><td>master key of the footer (needed with column keys)</td></tr>
 *   <tr><td>{@code parquet.encryption.uniform.key}</td><td>one master key for the footer and every column</td></tr>
 *   <tr><td>{@code parquet.encryption.algorithm}</td><td>{@code AES_GCM_V1} (default) or {@code AES_GCM_CTR_V1}</td></tr>
 *   <tr><td>{@code parquet.encryption.plaintext.footer}</td><td>{@code false} (default) or {@code true}</td></tr>
 *   <tr><td>{@code parquet.encryption.double.wrapping}</td><td>{@code true} (default): data keys wrapped by KEKs</td></tr>
 *   <tr><td>{@code parquet.encryption.data.key.length.bits}</td><td>128 (default), 192 or 256</td></tr>
 *   <tr><td>{@code parquet.encryption.kek.length.bits}</td><td>128 (default), 192 or 256</td></tr>
 *   <tr><td>{@code parquet.encryption.key.material.store.internally}</td><td>{@code true} (default); {@code false}
 *       writes {@code _KEY_MATERIAL_FOR_<file>.json} beside the data file ({@link KeyMaterialFile})</td></tr>
 *   <tr><td>{@code parquet.encryption.kms.client.class}</td><td>the {@link KmsClient} class (public no-argument
 *       constructor); parquet-java's test {@code InMemoryKMS} names mean {@link InMemoryKms}</td></tr>
 *   <tr><td>{@code parquet.encryption.kms.instance.id}, {@code .kms.instance.url}, {@code .key.access.token}</td>
 *       <td>passed to the client ({@link KmsConnection}); readers otherwise take the instance from the file</td></tr>
 *   <tr><td>{@code parquet.encryption.cache.lifetime.seconds}</td><td>how long KEKs are reused, 600 by default</td></tr>
 * </table>
 *
 * Reading needs only the KMS properties; one {@link #decryptionProperties()} serves every file
 * (datasets included) because readers bind it to each file they open. Instances are thread-safe.
 *
 * <pre>{@code
 * PropertiesDrivenCryptoFactory crypto = PropertiesDrivenCryptoFactory.of(Map.of(
 *     "parquet.encryption.kms.client.class", InMemoryKms.class.getName(),
 *     "parquet.encryption.key.list", "kf:AAECAwQFBgcICQoLDA0ODw==, kc1:AAECAAECAAECAAECAAECAA==",
 *     "parquet.encryption.footer.key", "kf",
 *     "parquet.encryption.column.keys", "kc1:ssn,salary"));
 * WriterProperties w = WriterProperties.builder().encryption(crypto.encryptionProperties(path)).build();
 * ReadOptions r = ReadOptions.builder(allocator).decryption(crypto.decryptionProperties()).build();
 * }</pre>
 */
public final class PropertiesDrivenCryptoFactory {
  public static final String COLUMN_KEYS = "parquet.encryption.column.keys";
  public static final String FOOTER_KEY = "parquet.encryption.footer.key";
  public static final String UNIFORM_KEY = "parquet.encryption.uniform.key";
  public static final String COMPLETE_COLUMNS = "parquet.encryption.complete.columns";
  public static final String ALGORITHM = "parquet.encryption.algorithm";
  public static final String PLAINTEXT_FOOTER = "parquet.encryption.plaintext.footer";
  public static final String DOUBLE_WRAPPING = "parquet.encryption.double.wrapping";
  public static final String DATA_KEY_LENGTH_BITS = "parquet.encryption.data.key.length.bits";
  public static final String KEK_LENGTH_BITS = "parquet.encryption.kek.length.bits";
  public static final String KEY_MATERIAL_INTERNAL = "parquet.encryption.key.material.store.internally";
  public static final String KMS_CLIENT_CLASS = "parquet.encryption.kms.client.class";
  public static final String KMS_INSTANCE_ID = "parquet.encryption.kms.instance.id";
  public static final String KMS_INSTANCE_URL = "parquet.encryption.kms.instance.url";
  public static final String KEY_ACCESS_TOKEN = "parquet.encryption.key.access.token";
  public static final String CACHE_LIFETIME_SECONDS = "parquet.encryption.cache.lifetime.seconds";

  /** Names of parquet-java's test KMS, which {@link InMemoryKms} stands in for. */
  private static final Set<String> PARQUET_JAVA_IN_MEMORY_KMS = Set.of(
      "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS",
      "org.apache.parquet.crypto.keytools.samples.InMemoryKMS");

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Map<String, String> properties;
  private final KmsClient givenClient;
  private final String footerMasterKey;
  private final Map<String, String> columnMasterKeys;
  private final ParquetCipher algorithm;
  private final boolean plaintextFooter;
  private final boolean doubleWrapping;
  private final int dataKeyBytes;
  private final int kekBytes;
  private final boolean materialInternal;
  private final long cacheLifetimeSeconds;
  private final Map<String, KmsClient> clients = new ConcurrentHashMap<>();
  private final ExpiringCache<String, FileKeyWrapper.Kek> writeKeks;
  private final ExpiringCache<String, byte[]> readKeks;

  private PropertiesDrivenCryptoFactory(Builder b) {
    this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(b.properties));
    this.givenClient = b.kmsClient;
    if (givenClient == null && get(KMS_CLIENT_CLASS) == null) {
      throw new IllegalArgumentException(KMS_CLIENT_CLASS + " is not set (nor a KmsClient given to the builder)");
    }
    String uniform = get(UNIFORM_KEY);
    String footer = get(FOOTER_KEY);
    String columns = get(COLUMN_KEYS);
    if (uniform != null && (footer != null || columns != null)) {
      throw new IllegalArgumentException(UNIFORM_KEY + " excludes " + FOOTER_KEY + " and " + COLUMN_KEYS);
    }
    if (columns != null && footer == null) {
      throw new IllegalArgumentException(COLUMN_KEYS + " needs " + FOOTER_KEY + " (the master key of the footer)");
    }
    if (footer != null && columns == null) {
      throw new IllegalArgumentException(FOOTER_KEY + " needs " + COLUMN_KEYS + " (or use " + UNIFORM_KEY
          + " to encrypt every column with one master key)");
    }
    if (bool(COMPLETE_COLUMNS, false)) {
      throw new IllegalArgumentException(COMPLETE_COLUMNS + "=true is not supported: list every column to encrypt in "
          + COLUMN_KEYS);
    }
    this.footerMasterKey = uniform != null ? uniform : footer;
    this.columnMasterKeys = columns == null ? Map.of() : parseColumnKeys(columns);
    this.algorithm = algorithm(get(ALGORITHM));
    this.plaintextFooter = bool(PLAINTEXT_FOOTER, false);
    this.doubleWrapping = bool(DOUBLE_WRAPPING, true);
    this.dataKeyBytes = keyBits(DATA_KEY_LENGTH_BITS) / 8;
    this.kekBytes = keyBits(KEK_LENGTH_BITS) / 8;
    this.materialInternal = bool(KEY_MATERIAL_INTERNAL, true);
    this.cacheLifetimeSeconds = longValue(CACHE_LIFETIME_SECONDS, 600);
    this.writeKeks = new ExpiringCache<>(cacheLifetimeSeconds);
    this.readKeks = new ExpiringCache<>(cacheLifetimeSeconds);
  }

  /**
   * A factory configured by {@code properties}.
   *
   * @throws IllegalArgumentException naming the property that is missing or malformed
   */
  public static PropertiesDrivenCryptoFactory of(Map<String, String> properties) {
    return builder().properties(properties).build();
  }

  /**
   * A factory configured by a Java properties file.
   *
   * <pre>{@code
   * PropertiesDrivenCryptoFactory crypto = PropertiesDrivenCryptoFactory.load(Path.of("crypto.properties"));
   * }</pre>
   *
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException naming the property that is missing or malformed
   */
  public static PropertiesDrivenCryptoFactory load(Path propertiesFile) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(propertiesFile, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return builder().properties(p).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Whether the properties ask for files to be encrypted (a footer or uniform master key). */
  public boolean encryptsFiles() {
    return footerMasterKey != null;
  }

  /**
   * How to encrypt the file about to be written at {@code dataFile}: fresh data keys, wrapped as
   * configured; with external key material its file is written beside {@code dataFile} now.
   *
   * @return the properties for {@code WriterProperties.Builder.encryption}, or {@code null} when
   *     the properties configure no encryption
   * @throws org.parquetarrow.ParquetCryptoException if the KMS fails or the material cannot be written
   */
  public FileEncryptionProperties encryptionProperties(Path dataFile) {
    if (!encryptsFiles()) {
      return null;
    }
    Map<String, String> external = materialInternal ? null : new LinkedHashMap<>();
    if (external != null) {
      Objects.requireNonNull(dataFile, "external key material needs the data file's path");
    }
    FileKeyWrapper wrapper = writer(external, writeKeks);
    byte[] footerKey = newDataKey();
    FileEncryptionProperties.Builder b = FileEncryptionProperties.builder(footerKey)
        .footerKeyMetadata(wrapper.keyMetadata(footerKey, footerMasterKey, true))
        .algorithm(algorithm)
        .plaintextFooter(plaintextFooter);
    for (Map.Entry<String, String> c : columnMasterKeys.entrySet()) {
      byte[] key = newDataKey();
      b.columnKey(c.getKey(), key, wrapper.keyMetadata(key, c.getValue(), false));
    }
    if (external != null) {
      KeyMaterialFile.write(dataFile, external);
    }
    return b.build();
  }

  /**
   * How to decrypt files written with key tools (by parquet-java or this library): a key retriever
   * that unwraps each file's keys through the KMS, finding external key material beside each local
   * file. Unencrypted files read as usual with it.
   */
  public FileDecryptionProperties decryptionProperties() {
    return FileDecryptionProperties.builder().keyRetriever(new FileKeyUnwrapper(this, null)).build();
  }

  /** The properties this factory was built from (including any KMS secrets: do not log them). */
  public Map<String, String> properties() {
    return properties;
  }

  @Override
  public String toString() {
    return "PropertiesDrivenCryptoFactory[footer " + footerMasterKey + ", columns " + columnMasterKeys
        + ", " + algorithm + (doubleWrapping ? ", double wrapping" : "") + (materialInternal ? "" : ", external material") + "]";
  }

  FileKeyWrapper writer(Map<String, String> external, ExpiringCache<String, FileKeyWrapper.Kek> keks) {
    String instanceId = configuredOrDefault(KMS_INSTANCE_ID);
    String instanceUrl = configuredOrDefault(KMS_INSTANCE_URL);
    return new FileKeyWrapper(kmsClient(instanceId, instanceUrl), instanceId, instanceUrl, doubleWrapping, kekBytes,
        keks, external);
  }

  /** A KEK cache for one rotation, so that rotated files get KEKs wrapped by the new master keys. */
  ExpiringCache<String, FileKeyWrapper.Kek> freshKekCache() {
    return new ExpiringCache<>(cacheLifetimeSeconds);
  }

  ExpiringCache<String, byte[]> readKekCache() {
    return readKeks;
  }

  String configuredKmsInstanceId() {
    return get(KMS_INSTANCE_ID);
  }

  String configuredKmsInstanceUrl() {
    return get(KMS_INSTANCE_URL);
  }

  /** The client for one KMS instance: the given one, or one of the configured class per instance. */
  KmsClient kmsClient(String instanceId, String instanceUrl) {
    if (givenClient != null) {
      return givenClient;
    }
    return clients.computeIfAbsent(instanceId + "\n" + instanceUrl, k -> newClient(instanceId, instanceUrl));
  }

  private KmsClient newClient(String instanceId, String instanceUrl) {
    String name = get(KMS_CLIENT_CLASS);
    KmsClient client;
    if (PARQUET_JAVA_IN_MEMORY_KMS.contains(name)) {
      client = new InMemoryKms();
    } else {
      Object o;
      try {
        Class<?> c = Class.forName(name, true, classLoader());
        o = c.getDeclaredConstructor().newInstance();
      } catch (ReflectiveOperationException | LinkageError e) {
        throw new IllegalArgumentException(KMS_CLIENT_CLASS + ": cannot create " + name + ": " + e, e);
      }
      if (!(o instanceof KmsClient k)) {
        throw new IllegalArgumentException(KMS_CLIENT_CLASS + ": " + name + " is not a " + KmsClient.class.getName());
      }
      client = k;
    }
    client.initialize(new KmsConnection(instanceId, instanceUrl, configuredOrDefault(KEY_ACCESS_TOKEN), properties));
    return client;
  }

  private static ClassLoader classLoader() {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : PropertiesDrivenCryptoFactory.class.getClassLoader();
  }

  private byte[] newDataKey() {
    byte[] key = new byte[dataKeyBytes];
    RANDOM.nextBytes(key);
    return key;
  }

  private String get(String name) {
    String v = properties.get(name);
    return v == null || v.isBlank() ? null : v.trim();
  }

  private String configuredOrDefault(String name) {
    String v = get(name);
    return v == null ? KmsConnection.DEFAULT : v;
  }

  private boolean bool(String name, boolean dflt) {
    String v = get(name);
    if (v == null) {
      return dflt;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(name + " is '" + v + "', not true or false");
  }

  private long longValue(String name, long dflt) {
    String v = get(name);
    try {
      long n = v == null ? dflt : Long.parseLong(v);
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " is '" + v + "', not a count of seconds");
    }
  }

  private int keyBits(String name) {
    String v = get(name);
    if (v == null) {
      return 128;
    }
    if (v.equals("128") || v.equals("192") || v.equals("256")) {
      return Integer.parseInt(v);
    }
    throw new IllegalArgumentException(name + " is '" + v + "', not 128, 192 or 256");
  }

  private static ParquetCipher algorithm(String v) {
    if (v == null) {
      return ParquetCipher.AES_GCM_V1;
    }
    for (ParquetCipher c : ParquetCipher.values()) {
      if (c.name().equalsIgnoreCase(v)) {
        return c;
      }
    }
    throw new IllegalArgumentException(ALGORITHM + " is '" + v + "', not AES_GCM_V1 or AES_GCM_CTR_V1");
  }

  /** {@code kc1:a,b;kc2:c} to column path → master key id, refusing a column given twice. */
  private static Map<String, String> parseColumnKeys(String spec) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String group : spec.split(";")) {
      String g = group.trim();
      if (g.isEmpty()) {
        continue;
      }
      int colon = g.indexOf(':');
      if (colon < 0 || g.indexOf(':', colon + 1) >= 0) {
        throw new IllegalArgumentException(COLUMN_KEYS + ": '" + g + "' is not masterKeyId:column,column");
      }
      String master = g.substring(0, colon).trim();
      if (master.isEmpty()) {
        throw new IllegalArgumentException(COLUMN_KEYS + ": '" + g + "' names no master key");
      }
      for (String col : g.substring(colon + 1).split(",")) {
        String c = col.trim();
        if (c.isEmpty()) {
          throw new IllegalArgumentException(COLUMN_KEYS + ": an empty column name for master key '" + master + "'");
        }
        String before = out.putIfAbsent(c, master);
        if (before != null) {
          throw new IllegalArgumentException(COLUMN_KEYS + ": column '" + c + "' has two master keys, '" + before
              + "' and '" + master + "'");
        }
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(COLUMN_KEYS + " lists no column");
    }
    return out;
  }

  /** Builds a {@link PropertiesDrivenCryptoFactory}. */
  public static final class Builder {
    private final Map<String, String> properties = new LinkedHashMap<>();
    private KmsClient kmsClient;

    private Builder() {}

    /** Adds {@code props} (later values win). */
    public Builder properties(Map<String, String> props) {
      properties.putAll(props);
      return this;
    }

    /** Adds every property of {@code props}. */
    public Builder properties(Properties props) {
      for (String name : props.stringPropertyNames()) {
        properties.put(name, props.getProperty(name));
      }
      return this;
    }

    public Builder property(String name, String value) {
      properties.put(name, value);
      return this;
    }

    /**
     * The KMS client to use, instead of creating one from {@code parquet.encryption.kms.client.class}; it is used
     * as given ({@link KmsClient#initialize} is not called).
     */
    public Builder kmsClient(KmsClient client) {
      this.kmsClient = client;
      return this;
    }

    /** @throws IllegalArgumentException naming the property that is missing or malformed */
    public PropertiesDrivenCryptoFactory build() {
      return new PropertiesDrivenCryptoFactory(this);
    }
  }
}
