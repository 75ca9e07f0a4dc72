package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code from-arrow} encrypts with the key options, and every reading command takes the same keys
 * back: the encrypted file reads exactly as the same data written in plaintext; a wrong or
 * missing key exits with 2 and one line naming what is wrong.
 */
class EncryptionOptionsTest {
  private static final String FOOTER_KEY = "0123456789012345";
  private static final String NAME_KEY = "1234567890123450";
  @TempDir Path dir;

  private Path arrow() throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 3000, 1000);
    return arrow;
  }

  /** Writes the Arrow file to Parquet with {@code options}; asserts success. */
  private Path fromArrow(Path arrow, String name, String... options) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("from-arrow", arrow.toString(), out.toString(), "--bloom", "name",
        "--row-group-rows", "1000"));
    args.addAll(List.of(options));
    Cli w = Cli.run(args.toArray(String[]::new));
    assertEquals(0, w.exit(), w.err());
    return out;
  }

  private static Cli run(String command, Path file, List<String> keys, String... more) {
    List<String> args = new ArrayList<>(List.of(command, file.toString()));
    args.addAll(List.of(more));
    args.addAll(keys);
    return Cli.run(args.toArray(String[]::new));
  }

  private static void assertOneLineFailure(Cli r, String... words) {
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    for (String w : words) {
      assertTrue(r.err().contains(w), "'" + w + "' missing from: " + r.err());
    }
  }

  @Test
  void everyReadingCommandTakesTheKeys() throws Exception {
    Path arrow = arrow();
    Path plain = fromArrow(arrow, "plain.parquet");
    for (String algorithm : List.of("gcm", "ctr")) {
      for (boolean plaintextFooter : new boolean[] {false, true}) {
        List<String> write = new ArrayList<>(List.of("--footer-key", FOOTER_KEY, "--column-key", "name:" + NAME_KEY,
            "--encryption-algorithm", algorithm, "--aad-prefix", "t1"));
        if (plaintextFooter) {
          write.add("--plaintext-footer");
        }
        Path enc = fromArrow(arrow, algorithm + plaintextFooter + ".parquet", write.toArray(String[]::new));
        byte[] bytes = Files.readAllBytes(enc);
        assertEquals(plaintextFooter ? "PAR1" : "PARE", new String(bytes, bytes.length - 4, 4, StandardCharsets.US_ASCII));
        List<String> keys = List.of("--footer-key", FOOTER_KEY, "--column-key", "name:" + NAME_KEY);

        Cli cat = run("cat", enc, keys, "--json");
        assertEquals(0, cat.exit(), cat.err());
        assertEquals(Cli.run("cat", plain.toString(), "--json").out(), cat.out());
        Cli head = run("head", enc, keys, "-n", "3");
        assertEquals(0, head.exit(), head.err());
        assertEquals(Cli.run("head", plain.toString(), "-n", "3").out(), head.out());
        Cli bloom = run("bloom", enc, keys, "--column", "name", "--value", "name-1234");
        assertEquals(0, bloom.exit(), bloom.err());
        assertEquals(Cli.run("bloom", plain.toString(), "--column", "name", "--value", "name-1234").out()
            .replace(plain.toString(), enc.toString()), bloom.out());
        Path back = dir.resolve("back.arrow");
        Cli toArrow = run("to-arrow", enc, keys, back.toString());
        assertEquals(0, toArrow.exit(), toArrow.err());
        assertTrue(Files.size(back) > 0);
        for (String command : List.of("schema", "meta", "pages")) {
          Cli r = run(command, enc, keys);
          assertEquals(0, r.exit(), command + ": " + r.err());
        }
        Path svg = dir.resolve("layout.svg");
        Cli layout = run("layout", enc, keys, "--svg", svg.toString());
        assertEquals(0, layout.exit(), layout.err());
        assertTrue(Files.readString(svg).contains("<svg"));
        Cli bench = run("bench", enc, keys, "--repeat", "1", "--warmup", "0", "--json");
        assertEquals(0, bench.exit(), bench.err());
        assertEquals(3000, bench.json().get("rows").asLong());
      }
    }
  }

  @Test
  void keysAsHexAndBase64() throws Exception {
    String hex = "hex:" + HexFormat.of().formatHex(FOOTER_KEY.getBytes(StandardCharsets.US_ASCII));
    String b64 = "base64:" + Base64.getEncoder().encodeToString(NAME_KEY.getBytes(StandardCharsets.US_ASCII));
    Path enc = fromArrow(arrow(), "f.parquet", "--footer-key", hex, "--column-key", "name:" + b64);
    // written with hex/base64, read with the same keys as ASCII
    Cli r = run("head", enc, List.of("--footer-key", FOOTER_KEY, "--column-key", "name:" + NAME_KEY), "-n", "2");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("name-1"), r.out());
  }

  @Test
  void wrongAndMissingKeysExitWithOneLine() throws Exception {
    Path enc = fromArrow(arrow(), "f.parquet", "--footer-key", FOOTER_KEY, "--column-key", "name:" + NAME_KEY);
    assertOneLineFailure(run("head", enc, List.of()), "decryption keys");
    assertOneLineFailure(run("cat", enc, List.of("--footer-key", "9999999999999999")), "footer");
    assertOneLineFailure(run("cat", enc, List.of("--footer-key", FOOTER_KEY)), "name");
    assertOneLineFailure(run("cat", enc, List.of("--footer-key", FOOTER_KEY, "--column-key", "name:" + FOOTER_KEY)),
        "name");
    assertOneLineFailure(run("cat", enc, List.of("--footer-key", "short")), "key");
    // the plaintext column alone reads with the footer key
    Cli id = run("cat", enc, List.of("--footer-key", FOOTER_KEY), "--columns", "id");
    assertEquals(0, id.exit(), id.err());
  }

  @Test
  void plaintextFooterFileWithoutKeys() throws Exception {
    Path enc = fromArrow(arrow(), "f.parquet", "--footer-key", FOOTER_KEY, "--column-key", "name:" + NAME_KEY,
        "--plaintext-footer");
    Cli id = run("cat", enc, List.of(), "--columns", "id");
    assertEquals(0, id.exit(), id.err());
    assertTrue(id.out().contains("2999"), id.out());
    assertOneLineFailure(run("cat", enc, List.of(), "--columns", "name"), "name");
  }

  @Test
  void badWriteOptionsExitWithOneLine() throws Exception {
    Path arrow = arrow();
    assertOneLineFailure(Cli.run("from-arrow", arrow.toString(), dir.resolve("a.parquet").toString(), "--column-key",
        "name:" + NAME_KEY), "--footer-key");
    assertOneLineFailure(Cli.run("from-arrow", arrow.toString(), dir.resolve("b.parquet").toString(), "--footer-key",
        "tooshort"), "key");
    assertOneLineFailure(Cli.run("from-arrow", arrow.toString(), dir.resolve("c.parquet").toString(), "--footer-key",
        FOOTER_KEY, "--column-key", "nmae:" + NAME_KEY), "nmae");
    assertFalse(Files.exists(dir.resolve("c.parquet")));
  }
}
