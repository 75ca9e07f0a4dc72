package org.parquetarrow.metadata;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.crypto.FooterDecryptor;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.InputFile;

/**
 * The located and decoded footer of a Parquet file.
 *
 * <p>A file is {@code PAR1}, the column chunks, the footer ({@code FileMetaData}), the footer's
 * length (4 bytes little-endian) and {@code PAR1} again. The last 64 KiB are fetched in one
 * positional read, so a typical footer costs that read plus a 4-byte read of the head magic (one
 * read in all for files up to 64 KiB); a longer footer costs one more read for the part before
 * the tail.
 *
 * <p>A file ending in {@code PARE} has an encrypted footer: read without
 * {@link FileDecryptionProperties} it raises a {@link ParquetCryptoException}, read with them its
 * footer is decrypted. A {@code PAR1} file whose footer names an encryption algorithm (plaintext
 * footer, encrypted columns) reads normally; given properties, its footer signature is verified.
 * Either way, with properties {@link #decryptor()} then decrypts the file's modules. Every error is
 * a {@link ParquetException} whose location names the file.
 *
 * <pre>{@code
 * try (InputFile in = LocalInputFile.open(Path.of("data.parquet"))) {
 *   ParquetFooter footer = ParquetFooter.read(in);
 *   long rows = footer.metadata().numRows();
 * }
 * }</pre>
 */
public final class ParquetFooter {
  /** How much of the file's end is fetched in the first read. */
  static final int TAIL_READ = 64 * 1024;

  private static final int MAGIC_PAR1 = 0x31524150; // "PAR1" read little-endian
  private static final int MAGIC_PARE = 0x45524150; // "PARE" read little-endian
  private static final int MAGIC_LENGTH = 4;
  /** Head magic, footer length and tail magic. */
  private static final int MIN_FILE_LENGTH = 12;

  private final String fileName;
  private final FileMetaData metadata;
  private final long footerOffset;
  private final int footerLength;
  private final FileDecryptor decryptor;
  private final WriterVersion writerVersion;

  private ParquetFooter(String fileName, FileMetaData metadata, long footerOffset, int footerLength,
      FileDecryptor decryptor) {
    this.fileName = fileName;
    this.metadata = metadata;
    this.footerOffset = footerOffset;
    this.footerLength = footerLength;
    this.decryptor = decryptor;
    this.writerVersion = WriterVersion.parse(metadata.createdBy());
  }

  public static ParquetFooter read(InputFile file) {
    return read(file, MetadataLimits.DEFAULT);
  }

  public static ParquetFooter read(InputFile file, MetadataLimits limits) {
    return read(file, limits, null);
  }

  /** Reads the footer of a file that may be encrypted, with the keys in {@code decryption}. */
  public static ParquetFooter read(InputFile file, FileDecryptionProperties decryption) {
    return read(file, MetadataLimits.DEFAULT, decryption);
  }

  /**
   * Reads the footer within {@code limits}, decrypting it or verifying its signature with
   * {@code decryption} when the file is encrypted ({@code null}: no keys).
   */
  public static ParquetFooter read(InputFile file, MetadataLimits limits, FileDecryptionProperties decryption) {
    return read(file, limits, decryption, ChunkDecoding.EAGER);
  }

  /**
   * As {@link #read(InputFile, MetadataLimits, FileDecryptionProperties)}, decoding the column
   * chunks of a plaintext footer when {@code chunks} says: a read that needs the chunks of only a
   * few columns of a wide file passes {@link ChunkDecoding#ON_FIRST_ACCESS}. Encrypted footers are
   * decoded {@link ChunkDecoding#EAGER eagerly} (their chunks are decrypted one by one anyway).
   *
   * <pre>{@code
   * ParquetFooter footer = ParquetFooter.read(in, MetadataLimits.DEFAULT, null, ChunkDecoding.ON_FIRST_ACCESS);
   * }</pre>
   */
  public static ParquetFooter read(InputFile file, MetadataLimits limits, FileDecryptionProperties decryption,
      ChunkDecoding chunks) {
    String name = file.name();
    ErrorLocation where = ErrorLocation.ofFile(name);
    try {
      return locateAndParse(file, name, limits, decryption == null ? null : decryption.forFile(name), chunks);
    } catch (ParquetException e) {
      throw e.locate(where);
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the footer of " + name + ": " + e.getMessage(), e)
          .locate(where);
    }
  }

  private static ParquetFooter locateAndParse(InputFile file, String name, MetadataLimits limits,
      FileDecryptionProperties decryption, ChunkDecoding chunks) throws IOException {
    long fileLength = file.length();
    if (fileLength < MIN_FILE_LENGTH) {
      throw new CorruptFileException("file of " + fileLength + " bytes is too short for Parquet,"
          + " which needs at least " + MIN_FILE_LENGTH + " (magic, footer length, magic)");
    }
    int tailLength = (int) Math.min(fileLength, TAIL_READ);
    long tailStart = fileLength - tailLength;
    ByteBuffer tail = file.read(tailStart, tailLength).order(ByteOrder.LITTLE_ENDIAN);

    int tailMagic = tail.getInt(tailLength - MAGIC_LENGTH);
    boolean encryptedFooter = tailMagic == MAGIC_PARE;
    if (encryptedFooter && decryption == null) {
      // the location added by read() names the file
      throw new ParquetCryptoException("encrypted file, decryption keys required");
    }
    if (!encryptedFooter && tailMagic != MAGIC_PAR1) {
      throw corruptAt("file does not end with the Parquet magic PAR1 but with "
          + describe(tail, tailLength - MAGIC_LENGTH), fileLength - MAGIC_LENGTH);
    }
    // A remote file would pay a whole request for these four bytes, so there only the trailing
    // magic is checked, as parquet-java, Arrow C++ and arrow-rs do everywhere.
    boolean checkHead = tailStart == 0 || file.locality() == InputFile.Locality.LOCAL;
    ByteBuffer head = !checkHead ? null
        : tailStart == 0 ? tail : file.read(0, MAGIC_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
    if (checkHead && head.getInt(0) != tailMagic) {
      throw corruptAt("file does not start with the Parquet magic " + (encryptedFooter ? "PARE" : "PAR1")
          + " but with " + describe(head, 0), 0);
    }

    int footerLength = tail.getInt(tailLength - 8);
    long lengthAt = fileLength - 8;
    if (footerLength <= 0) {
      throw corruptAt("footer length " + footerLength + " is not positive", lengthAt);
    }
    if (footerLength > fileLength - MIN_FILE_LENGTH) {
      throw corruptAt("footer length " + footerLength + " does not fit in a file of " + fileLength
          + " bytes", lengthAt);
    }
    long footerOffset = lengthAt - footerLength;

    ByteBuffer footer = footerBytes(file, tail, tailStart, footerOffset, footerLength);
    if (encryptedFooter) {
      FooterDecryptor.DecryptedFooter d = FooterDecryptor.decrypt(name, footer, decryption, limits);
      return new ParquetFooter(name, d.metadata(), footerOffset, footerLength, d.decryptor());
    }
    ByteBuffer signed = footer.duplicate();
    FileMetaData metadata = MetadataReader.readFileMetaData(footer, limits, footerOffset, chunks);
    FileDecryptor decryptor = decryption == null || metadata.encryptionAlgorithm() == null ? null
        : FooterDecryptor.verifyPlaintextFooter(name, signed, metadata, decryption, limits);
    return new ParquetFooter(name, metadata, footerOffset, footerLength, decryptor);
  }

  /**
   * The footer's bytes: a view of the tail when it holds them all, otherwise the tail's part of
   * the footer plus one read of the part before it.
   */
  private static ByteBuffer footerBytes(
      InputFile file, ByteBuffer tail, long tailStart, long footerOffset, int footerLength)
      throws IOException {
    if (footerOffset >= tailStart) {
      int from = (int) (footerOffset - tailStart);
      return tail.duplicate().position(from).limit(from + footerLength);
    }
    byte[] bytes = new byte[footerLength];
    int missing = (int) (tailStart - footerOffset);
    file.readFully(footerOffset, ByteBuffer.wrap(bytes, 0, missing));
    tail.get(0, bytes, missing, footerLength - missing);
    return ByteBuffer.wrap(bytes);
  }

  private static CorruptFileException corruptAt(String problem, long offset) {
    return new CorruptFileException(problem, ErrorLocation.UNKNOWN.withOffset(offset), null);
  }

  /** The four bytes at {@code at}, printable ones as text, the others in hex. */
  private static String describe(ByteBuffer buf, int at) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < MAGIC_LENGTH; i++) {
      int b = buf.get(at + i) & 0xff;
      if (b >= 0x20 && b < 0x7f && b != '"' && b != '\\') {
        sb.append((char) b);
      } else {
        sb.append(String.format("\\x%02x", b));
      }
    }
    return sb.append('"').toString();
  }

  /** The decoded footer. */
  public FileMetaData metadata() {
    return metadata;
  }

  /** Where the serialized footer starts in the file. */
  public long footerOffset() {
    return footerOffset;
  }

  /**
   * The footer length stored in the file. In plaintext-footer encrypted files it also covers the
   * 28-byte signature after the {@code FileMetaData}.
   */
  public int footerLength() {
    return footerLength;
  }

  /**
   * The decryption state of an encrypted file read with {@link FileDecryptionProperties}; {@code
   * null} for unencrypted files and for files read without properties.
   */
  public FileDecryptor decryptor() {
    return decryptor;
  }

  /**
   * The writer of the file, parsed once from the footer's {@code created_by}: the key of the
   * reader's workarounds for known writer bugs (statistics, dictionary page offsets).
   *
   * <pre>{@code
   * boolean oldParquetMr = footer.writerVersion().isBefore("parquet-mr", 1, 10, 0);
   * }</pre>
   */
  public WriterVersion writerVersion() {
    return writerVersion;
  }

  /** The name of the file, as its {@link InputFile} gives it. */
  public String fileName() {
    return fileName;
  }

  @Override
  public String toString() {
    return "ParquetFooter[" + fileName + ", offset " + footerOffset + ", " + footerLength + " bytes]";
  }
}
