package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * What needs no server: names without secrets, and URLs refused before any request. Reads
 * against real servers are tested in parquet-arrow-s3, which starts one.
 */
class HttpInputFileTest {
  @Test
  void namesHideUserInfoAndQuery() {
    assertEquals("https://example.com:8443/data/a.parquet?…",
        HttpInputFile.displayName(URI.create("https://user:pw@example.com:8443/data/a.parquet?X-Amz-Signature=abc")));
    assertEquals("http://example.com/a.parquet", HttpInputFile.displayName(URI.create("http://example.com/a.parquet")));
  }

  @Test
  void onlyHttpUrlsAreTaken() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> HttpInputFile.open(URI.create("ftp://user:pw@example.com/a.parquet"), RemoteReadOptions.defaults()));
    assertTrue(e.getMessage().contains("ftp://example.com/a.parquet"), e.getMessage());
    assertTrue(!e.getMessage().contains("pw"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> HttpInputFile.open(URI.create("file:///tmp/a.parquet"), RemoteReadOptions.defaults()));
  }
}
