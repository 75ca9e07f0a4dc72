package org.parquetarrow.read.page;

import java.nio.ByteBuffer;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;

/**
 * The encrypted modules of one column chunk's pages: decrypts page headers and bodies with the
 * page ordinals their AADs need, and tells which of the two layouts an encrypted v2 data page has.
 *
 * <p>Ordinals: the dictionary page's modules have none ({@code -1}); data pages count 0, 1, 2, …
 * in chunk order, or take their offset index entry when read through it. A v2 page is either one
 * module of the whole body (Arrow C++, Rust, the spec) or the level sections in plaintext followed
 * by a module of the values (parquet-java): the module length stored at the start of the body, or
 * after the level sections, tells which, as it must span the rest of the page exactly.
 */
final class PageDecryption {
  private static final byte[] NO_BYTES = new byte[0];

  /** Where an encrypted v2 data page's module starts. */
  enum V2Layout {
    /** The whole body is one module, level sections included. */
    WHOLE_BODY,
    /** The level sections are plaintext; the values after them are one module. */
    VALUES_ONLY
  }

  private final ColumnDecryptor decryptor;
  /** Whether the chunk's metadata names a dictionary page, so the first page must be it. */
  private final boolean expectDictionary;
  /** Data page headers decrypted so far (the page ordinal of the AADs when reading in sequence). */
  private int dataPages;
  /** The page ordinal of the modules of the page being read. */
  private int modulePage;
  /** Decrypted data page bodies, reused from page to page. */
  private byte[] plainScratch = NO_BYTES;

  PageDecryption(ColumnDecryptor decryptor, boolean expectDictionary) {
    this.decryptor = decryptor;
    this.expectDictionary = expectDictionary;
  }

  /**
   * Decrypts the page header module at {@code view}'s position and moves past it. The module type
   * is chosen before the header is known: the chunk's first page is its dictionary page when the
   * metadata names one; a wrong guess fails authentication rather than giving garbage.
   *
   * @param listed the page's offset index entry, or -1 when reading in sequence
   * @param beforeAnyPage whether no dictionary or data page was read yet
   */
  PageHeader header(ByteBuffer view, int listed, boolean beforeAnyPage) {
    boolean dictionary = listed < 0 && expectDictionary && beforeAnyPage;
    ModuleType type = dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER;
    modulePage = dictionary ? -1 : listed >= 0 ? listed : dataPages++;
    ByteBuffer plain = decryptor.decrypt(type, view, modulePage);
    PageHeader header = MetadataReader.readPageHeader(plain);
    if (dictionary != (header.type() == PageType.DICTIONARY_PAGE)) {
      throw new CorruptFileException("a " + type.label() + " module holds a " + header.type() + " header");
    }
    return header;
  }

  /**
   * Decrypts the module of exactly {@code length} bytes at {@code buf[at]}, of the page whose
   * header was decrypted last, into a fresh array when {@code own}, else into the reused plaintext
   * buffer.
   */
  ByteSlice body(ModuleType type, byte[] buf, int at, int length, boolean own) {
    ByteBuffer src = ByteBuffer.wrap(buf, at, length);
    int module = decryptor.moduleLength(type, src);
    if (module != length) {
      throw new CorruptFileException("encrypted " + type.label() + " module takes " + module
          + " bytes, its page header says " + length);
    }
    byte[] target = own ? new byte[length] : plainBuffer(length);
    int plain = decryptor.decrypt(type, src, modulePage, ByteBuffer.wrap(target));
    return new ByteSlice(target, 0, plain);
  }

  /**
   * The layout of the encrypted v2 page whose {@code compressed} stored bytes start at {@code
   * buf[body]}, {@code levels} of them level sections; {@code end} bounds the bytes present.
   *
   * @throws CorruptFileException if neither layout fits
   */
  static V2Layout v2Layout(byte[] buf, int body, int end, int compressed, int levels) {
    if (levels == 0 || storedModuleLength(buf, body, end) == compressed) {
      return V2Layout.WHOLE_BODY;
    }
    if (storedModuleLength(buf, body + levels, end) == compressed - levels) {
      return V2Layout.VALUES_ONLY;
    }
    throw new CorruptFileException("encrypted v2 page of " + compressed
        + " bytes holds neither one module nor " + levels + " level bytes and a module of the values");
  }

  /** Drops the reused plaintext buffer. */
  void close() {
    plainScratch = NO_BYTES;
  }

  /** The module length stored at {@code at} plus its length field, or -1 if it does not fit. */
  private static int storedModuleLength(byte[] buf, int at, int end) {
    if (end - at < 4) {
      return -1;
    }
    long length = (buf[at] & 0xffL) | (buf[at + 1] & 0xffL) << 8 | (buf[at + 2] & 0xffL) << 16
        | (buf[at + 3] & 0xffL) << 24;
    return length > end - at - 4 ? -1 : (int) length + 4;
  }

  private byte[] plainBuffer(int length) {
    if (plainScratch.length < length) {
      plainScratch = new byte[(int) Math.max(length, Math.min(Integer.MAX_VALUE - 8, plainScratch.length * 3L / 2))];
    }
    return plainScratch;
  }
}
