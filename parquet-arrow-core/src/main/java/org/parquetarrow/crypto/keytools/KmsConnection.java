package org.parquetarrow.crypto.keytools;

import java.util.Map;

/**
 * What a {@link KmsClient} is initialized with: the KMS instance id and URL (from {@code
 * parquet.encryption.kms.instance.id} / {@code .url}, or from a file's footer key material; {@code
 * "DEFAULT"} when neither names one), the access token ({@code parquet.encryption.key.access.token})
 * and every configured property, for client-specific settings such as {@code
 * parquet.encryption.key.list}.
 */
public record KmsConnection(String instanceId, String instanceUrl, String accessToken, Map<String, String> properties) {
  /** The id, URL and token parquet-java uses when none is configured. */
  public static final String DEFAULT = "DEFAULT";

  public KmsConnection {
    properties = Map.copyOf(properties);
  }

  @Override
  public String toString() {
    // the token and the properties may hold secrets
    return "KmsConnection[" + instanceId + ", " + instanceUrl + "]";
  }
}
