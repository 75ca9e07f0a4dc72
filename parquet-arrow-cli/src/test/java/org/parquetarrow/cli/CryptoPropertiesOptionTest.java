package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --crypto-properties FILE}: {@code from-arrow} encrypts through the key tools (parquet-java's
 * property names, the in-memory KMS's master keys as {@code parquet.encryption.key.list}), every
 * reading command, {@code scan} and {@code serve} read the result with a file naming only the KMS, equal to the
 * plaintext file; parquet-java's corpus file with external key material reads with its master
 * keys; a wrong master key, a missing key-material file and conflicting options each exit with 2
 * and one line naming the problem.
 */
class CryptoPropertiesOptionTest {
  private static final String KEY_LIST = "kf:" + b64("0123456789012345") + ", kc1:" + b64("1234567890123450")
      + ", kc2:" + b64("1234567890123451");
  @TempDir Path dir;

  private static String b64(String ascii) {
    return Base64.getEncoder().encodeToString(ascii.getBytes(StandardCharsets.US_ASCII));
  }

  private Path properties(String name, String keyList, String... more) throws Exception {
    List<String> lines = new ArrayList<>(List.of(
        "parquet.encryption.kms.client.class = org.apache.parquet.crypto.keytools.mocks.InMemoryKMS",
        "parquet.encryption.key.list = " + keyList));
    lines.addAll(List.of(more));
    Path p = dir.resolve(name);
    Files.write(p, lines);
    return p;
  }

  private Path writeEncrypted(Path arrow, Path out) throws Exception {
    Path writing = properties("write.properties", KEY_LIST,
        "parquet.encryption.footer.key = kf",
        "parquet.encryption.column.keys = kc1:name",
        "parquet.encryption.key.material.store.internally = false");
    Files.createDirectories(out.getParent());
    Cli w = Cli.run("from-arrow", arrow.toString(), out.toString(), "--bloom", "name", "--row-group-rows", "1000",
        "--crypto-properties", writing.toString());
    assertEquals(0, w.exit(), w.err());
    return out;
  }

  private static void assertOneLineFailure(Cli r, String... words) {
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    for (String w : words) {
      assertTrue(r.err().contains(w), "'" + w + "' missing from: " + r.err());
    }
  }

  @Test
  void writtenThroughTheKeyToolsReadsWithEveryCommand() throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 3000, 1000);
    Path plain = dir.resolve("plain/region=a/f.parquet");
    Files.createDirectories(plain.getParent());
    assertEquals(0, Cli.run("from-arrow", arrow.toString(), plain.toString(), "--bloom", "name",
        "--row-group-rows", "1000").exit());
    Path enc = writeEncrypted(arrow, dir.resolve("enc/region=a/f.parquet"));
    assertTrue(Files.exists(enc.resolveSibling("_KEY_MATERIAL_FOR_f.parquet.json")));
    byte[] bytes = Files.readAllBytes(enc);
    assertEquals("PARE", new String(bytes, bytes.length - 4, 4, StandardCharsets.US_ASCII));

    String reading = properties("read.properties", KEY_LIST).toString();
    for (List<String> command : List.of(List.of("cat", "--json"), List.of("head", "-n", "3"),
        List.of("bloom", "--column", "name", "--value", "name-1234"))) {
      List<String> args = new ArrayList<>(List.of(command.get(0), enc.toString()));
      args.addAll(command.subList(1, command.size()));
      args.addAll(List.of("--crypto-properties", reading));
      Cli r = Cli.run(args.toArray(String[]::new));
      assertEquals(0, r.exit(), command + ": " + r.err());
      List<String> plainArgs = new ArrayList<>(args.subList(0, args.size() - 2));
      plainArgs.set(1, plain.toString());
      assertEquals(Cli.run(plainArgs.toArray(String[]::new)).out().replace(plain.toString(), enc.toString()), r.out(),
          command.toString());
    }
    for (String command : List.of("schema", "meta", "pages")) {
      Cli r = Cli.run(command, enc.toString(), "--crypto-properties", reading);
      assertEquals(0, r.exit(), command + ": " + r.err());
    }
    Path back = dir.resolve("back.arrow");
    Cli toArrow = Cli.run("to-arrow", enc.toString(), back.toString(), "--crypto-properties", reading);
    assertEquals(0, toArrow.exit(), toArrow.err());
    Cli bench = Cli.run("bench", enc.toString(), "--repeat", "1", "--warmup", "0", "--json", "--crypto-properties", reading);
    assertEquals(0, bench.exit(), bench.err());
    assertEquals(3000, bench.json().get("rows").asLong());

    // scan discovers the dataset and skips the key-material file beside the data file
    Cli scanPlain = Cli.run("scan", dir.resolve("plain").toString(), "--filter", "name = 'name-1234'", "--json",
        "--threads", "1");
    Cli scanEnc = Cli.run("scan", dir.resolve("enc").toString(), "--filter", "name = 'name-1234'", "--json",
        "--threads", "1", "--crypto-properties", reading);
    assertEquals(0, scanEnc.exit(), scanEnc.err());
    assertEquals(scanPlain.out(), scanEnc.out());
  }

  @Test
  void serveDecryptsWithTheKeyTools() throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 3000, 1000);
    Path enc = writeEncrypted(arrow, dir.resolve("served/people/f.parquet"));
    CommandLine cl = ParquetArrowCommand.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    AtomicInteger exit = new AtomicInteger(-1);
    String reading = properties("serve.properties", KEY_LIST).toString();
    Thread serve = new Thread(() -> exit.set(cl.execute("serve", enc.getParent().toString(), "--port", "0",
        "--crypto-properties", reading)), "serve-under-test");
    serve.start();
    try {
      Pattern where = Pattern.compile("serving \\d+ datasets? on (grpc\\+tcp://[^ ]+:\\d+)");
      String location = null;
      for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); location == null;) {
        Matcher m = where.matcher(out.toString());
        if (m.find()) {
          location = m.group(1);
        } else {
          assertTrue(serve.isAlive() && System.nanoTime() < deadline, "serve did not start: " + err);
          Thread.sleep(20);
        }
      }
      Cli get = Cli.run("get", location, "people", "--out", dir.resolve("people.arrow").toString());
      assertEquals(0, get.exit(), get.err());
      assertTrue(get.out().startsWith("wrote 3000 rows"), get.out());
    } finally {
      serve.interrupt();
      serve.join(TimeUnit.SECONDS.toMillis(30));
    }
    assertEquals(0, exit.get(), err.toString());
  }

  @Test
  void parquetJavaFileWithExternalKeyMaterial() throws Exception {
    String file = Cli.corpus("data/external_key_material_java.parquet.encrypted");
    Cli r = Cli.run("cat", file, "--json", "--crypto-properties", properties("r.properties", KEY_LIST).toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(100, r.out().strip().lines().count(), r.out());
  }

  @Test
  void failuresExitWithOneLine() throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 3000, 1000);
    Path enc = writeEncrypted(arrow, dir.resolve("f.parquet"));
    String wrongKf = "kf:" + b64("9999999999999999") + ", kc1:" + b64("1234567890123450");
    assertOneLineFailure(Cli.run("cat", enc.toString(), "--crypto-properties",
        properties("wrong.properties", wrongKf).toString()), "master key 'kf'");
    assertOneLineFailure(Cli.run("cat", enc.toString(), "--crypto-properties",
        properties("r.properties", KEY_LIST).toString(), "--footer-key", "0123456789012345"), "--crypto-properties");
    assertOneLineFailure(Cli.run("cat", enc.toString(), "--crypto-properties", dir.resolve("none.properties").toString()),
        "none.properties");
    assertOneLineFailure(Cli.run("from-arrow", arrow.toString(), dir.resolve("g.parquet").toString(),
        "--crypto-properties", properties("nothing.properties", KEY_LIST).toString()), "names no master key");
    // a write that fails (no column 'nmae') leaves neither data file nor key material
    Path typo = properties("typo.properties", KEY_LIST, "parquet.encryption.footer.key = kf",
        "parquet.encryption.column.keys = kc1:nmae", "parquet.encryption.key.material.store.internally = false");
    assertOneLineFailure(Cli.run("from-arrow", arrow.toString(), dir.resolve("h.parquet").toString(),
        "--crypto-properties", typo.toString()), "nmae");
    assertFalse(Files.exists(dir.resolve("h.parquet")));
    assertFalse(Files.exists(dir.resolve("_KEY_MATERIAL_FOR_h.parquet.json")));
    Files.delete(dir.resolve("_KEY_MATERIAL_FOR_f.parquet.json"));
    Cli missing = Cli.run("cat", enc.toString(), "--crypto-properties", properties("r2.properties", KEY_LIST).toString());
    assertOneLineFailure(missing, "_KEY_MATERIAL_FOR_f.parquet.json", "missing");
    assertFalse(missing.err().contains(b64("0123456789012345")));
  }
}
