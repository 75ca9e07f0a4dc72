package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bearer token and basic auth through Flight's header middleware, and TLS with a self-signed certificate. */
class FlightAuthTest {
  static final String TOKEN = "s3cret-token";

  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  Path events;

  @BeforeEach
  void data() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    events = FlightTestData.dataset(dir.resolve("events"), 2, 300, clientMemory);
  }

  @AfterEach
  void memory() {
    assertEquals(0, serverMemory.getAllocatedMemory());
    assertEquals(0, clientMemory.getAllocatedMemory());
    serverMemory.close();
    clientMemory.close();
  }

  @Test
  void bearerTokenIsRequiredAndChecked() throws Exception {
    try (ParquetFlightServer server = ParquetFlightServer.builder(serverMemory).dataset(events)
        .auth(FlightAuth.bearerToken(TOKEN)).start()) {
      try (FlightDatasetClient none = FlightDatasetClient.builder(server.location(), clientMemory).connect()) {
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
            () -> none.info(FlightQuery.of("events")));
        assertEquals(FlightStatusCode.UNAUTHENTICATED, e.status().code());
      }
      try (FlightDatasetClient wrong = FlightDatasetClient.builder(server.location(), clientMemory).token("guess").connect()) {
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
            () -> wrong.info(FlightQuery.of("events")));
        assertEquals(FlightStatusCode.UNAUTHENTICATED, e.status().code());
        assertTrue(e.getMessage().contains("wrong bearer token"), e.getMessage());
      }
      try (FlightDatasetClient right = FlightDatasetClient.builder(server.location(), clientMemory).token(TOKEN).connect()) {
        assertEquals(600, FlightTestData.readAll(right, FlightQuery.of("events")).size());
      }
    }
  }

  @Test
  void peersShowTheServersTokenToEachOther() throws Exception {
    Path other = dir.resolve("node1").resolve("events");
    FlightTestData.writeFile(other.resolve("year=2020").resolve("part-9.parquet"), 9000, 9100, clientMemory);
    // plain grpc:// peers on loopback: sending the token to them must be allowed explicitly
    FlightAuth auth = FlightAuth.bearerToken(TOKEN).peerTokenTransport(FlightAuth.PeerTokenTransport.ALSO_PLAINTEXT);
    try (ParquetFlightServer b = ParquetFlightServer.builder(serverMemory).dataset(other).auth(auth).start();
        ParquetFlightServer a = ParquetFlightServer.builder(serverMemory).dataset(events).peer(b.location())
            .auth(auth).start();
        FlightDatasetClient c = FlightDatasetClient.builder(a.location(), clientMemory).token(TOKEN).connect()) {
      FlightInfo info = c.info(FlightQuery.of("events"));
      assertEquals(3, info.getEndpoints().size());
      assertEquals(700, FlightTestData.readAll(c, FlightQuery.of("events")).size());
    }
  }

  @Test
  void theTokenIsNotSentToAPlainPeerUnlessAllowed() throws Exception {
    ParquetFlightServer.Builder b = ParquetFlightServer.builder(serverMemory).dataset(events)
        .peer(Location.forGrpcInsecure("localhost", 1)).auth(FlightAuth.bearerToken(TOKEN));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::start);
    assertTrue(e.getMessage().contains("localhost:1") && e.getMessage().contains("plain text"), e.getMessage());
  }

  @Test
  void peersMayShareATokenOtherThanTheClients() throws Exception {
    Path other = dir.resolve("node1").resolve("events");
    FlightTestData.writeFile(other.resolve("year=2020").resolve("part-9.parquet"), 9000, 9100, clientMemory);
    FlightAuth.PeerTokenTransport plain = FlightAuth.PeerTokenTransport.ALSO_PLAINTEXT;
    try (ParquetFlightServer b = ParquetFlightServer.builder(serverMemory).dataset(other)
            .auth(FlightAuth.bearerToken("token-of-b").withPeerToken("cluster").peerTokenTransport(plain)).start();
        ParquetFlightServer a = ParquetFlightServer.builder(serverMemory).dataset(events).peer(b.location())
            .auth(FlightAuth.bearerToken(TOKEN).withPeerToken("cluster").peerTokenTransport(plain)).start();
        FlightDatasetClient c = FlightDatasetClient.builder(a.location(), clientMemory).token(TOKEN).connect();
        FlightDatasetClient atB = FlightDatasetClient.builder(b.location(), clientMemory).token(TOKEN).connect()) {
      assertEquals(3, c.info(FlightQuery.of("events")).getEndpoints().size());
      // A's client token is not B's: the peer token is only for peers' calls
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> atB.info(FlightQuery.of("events")));
      assertEquals(FlightStatusCode.UNAUTHENTICATED, e.status().code());
    }
  }

  @Test
  void basicAuthPeersAskEachOtherWithThePeerToken() throws Exception {
    Path other = dir.resolve("node1").resolve("events");
    FlightTestData.writeFile(other.resolve("year=2020").resolve("part-9.parquet"), 9000, 9100, clientMemory);
    FlightAuth auth = FlightAuth.basic(Map.of("ann", "pa55")).withPeerToken("cluster")
        .peerTokenTransport(FlightAuth.PeerTokenTransport.ALSO_PLAINTEXT);
    // without a peer token the cluster cannot work: refused at start, naming the remedy
    IllegalArgumentException noPeerToken = assertThrows(IllegalArgumentException.class,
        () -> ParquetFlightServer.builder(serverMemory).dataset(events).peer(Location.forGrpcInsecure("localhost", 1))
            .auth(FlightAuth.basic(Map.of("ann", "pa55"))).start());
    assertTrue(noPeerToken.getMessage().contains("withPeerToken"), noPeerToken.getMessage());
    try (ParquetFlightServer b = ParquetFlightServer.builder(serverMemory).dataset(other).auth(auth).start();
        ParquetFlightServer a = ParquetFlightServer.builder(serverMemory).dataset(events).peer(b.location())
            .auth(auth).start();
        FlightClient atA = FlightClient.builder(clientMemory, a.location()).build();
        FlightClient atB = FlightClient.builder(clientMemory, b.location()).build()) {
      CredentialCallOption tokenA = atA.authenticateBasicToken("ann", "pa55").orElseThrow();
      CredentialCallOption tokenB = atB.authenticateBasicToken("ann", "pa55").orElseThrow();
      // before: UNAVAILABLE … UNAUTHENTICATED from the peer
      FlightInfo info = atA.getInfo(FlightQuery.of("events").toDescriptor(), tokenA);
      assertEquals(3, info.getEndpoints().size());
      assertEquals(700, info.getRecords());
      long rows = 0;
      for (FlightEndpoint e : info.getEndpoints()) {
        boolean remote = !e.getLocations().isEmpty();
        try (FlightStream s = (remote ? atB : atA).getStream(e.getTicket(), remote ? tokenB : tokenA)) {
          while (s.next()) {
            rows += s.getRoot().getRowCount();
          }
        }
      }
      assertEquals(700, rows);
    }
  }

  @Test
  void basicAuthAnswersWithABearerToken() throws Exception {
    try (ParquetFlightServer server = ParquetFlightServer.builder(serverMemory).dataset(events)
            .auth(FlightAuth.basic(Map.of("ann", "pa55"))).start();
        FlightClient client = FlightClient.builder(clientMemory, server.location()).build()) {
      FlightRuntimeException bad = assertThrows(FlightRuntimeException.class,
          () -> client.authenticateBasicToken("ann", "wrong"));
      assertEquals(FlightStatusCode.UNAUTHENTICATED, bad.status().code());
      FlightRuntimeException none = assertThrows(FlightRuntimeException.class,
          () -> client.getInfo(FlightQuery.of("events").toDescriptor()));
      assertEquals(FlightStatusCode.UNAUTHENTICATED, none.status().code());
      Optional<CredentialCallOption> token = client.authenticateBasicToken("ann", "pa55");
      assertTrue(token.isPresent());
      FlightInfo info = client.getInfo(FlightQuery.of("events").toDescriptor(), token.get());
      assertEquals(600, info.getRecords());
    }
  }

  @Test
  void tlsWithASelfSignedCertificate() throws Exception {
    Path[] certAndKey = selfSigned(dir);
    try (ParquetFlightServer server = ParquetFlightServer.builder(serverMemory).dataset(events)
        .tls(certAndKey[0], certAndKey[1]).start()) {
      assertEquals("grpc+tls", server.location().getUri().getScheme());
      Location tls = Location.forGrpcTls("localhost", server.port());
      try (FlightDatasetClient c = FlightDatasetClient.builder(tls, clientMemory).trustedCertificates(certAndKey[0]).connect()) {
        assertEquals(600, FlightTestData.readAll(c, FlightQuery.of("events")).size());
      }
      try (FlightDatasetClient plain = FlightDatasetClient.builder(Location.forGrpcInsecure("localhost", server.port()), clientMemory).connect()) {
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
            () -> plain.info(FlightQuery.of("events")));
        assertEquals(FlightStatusCode.UNAVAILABLE, e.status().code());
      }
    }
  }

  @Test
  void tlsPeersTrustTheSharedCertificate() throws Exception {
    Path[] certAndKey = selfSigned(dir);
    Path other = dir.resolve("node1").resolve("events");
    FlightTestData.writeFile(other.resolve("year=2021").resolve("part-7.parquet"), 7000, 7050, clientMemory);
    try (ParquetFlightServer b = ParquetFlightServer.builder(serverMemory).dataset(other)
            .tls(certAndKey[0], certAndKey[1]).start();
        ParquetFlightServer a = ParquetFlightServer.builder(serverMemory).dataset(events)
            .peer(Location.forGrpcTls("localhost", b.port())).tls(certAndKey[0], certAndKey[1]).start();
        FlightDatasetClient c = FlightDatasetClient.builder(Location.forGrpcTls("localhost", a.port()), clientMemory).trustedCertificates(certAndKey[0]).connect()) {
      FlightInfo info = c.info(FlightQuery.of("events"));
      assertEquals(3, info.getEndpoints().size());
      assertEquals(650, FlightTestData.readAll(c, FlightQuery.of("events")).size());
    }
  }

  /** A certificate for localhost and its PKCS#8 key, as PEM files, made with the JDK's keytool. */
  static Path[] selfSigned(Path dir) throws Exception {
    Path store = dir.resolve("tls.p12");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "flight", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
        "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit")
        .redirectErrorStream(true).start();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "keytool: " + out);
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, "changeit".toCharArray());
    }
    PrivateKey key = (PrivateKey) ks.getKey("flight", "changeit".toCharArray());
    Certificate cert = ks.getCertificate("flight");
    Path certPem = dir.resolve("cert.pem");
    Path keyPem = dir.resolve("key.pem");
    Files.writeString(certPem, pem("CERTIFICATE", cert.getEncoded()));
    Files.writeString(keyPem, pem("PRIVATE KEY", key.getEncoded()));
    return new Path[] {certPem, keyPem};
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der) + "\n-----END " + type + "-----\n";
  }
}
