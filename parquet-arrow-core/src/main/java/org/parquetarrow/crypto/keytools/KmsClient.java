package org.parquetarrow.crypto.keytools;

/**
 * A key management service as parquet-java's key tools see it: it wraps (encrypts) a key with a
 * master key it holds, named by an id, and unwraps it again. Master keys never leave the KMS;
 * files store only wrapped keys. Implement this to plug in a real KMS; {@link InMemoryKms} serves
 * tests and examples.
 *
 * <p>Implementations named by the {@code parquet.encryption.kms.client.class} property need a
 * public no-argument constructor; the factory then calls {@link #initialize} once. Exceptions
 * thrown by {@link #wrapKey} and {@link #unwrapKey} reach callers as a {@link
 * org.parquetarrow.ParquetCryptoException} naming the master key id; their messages must not
 * contain key bytes.
 *
 * <pre>{@code
 * final class VaultKms implements KmsClient {
 *   private VaultApi vault;
 *   public void initialize(KmsConnection c) { vault = VaultApi.connect(c.instanceUrl(), c.accessToken()); }
 *   public String wrapKey(byte[] key, String masterKeyId) { return vault.encrypt(masterKeyId, key); }
 *   public byte[] unwrapKey(String wrapped, String masterKeyId) { return vault.decrypt(masterKeyId, wrapped); }
 * }
 * }</pre>
 */
public interface KmsClient {

  /** Called once, before any wrap or unwrap, when the client was created from its class name. */
  default void initialize(KmsConnection connection) {}

  /** {@code key} wrapped with the master key {@code masterKeyId}, as text (e.g. base64). */
  String wrapKey(byte[] key, String masterKeyId);

  /** The key that {@link #wrapKey} wrapped into {@code wrappedKey} with {@code masterKeyId}. */
  byte[] unwrapKey(String wrappedKey, String masterKeyId);
}
