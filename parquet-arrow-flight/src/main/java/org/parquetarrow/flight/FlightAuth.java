package org.parquetarrow.flight;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallStatus;
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
 * <pre>{@code
 * ParquetFlightServer.builder(allocator).dataset(dir).auth(FlightAuth.bearerToken(secret)).start();
 * client.getInfo(descriptor, FlightAuth.bearer(secret));          // a client's call
 * }</pre>
 */
public final class FlightAuth {
  private final CallHeaderAuthenticator authenticator;
  private final String peerToken;

  private FlightAuth(CallHeaderAuthenticator authenticator, String peerToken) {
    this.authenticator = authenticator;
    this.peerToken = peerToken;
  }

  /** Every call is let in. */
  public static FlightAuth none() {
    return new FlightAuth(null, null);
  }

  /** Calls must carry {@code authorization: Bearer <token>}; the server shows the same token to its peers. */
  public static FlightAuth bearerToken(String token) {
    if (token == null || token.isEmpty()) {
      throw new IllegalArgumentException("the bearer token is empty");
    }
    return new FlightAuth(new StaticBearerAuthenticator(token), token);
  }

  /**
   * Calls must carry basic credentials of one of {@code users} (name to password), or the bearer
   * token the server answered a basic call with ({@code FlightClient.authenticateBasicToken}).
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
    return new FlightAuth(new GeneratedBearerTokenAuthenticator(new BasicCallHeaderAuthenticator(validator)), null);
  }

  /** A call option sending {@code authorization: Bearer <token>}. */
  public static CallOption bearer(String token) {
    return new CredentialCallOption(new BearerCredentialWriter(Objects.requireNonNull(token, "token")));
  }

  /** The authenticator the server installs, or {@code null} for none. */
  CallHeaderAuthenticator authenticator() {
    return authenticator;
  }

  /** What the server sends its peers. */
  CallOption[] peerCredentials() {
    return peerToken == null ? new CallOption[0] : new CallOption[] {bearer(peerToken)};
  }

  static boolean constantTimeEquals(String a, String b) {
    return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
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
