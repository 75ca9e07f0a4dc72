package org.parquetarrow.encoding.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the straight-line bit unpackers of core's {@code org.parquetarrow.encoding} package,
 * {@code IntBitUnpacker} (widths 0..32 into {@code int[]}) and {@code LongBitUnpacker} (0..64 into
 * {@code long[]}): for each width w and each of the 32 values k, the expression that gathers bits
 * {@code k*w .. k*w+w-1} from the 32-bit little-endian words holding them, shifted and masked.
 *
 * <p>It uses nothing but the JDK, so it runs straight from its source file. From the repository
 * root:
 *
 * <pre>{@code
 * bin/generate-unpackers
 * # which runs
 * java parquet-arrow-core/src/test/java/org/parquetarrow/encoding/gen/BitUnpackerGenerator.java \
 *     parquet-arrow-core/src/main/java/org/parquetarrow/encoding
 * }</pre>
 *
 * <p>{@code GeneratedSourcesUpToDateTest} fails when a checked-in unpacker differs from what this
 * class writes, so change this class and regenerate rather than editing the output.
 */
public final class BitUnpackerGenerator {
  /** Where the generated files live, relative to the repository root. */
  public static final String TARGET_DIR = "parquet-arrow-core/src/main/java/org/parquetarrow/encoding";

  private static final int VALUES = 32;
  private static final int WORD_BITS = 32;

  /** The two unpackers: the Java type they fill and the widths they take. */
  public enum Flavor {
    INT("IntBitUnpacker", "int", 32),
    LONG("LongBitUnpacker", "long", 64);

    private final String className;
    private final String valueType;
    private final int maxWidth;

    Flavor(String className, String valueType, int maxWidth) {
      this.className = className;
      this.valueType = valueType;
      this.maxWidth = maxWidth;
    }

    /** The generated file's name, e.g. {@code IntBitUnpacker.java}. */
    public String fileName() {
      return className + ".java";
    }
  }

  private BitUnpackerGenerator() {}

  /** Writes every generated file into {@code args[0]} (default {@link #TARGET_DIR}). */
  public static void main(String... args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : TARGET_DIR);
    for (Map.Entry<String, String> file : sources().entrySet()) {
      Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.US_ASCII);
    }
  }

  /** The generated files, file name to content, in a stable order. */
  public static Map<String, String> sources() {
    Map<String, String> files = new LinkedHashMap<>();
    for (Flavor flavor : Flavor.values()) {
      files.put(flavor.fileName(), source(flavor));
    }
    return files;
  }

  /** The whole source file of one unpacker. */
  public static String source(Flavor flavor) {
    StringBuilder out = new StringBuilder();
    out.append(header(flavor));
    out.append(dispatcher(flavor));
    out.append(zeroWidth(flavor));
    for (int width = 1; width <= flavor.maxWidth; width++) {
      out.append(widthMethod(flavor, width));
    }
    out.append("}\n");
    return out.toString();
  }

  private static String header(Flavor flavor) {
    return """
        package org.parquetarrow.encoding;

        import java.lang.invoke.MethodHandles;
        import java.lang.invoke.VarHandle;
        import java.nio.ByteOrder;

        /**
         * Unpacks 32 %1$s values of one bit width, packed little-endian and LSB first (the order of the
         * RLE / bit-packed hybrid and of DELTA_BINARY_PACKED miniblocks), from exactly {@code 4 * bitWidth}
         * bytes. One straight-line method per width: constant shifts and masks, no loop, no branch.
         *
         * <p>GENERATED, do not edit by hand. It is written by {@code BitUnpackerGenerator} (core's test
         * sources, package {@code org.parquetarrow.encoding.gen}) that, for each width w and each value k,
         * emits the 32-bit words holding bits {@code k*w .. k*w+w-1}, shifted and masked. To change it,
         * change the generator and run {@code bin/generate-unpackers}; {@code
         * GeneratedSourcesUpToDateTest} fails when this file differs from the generator's output, and
         * {@code BitPackingTest} checks every width against a bit-by-bit reference.
         */
        final class %2$s {
          private static final VarHandle INT_LE =
              MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

          private %2$s() {}

        """.formatted(flavor.valueType, flavor.className);
  }

  private static String dispatcher(Flavor flavor) {
    StringBuilder out = new StringBuilder();
    out.append("""
          /**
           * Unpacks 32 values of {@code bitWidth} (0..%1$d) bits from {@code in[inPos .. inPos + 4 * bitWidth)}
           * into {@code out[outPos .. outPos + 32)}. The caller has checked the bounds.
           */
          static void unpack32(byte[] in, int inPos, %2$s[] out, int outPos, int bitWidth) {
            switch (bitWidth) {
        """.formatted(flavor.maxWidth, flavor.valueType));
    for (int width = 0; width <= flavor.maxWidth; width++) {
      out.append("      case ").append(width).append(": unpack").append(width)
          .append("(in, inPos, out, outPos); break;\n");
    }
    out.append("""
              default: throw new IllegalArgumentException("bit width " + bitWidth);
            }
          }

        """);
    return out.toString();
  }

  private static String zeroWidth(Flavor flavor) {
    return """
          private static void unpack0(byte[] in, int p, %s[] out, int o) {
            java.util.Arrays.fill(out, o, o + 32, %s);
          }
        """.formatted(flavor.valueType, flavor == Flavor.LONG ? "0L" : "0");
  }

  /** One width: load the {@code width} words the 32 values span, then one assignment per value. */
  private static String widthMethod(Flavor flavor, int width) {
    StringBuilder out = new StringBuilder();
    out.append("\n  private static void unpack").append(width).append("(byte[] in, int p, ")
        .append(flavor.valueType).append("[] out, int o) {\n");
    for (int word = 0; word < width; word++) {
      out.append("    ").append(wordLoad(flavor, word)).append('\n');
    }
    for (int k = 0; k < VALUES; k++) {
      out.append("    out[o + ").append(k).append("] = ").append(value(flavor, width, k)).append(";\n");
    }
    out.append("  }\n");
    return out.toString();
  }

  private static String wordLoad(Flavor flavor, int word) {
    String load = "(int) INT_LE.get(in, p + " + (4 * word) + ")";
    // long words are zero-extended so that shifting them left never drags in sign bits
    return flavor == Flavor.LONG
        ? "final long w" + word + " = " + load + " & 0xffffffffL;"
        : "final int w" + word + " = " + load + ";";
  }

  /**
   * The expression for value {@code k}: the first word shifted right to the value's first bit, each
   * further word shifted left to where it continues the value, masked to {@code width} bits unless
   * the value ends on a word boundary (then the words hold no bits above it).
   */
  private static String value(Flavor flavor, int width, int k) {
    List<String> parts = parts(width, k);
    String joined = String.join(" | ", parts);
    boolean endsOnWordBoundary = ((k + 1) * width) % WORD_BITS == 0;
    // The two files were first written with slightly different parentheses (the long one keeps
    // them around a lone shifted word); kept so the output matches the files as they were.
    if (endsOnWordBoundary) {
      return flavor == Flavor.INT && parts.size() == 1 ? unparenthesised(joined) : joined;
    }
    String mask = mask(flavor, width);
    boolean bare = flavor == Flavor.INT ? parts.size() == 1 : joined.indexOf('(') < 0;
    return (bare ? joined : "(" + joined + ")") + " & " + mask;
  }

  /** The words holding bits {@code k*width .. k*width+width-1}, each shifted into place. */
  private static List<String> parts(int width, int k) {
    int first = k * width;
    int last = first + width - 1;
    int shift = first % WORD_BITS;
    List<String> parts = new ArrayList<>();
    int firstWord = first / WORD_BITS;
    parts.add(shift == 0 ? "w" + firstWord : "(w" + firstWord + " >>> " + shift + ")");
    for (int word = firstWord + 1; word <= last / WORD_BITS; word++) {
      parts.add("(w" + word + " << " + (word * WORD_BITS - first) + ")");
    }
    return parts;
  }

  private static String unparenthesised(String expression) {
    return expression.startsWith("(") ? expression.substring(1, expression.length() - 1) : expression;
  }

  private static String mask(Flavor flavor, int width) {
    long mask = width == 64 ? -1L : (1L << width) - 1;
    return "0x" + Long.toHexString(mask) + (flavor == Flavor.LONG ? "L" : "");
  }
}
