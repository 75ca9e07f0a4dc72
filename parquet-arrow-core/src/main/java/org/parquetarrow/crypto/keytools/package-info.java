/**
 * Key management tools compatible with parquet-java's {@code org.apache.parquet.crypto.keytools}:
 * data keys wrapped by master keys held in a KMS ({@link org.parquetarrow.crypto.keytools.KmsClient}),
 * single or double wrapping, key material inside the file or in a key-material file beside it,
 * master key rotation, all configured by parquet-java's property names through {@link
 * org.parquetarrow.crypto.keytools.PropertiesDrivenCryptoFactory}. Key material is parquet-java's
 * JSON ({@code PKMT1}); wrapping is AES-GCM with the AADs parquet-java uses, so the same master
 * keys open files written by either library.
 *
 * <p>Errors — a wrong master key, missing or altered key material, a KMS failure — raise {@link
 * org.parquetarrow.ParquetCryptoException} naming the file, the key reference and the master key
 * id; no message or log line carries key bytes.
 */
package org.parquetarrow.crypto.keytools;
