package org.parquetarrow.flight;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy whose connections can be cut at once, as when a client's machine or process
 * dies mid-call: the server sees the connection reset, not a polite cancel.
 */
final class CuttableProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  CuttableProxy(int targetPort) throws IOException {
    listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread accept = new Thread(() -> {
      while (!listener.isClosed()) {
        try {
          Socket client = listener.accept();
          Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
          sockets.add(client);
          sockets.add(server);
          pump(client, server);
          pump(server, client);
        } catch (IOException closed) {
          return;
        }
      }
    }, "cuttable-proxy-accept");
    accept.setDaemon(true);
    accept.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  private static void pump(Socket from, Socket to) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[64 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buf)) >= 0) {
          out.write(buf, 0, n);
        }
      } catch (IOException cut) {
        // one side is gone: so is the other
      }
      closeQuietly(to);
    }, "cuttable-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  /** Resets every connection (SO_LINGER 0: an RST, not a FIN). */
  void cut() {
    for (Socket s : sockets) {
      try {
        s.setSoLinger(true, 0);
      } catch (IOException ignored) {
        // already closed
      }
      closeQuietly(s);
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // closing is all that is asked
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    cut();
  }
}
