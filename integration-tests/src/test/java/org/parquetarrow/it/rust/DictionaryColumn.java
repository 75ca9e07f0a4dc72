package org.parquetarrow.it.rust;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * One seeded dictionary&lt;int32, utf8&gt; column {@code d} (nulls included) as a root and its
 * dictionary provider, the form arrow-rs and our writer both take dictionary-typed columns in.
 *
 * <pre>{@code
 * try (DictionaryColumn c = DictionaryColumn.generate(seed, 300, allocator)) {
 *   Files.write(ipc, c.ipcStream());
 * }
 * }</pre>
 */
final class DictionaryColumn implements AutoCloseable {
  private static final String[] WORDS = {"alpha", "beta", "", "ζήτα", "漢字", "a somewhat longer dictionary word"};

  private final VarCharVector dictionary;
  private final VectorSchemaRoot root;
  private final DictionaryProvider.MapDictionaryProvider provider;

  private DictionaryColumn(VarCharVector dictionary, VectorSchemaRoot root, DictionaryProvider.MapDictionaryProvider provider) {
    this.dictionary = dictionary;
    this.root = root;
    this.provider = provider;
  }

  static DictionaryColumn generate(long seed, int rows, BufferAllocator allocator) {
    Random r = new Random(seed);
    DictionaryEncoding encoding = new DictionaryEncoding(7L, false, new ArrowType.Int(32, true));
    VarCharVector dictionary = new VarCharVector("d", allocator);
    try (VarCharVector plain = new VarCharVector("d", allocator)) {
      for (int i = 0; i < WORDS.length; i++) {
        dictionary.setSafe(i, WORDS[i].getBytes(StandardCharsets.UTF_8));
      }
      dictionary.setValueCount(WORDS.length);
      for (int i = 0; i < rows; i++) {
        if (r.nextInt(9) == 0) {
          plain.setNull(i);
        } else {
          plain.setSafe(i, WORDS[r.nextInt(WORDS.length)].getBytes(StandardCharsets.UTF_8));
        }
      }
      plain.setValueCount(rows);
      Dictionary d = new Dictionary(dictionary, encoding);
      FieldVector indices = (FieldVector) DictionaryEncoder.encode(plain, d);
      VectorSchemaRoot root = new VectorSchemaRoot(List.of(indices));
      root.setRowCount(rows);
      return new DictionaryColumn(dictionary, root, new DictionaryProvider.MapDictionaryProvider(d));
    } catch (RuntimeException e) {
      dictionary.close();
      throw e;
    }
  }

  VectorSchemaRoot root() {
    return root;
  }

  DictionaryProvider provider() {
    return provider;
  }

  /** The column as an Arrow IPC stream, its dictionary batch first. */
  byte[] ipcStream() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ArrowStreamWriter w = new ArrowStreamWriter(root, provider, bytes)) {
      w.start();
      w.writeBatch();
      w.end();
    }
    return bytes.toByteArray();
  }

  @Override
  public void close() {
    try (dictionary; root) {
      // closes both
    }
  }
}
