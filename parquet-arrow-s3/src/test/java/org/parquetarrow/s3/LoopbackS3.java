package org.parquetarrow.s3;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.options.CreateContainerOptions;

/**
 * A real S3-compatible server, S3Proxy over jclouds' in-memory blob store, on 127.0.0.1 and a
 * free port, path-style, twice over the same store: {@link #endpoint()} wants requests signed
 * with {@link #ACCESS_KEY} / {@link #SECRET_KEY}, {@link #anonymousEndpoint()} takes anonymous
 * requests (a public bucket), S3 ones as well as plain HTTP GETs ({@code
 * http://127.0.0.1:port/bucket/key}). Tests put objects straight into the blob store. Public for
 * the tests of other modules (the CLI's), through this module's test-jar.
 */
public final class LoopbackS3 implements AutoCloseable {
  public static final String ACCESS_KEY = "parquet-arrow-test";
  public static final String SECRET_KEY = "parquet-arrow-test-secret";
  public static final String PUBLIC_BUCKET = "public";
  public static final String PRIVATE_BUCKET = "private";

  private final BlobStoreContext context;
  private final S3Proxy proxy;
  private final S3Proxy anonymous;

  private LoopbackS3(BlobStoreContext context, S3Proxy proxy, S3Proxy anonymous) {
    this.context = context;
    this.proxy = proxy;
    this.anonymous = anonymous;
  }

  public static LoopbackS3 start() throws Exception {
    BlobStoreContext context = ContextBuilder.newBuilder("transient")
        .credentials("identity", "credential")
        .build(BlobStoreContext.class);
    BlobStore store = context.getBlobStore();
    store.createContainerInLocation(null, PUBLIC_BUCKET, CreateContainerOptions.Builder.publicRead());
    store.createContainerInLocation(null, PRIVATE_BUCKET);
    S3Proxy proxy = started(S3Proxy.builder()
        .blobStore(store)
        .endpoint(URI.create("http://127.0.0.1:0"))
        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
        .build());
    S3Proxy anonymous = started(S3Proxy.builder()
        .blobStore(store)
        .endpoint(URI.create("http://127.0.0.1:0"))
        .awsAuthentication(AuthenticationType.NONE, null, null)
        .build());
    return new LoopbackS3(context, proxy, anonymous);
  }

  private static S3Proxy started(S3Proxy proxy) throws Exception {
    proxy.start();
    while (!proxy.getState().equals("STARTED")) {
      Thread.sleep(10);
    }
    return proxy;
  }

  /** The endpoint wanting signed requests. */
  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + proxy.getPort());
  }

  /** The endpoint taking anonymous requests, over the same objects. */
  public URI anonymousEndpoint() {
    return URI.create("http://127.0.0.1:" + anonymous.getPort());
  }

  /** The plain HTTP URL of an object, read anonymously. */
  public URI httpUrl(String bucket, String key) {
    return URI.create(anonymousEndpoint() + "/" + bucket + "/" + key);
  }

  public BlobStore store() {
    return context.getBlobStore();
  }

  public void put(String bucket, String key, byte[] bytes) {
    store().putBlob(bucket, store().blobBuilder(key).payload(bytes).contentLength(bytes.length).build());
  }

  public void put(String bucket, String key, Path file) throws java.io.IOException {
    put(bucket, key, Files.readAllBytes(file));
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.stop();
      anonymous.stop();
    } finally {
      context.close();
    }
  }
}
