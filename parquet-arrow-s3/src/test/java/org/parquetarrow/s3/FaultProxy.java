package org.parquetarrow.s3;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A loopback TCP proxy between an HTTP client and a server that injects faults into HTTP/1.1
 * exchanges: added latency per request, throttling (503 SlowDown instead of forwarding), a
 * response cut (connection reset) or stalled after some bytes, a {@code Range} header removed,
 * and a hook run before a request is forwarded. It reads request heads to log and act on each
 * request; responses are pumped as bytes. Public (through this module's test-jar) for the
 * benchmarks' loopback S3 runs, which use it for the added latency only.
 */
public final class FaultProxy implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(FaultProxy.class);
  private static final byte[] SLOW_DOWN_BODY = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SlowDown</Code>"
      + "<Message>Please reduce your request rate.</Message><RequestId>fault</RequestId></Error>")
      .getBytes(StandardCharsets.UTF_8);

  private final int upstreamPort;
  private final ServerSocket server;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
  private final List<String> heads = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean closed;

  /** Milliseconds every request waits before it is forwarded. */
  volatile long latencyMillis;
  /** The next this many requests are answered 503 SlowDown without reaching the server. */
  final AtomicInteger throttleNext = new AtomicInteger();
  /** The responses to the next this many requests for at least {@link #faultMinRange} bytes are cut. */
  final AtomicInteger cutNext = new AtomicInteger();
  /** The responses to the next this many requests for at least {@link #faultMinRange} bytes stall. */
  final AtomicInteger stallNext = new AtomicInteger();
  /** Response bytes (head included) passed on before a cut or stall. */
  volatile int faultAfterBytes = 2_000;
  /** Smallest range (in bytes) whose response is cut or stalled. */
  volatile long faultMinRange = 10_000;
  /** The {@code Retry-After} (seconds) of the 503 answers. */
  volatile int retryAfterSeconds;
  /** Whether the {@code Range} header is removed, as by a server that ignores it. */
  volatile boolean stripRange;
  /** Run with each request's first line before it is forwarded. */
  volatile Consumer<String> onRequest = line -> {};
  /** Run with each request as {@link #requests()} logs it (its range included), as it arrives. */
  volatile Consumer<String> onRequestLogged = entry -> {};

  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicInteger maxWaiting = new AtomicInteger();

  /** A proxy on a free loopback port forwarding to {@code upstreamPort} on loopback. */
  public FaultProxy(int upstreamPort) throws IOException {
    this.upstreamPort = upstreamPort;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::acceptLoop, "fault-proxy-accept");
    t.setDaemon(true);
    t.start();
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getLocalPort());
  }

  /** Each request forwarded or answered: {@code "GET /bucket/key range=bytes=0-99"}. */
  public List<String> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /** Makes every later request wait {@code millis} before it is forwarded. */
  public void latency(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("latency must not be negative: " + millis);
    }
    latencyMillis = millis;
  }

  /** Runs {@code hook} with each request as {@link #requests()} logs it, as it arrives. */
  public void onRequestLogged(Consumer<String> hook) {
    onRequestLogged = java.util.Objects.requireNonNull(hook, "hook");
  }

  /** The whole head (request line and headers) of each request, as the client sent it. */
  List<String> requestHeads() {
    synchronized (heads) {
      return List.copyOf(heads);
    }
  }

  /** The most requests that were waiting in the added latency at once. */
  int maxConcurrentRequests() {
    return maxWaiting.get();
  }

  void reset() {
    latencyMillis = 0;
    throttleNext.set(0);
    cutNext.set(0);
    stallNext.set(0);
    stripRange = false;
    retryAfterSeconds = 0;
    onRequest = line -> {};
    onRequestLogged = entry -> {};
    requests.clear();
    heads.clear();
    maxWaiting.set(0);
  }

  private void acceptLoop() {
    while (!closed) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
        sockets.add(client);
        sockets.add(upstream);
        Connection c = new Connection(client, upstream);
        start(c::requests, "fault-proxy-requests");
        start(c::responses, "fault-proxy-responses");
      } catch (IOException e) {
        if (!closed) {
          LOG.warn("fault proxy: accepting a connection failed", e);
        }
      }
    }
  }

  private static void start(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  private static boolean takeOne(AtomicInteger counter) {
    return counter.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
  }

  private final class Connection {
    private final Socket client;
    private final Socket upstream;
    private volatile Fault armed = Fault.NONE;
    private volatile long armedAtByte;
    private long responseBytes;

    Connection(Socket client, Socket upstream) {
      this.client = client;
      this.upstream = upstream;
    }

    void requests() {
      try (InputStream in = client.getInputStream(); OutputStream up = upstream.getOutputStream()) {
        while (true) {
          String head = readHead(in);
          if (head == null) {
            break;
          }
          String[] lines = head.split("\r\n");
          String range = header(lines, "range");
          String line = lines[0].substring(0, lines[0].lastIndexOf(' '));
          String entry = line + (range == null ? "" : " range=" + range);
          requests.add(entry);
          heads.add(head);
          onRequest.accept(line);
          onRequestLogged.accept(entry);
          delay();
          if (takeOne(throttleNext)) {
            answerSlowDown();
            continue;
          }
          long rangeLength = rangeLength(range);
          if (rangeLength >= faultMinRange && takeOne(cutNext)) {
            arm(Fault.CUT);
          } else if (rangeLength >= faultMinRange && takeOne(stallNext)) {
            arm(Fault.STALL);
          } else {
            arm(Fault.NONE);
          }
          StringBuilder out = new StringBuilder();
          for (String l : lines) {
            if (!(stripRange && l.toLowerCase(Locale.ROOT).startsWith("range:"))) {
              out.append(l).append("\r\n");
            }
          }
          out.append("\r\n");
          up.write(out.toString().getBytes(StandardCharsets.ISO_8859_1));
          String length = header(lines, "content-length");
          if (length != null) {
            copyExactly(in, up, Long.parseLong(length.trim()));
          }
          up.flush();
        }
      } catch (IOException e) {
        // the connection ended
      } finally {
        closeBoth();
      }
    }

    private void delay() {
      long ms = latencyMillis;
      int now = waiting.incrementAndGet();
      maxWaiting.accumulateAndGet(now, Math::max);
      try {
        if (ms > 0) {
          Thread.sleep(ms);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        waiting.decrementAndGet();
      }
    }

    private synchronized void arm(Fault f) {
      armed = f;
      armedAtByte = responseBytes;
    }

    private void answerSlowDown() throws IOException {
      String head = "HTTP/1.1 503 Slow Down\r\nContent-Type: application/xml\r\nContent-Length: "
          + SLOW_DOWN_BODY.length + "\r\nRetry-After: " + retryAfterSeconds + "\r\n\r\n";
      OutputStream out = client.getOutputStream();
      synchronized (this) {
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(SLOW_DOWN_BODY);
        out.flush();
      }
    }

    void responses() {
      byte[] buf = new byte[8192];
      try (InputStream in = upstream.getInputStream()) {
        OutputStream out = client.getOutputStream();
        while (true) {
          int n = in.read(buf);
          if (n < 0) {
            break;
          }
          int pass = n;
          Fault f;
          long limit;
          synchronized (this) {
            f = armed;
            limit = armedAtByte + faultAfterBytes;
            if (f != Fault.NONE && responseBytes + n > limit) {
              pass = (int) Math.max(0, limit - responseBytes);
            }
            out.write(buf, 0, pass);
            out.flush();
            responseBytes += pass;
          }
          if (pass < n) {
            if (f == Fault.CUT) {
              // the bytes passed on reach the client before the reset, as when a peer dies mid-body
              Thread.sleep(200);
              client.setSoLinger(true, 0);
              break;
            }
            while (!closed && !client.isClosed()) {
              Thread.sleep(20);  // stalled: the client has to give up
            }
            break;
          }
        }
      } catch (IOException e) {
        // the connection ended
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        closeBoth();
      }
    }

    private void closeBoth() {
      try {
        client.close();
      } catch (IOException ignored) {
        // closing anyway
      }
      try {
        upstream.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  private enum Fault { NONE, CUT, STALL }

  /** The request head up to the blank line, or {@code null} at the end of the stream. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
          ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String s = head.toString(StandardCharsets.ISO_8859_1);
    return s.substring(0, s.length() - 4);
  }

  private static String header(String[] lines, String name) {
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0 && lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name)) {
        return lines[i].substring(colon + 1).trim();
      }
    }
    return null;
  }

  /** The length a {@code bytes=a-b} range asks for; suffix ranges count as their length. */
  private static long rangeLength(String range) {
    if (range == null || !range.startsWith("bytes=")) {
      return -1;
    }
    String spec = range.substring(6);
    int dash = spec.indexOf('-');
    if (dash == 0) {
      return Long.parseLong(spec.substring(1));
    }
    if (dash < 0 || dash == spec.length() - 1) {
      return Long.MAX_VALUE;
    }
    return Long.parseLong(spec.substring(dash + 1)) - Long.parseLong(spec.substring(0, dash)) + 1;
  }

  /** Passes on exactly {@code length} bytes of a request body. */
  private static void copyExactly(InputStream in, OutputStream out, long length) throws IOException {
    byte[] buf = new byte[8192];
    while (length > 0) {
      int n = in.read(buf, 0, (int) Math.min(buf.length, length));
      if (n < 0) {
        throw new IOException("request body ended early");
      }
      out.write(buf, 0, n);
      length -= n;
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
  }
}
