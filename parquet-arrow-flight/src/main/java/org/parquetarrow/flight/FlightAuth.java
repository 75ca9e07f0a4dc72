package org.parquetarrow.flight;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.LocationSchemes;
import org.apache.arrow.flight.auth2.Auth2Constants;
import org.apache.arrow.flight.auth2.AuthUtilities;
import org.apache.arrow.flight.auth2.BasicCallHeaderAuthenticator;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator;
import org.apache.arrow.flight.auth2.GeneratedBearerTokenAuthenticator;
import org.apache.arrow.flight.grpc.CredentialCallOption;

/**
 * How a {@link ParquetFlightServer} authenticates calls, with Flight's own header middleware
 * ({@code ServerCallHeaderAuthMiddleware}): nobody, a fixed bearer token, or basic auth (user and
 * password, answered with a generated bearer token the client then sends).
 *
 * <p>Peered servers ask each other for their splits with a <em>peer token</em>: every server of a
 * cluster is given the same one ({@link #withPeerToken}); each accepts it on incoming calls and
 * sends it to its peers. A bearer-token server's peer token is its own token unless another is
 * given; a basic-auth server with peers needs one. The peer token is sent only to {@code grpc+tls}
 * peers unless {@link PeerTokenTransport#ALSO_PLAINTEXT} says otherwise: on plain {@code grpc://}
 * anyone on the network path reads it. The peer token lets a call in like any client credential.
 *
 * <pre>{@code
 * ParquetFlightServer.builder(allocator).dataset(dir).auth(FlightAuth.bearerToken(secret)).start();
 * client.getInfo(descriptor, FlightAuth.bearer(secret));          // a client's call
 * FlightAuth.basic(Map.of("ann", "pa55")).withPeerToken(clusterSecret);   // basic auth, scaled out
 * }</pre>
 */
public final class FlightAuth {
  /** Where a server may send its peer token. */
  public enum PeerTokenTransport {
    /** Only to {@code grpc+tls} peers (the default); a plain {@code grpc://} peer is refused at start. */
    TLS_ONLY,
    /** Also to plain {@code grpc://} peers, readable on the network path: for trusted networks only. */
    ALSO_PLAINTEXT
  }

  /** The identity of a call bearing the peer token. */
  static final String PEER = "peer";

  private final CallHeaderAuthenticator authenticator;
  private final String peerToken;
  private final PeerTokenTransport transport;

  private FlightAuth(CallHeaderAuthenticator authenticator, String peerToken, PeerTokenTransport transport) {
    this.authenticator = authenticator;
    this.peerToken = peerToken;
    this.transport = transport;
  }

  /** Every call is let in. */
  public static FlightAuth none() {
    return new FlightAuth(null, null, PeerTokenTransport.TLS_ONLY);
  }

  /** Calls must carry {@code authorization: Bearer <token>}; the server shows the same token to its peers. */
  public static FlightAuth bearerToken(String token) {
    checkToken(token, "the bearer token");
    return new FlightAuth(new StaticBearerAuthenticator(token), token, PeerTokenTransport.TLS_ONLY);
  }

  /**
   * Calls must carry basic credentials of one of {@code users} (name to password), or the bearer
   * token the server answered a basic call with ({@code FlightClient.authenticateBasicToken}).
   * With peers, add {@link #withPeerToken}.
   */
  public static FlightAuth basic(Map<String, String> users) {
    Map<String, String> copy = Map.copyOf(users);
    BasicCallHeaderAuthenticator.CredentialValidator validator = (user, password) -> {
      String expected = copy.get(user);
      if (expected == null || password == null || !constantTimeEquals(expected, password)) {
        throw CallStatus.UNAUTHENTICATED.withDescription("wrong user or password").toRuntimeException();
      }
      return () -> user;
    };
    return new FlightAuth(new GeneratedBearerTokenAuthenticator(new BasicCallHeaderAuthenticator(validator)), null,
        PeerTokenTransport.TLS_ONLY);
  }

  /**
   * This scheme, plus the cluster's peer token: calls bearing it are let in as a peer, and the
   * server sends it to its peers (instead of its own bearer token, for a bearer-token server).
   *
   * @throws IllegalArgumentException for an empty token, or on a server that lets everyone in
   */
  public FlightAuth withPeerToken(String token) {
    checkToken(token, "the peer token");
    if (authenticator == null) {
      throw new IllegalArgumentException("a server that lets every call in needs no peer token");
    }
    CallHeaderAuthenticator base = authenticator instanceof PeerTokenAuthenticator p ? p.clients : authenticator;
    return new FlightAuth(new PeerTokenAuthenticator(token, base), token, transport);
  }

  /** This scheme, sending the peer token over {@code transport} (default {@link PeerTokenTransport#TLS_ONLY}). */
  public FlightAuth peerTokenTransport(PeerTokenTransport transport) {
    return new FlightAuth(authenticator, peerToken, java.util.Objects.requireNonNull(transport, "transport"));
  }

  private static void checkToken(String token, String what) {
    if (token == null || token.isEmpty()) {
      throw new IllegalArgumentException(what + " is empty");
    }
  }

  /** A call option sending {@code authorization: Bearer <token>}. */
  public static CallOption bearer(String token) {
    return new CredentialCallOption(new BearerCredentialWriter(Objects.requireNonNull(token, "token")));
  }

  /** The authenticator the server installs, or {@code null} for none. */
  CallHeaderAuthenticator authenticator() {
    return authenticator;
  }

  /**
   * What the server sends its peers, after checking it may send it to each of them.
   *
   * @throws IllegalArgumentException when the server needs credentials but has no peer token, or
   *     would send its peer token to a plain {@code grpc://} peer under {@link PeerTokenTransport#TLS_ONLY}
   */
  CallOption[] peerCredentials(java.util.List<Location> peers) {
    if (authenticator == null || peers.isEmpty()) {
      return new CallOption[0];
    }
    if (peerToken == null) {
      throw new IllegalArgumentException("peers of a basic-auth server cannot be asked without a peer token:"
          + " give every server of the cluster the same one (FlightAuth.basic(users).withPeerToken(secret))");
    }
    if (transport == PeerTokenTransport.TLS_ONLY) {
      for (Location peer : peers) {
        if (!LocationSchemes.GRPC_TLS.equals(peer.getUri().getScheme())) {
          throw new IllegalArgumentException("peer " + peer.getUri() + " is not grpc+tls: the peer token would cross"
              + " the network in plain text; use grpc+tls peers, or allow it explicitly"
              + " (peerTokenTransport(PeerTokenTransport.ALSO_PLAINTEXT))");
        }
      }
    }
    return new CallOption[] {bearer(peerToken)};
  }

  static boolean constantTimeEquals(String a, String b) {
    return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** Lets calls bearing the peer token in as {@value #PEER}; every other call is the clients' authenticator's. */
  private static final class PeerTokenAuthenticator implements CallHeaderAuthenticator {
    private final String token;
    private final CallHeaderAuthenticator clients;

    PeerTokenAuthenticator(String token, CallHeaderAuthenticator clients) {
      this.token = token;
      this.clients = clients;
    }

    @Override
    public AuthResult authenticate(CallHeaders headers) {
      String given = AuthUtilities.getValueFromAuthHeader(headers, Auth2Constants.BEARER_PREFIX);
      if (given != null && constantTimeEquals(token, given)) {
        return () -> PEER;
      }
      return clients.authenticate(headers);
    }
  }

  /** Checks the bearer token of every call against one fixed token. */
  private static final class StaticBearerAuthenticator implements CallHeaderAuthenticator {
    private final String token;

    StaticBearerAuthenticator(String token) {
      this.token = token;
    }

    @Override
    public AuthResult authenticate(CallHeaders headers) {
      String given = AuthUtilities.getValueFromAuthHeader(headers, Auth2Constants.BEARER_PREFIX);
      if (given == null) {
        throw CallStatus.UNAUTHENTICATED.withDescription("this server needs a bearer token").toRuntimeException();
      }
      if (!constantTimeEquals(token, given)) {
        throw CallStatus.UNAUTHENTICATED.withDescription("wrong bearer token").toRuntimeException();
      }
      return () -> "token";
    }
  }
}
